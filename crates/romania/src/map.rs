//! The map: the 20 cities, the 23 roads with their lengths in kilometres (Russell & Norvig,
//! *Artificial Intelligence: A Modern Approach*, Figure 3.1 of the 4th edition, 3.2 of the
//! 3rd), and each city's straight-line distance to Bucharest (Figure 3.16, 3.22 of the 3rd).

use std::fmt;

/// A city of the map. The variants are in alphabetical order of their names, so comparing
/// two cities compares their names, and `city as usize` is the city's index in [`City::ALL`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum City {
    /// Arad, the textbook's usual start.
    Arad,
    /// Bucharest, the goal of the textbook's examples and of the straight-line distances.
    Bucharest,
    /// Craiova.
    Craiova,
    /// Drobeta (Dobreta in the 3rd edition).
    Drobeta,
    /// Eforie.
    Eforie,
    /// Fagaras.
    Fagaras,
    /// Giurgiu.
    Giurgiu,
    /// Hirsova.
    Hirsova,
    /// Iasi.
    Iasi,
    /// Lugoj.
    Lugoj,
    /// Mehadia.
    Mehadia,
    /// Neamt.
    Neamt,
    /// Oradea.
    Oradea,
    /// Pitesti.
    Pitesti,
    /// Rimnicu Vilcea.
    RimnicuVilcea,
    /// Sibiu.
    Sibiu,
    /// Timisoara.
    Timisoara,
    /// Urziceni.
    Urziceni,
    /// Vaslui.
    Vaslui,
    /// Zerind.
    Zerind,
}

use City::*;

/// The roads of Figure 3.1: each once, as (city, city, kilometres). Roads go both ways.
pub const ROADS: [(City, City, u64); 23] = [
    (Arad, Zerind, 75),
    (Arad, Sibiu, 140),
    (Arad, Timisoara, 118),
    (Zerind, Oradea, 71),
    (Oradea, Sibiu, 151),
    (Timisoara, Lugoj, 111),
    (Lugoj, Mehadia, 70),
    (Mehadia, Drobeta, 75),
    (Drobeta, Craiova, 120),
    (Craiova, RimnicuVilcea, 146),
    (Craiova, Pitesti, 138),
    (Sibiu, Fagaras, 99),
    (Sibiu, RimnicuVilcea, 80),
    (RimnicuVilcea, Pitesti, 97),
    (Fagaras, Bucharest, 211),
    (Pitesti, Bucharest, 101),
    (Bucharest, Giurgiu, 90),
    (Bucharest, Urziceni, 85),
    (Urziceni, Hirsova, 98),
    (Hirsova, Eforie, 86),
    (Urziceni, Vaslui, 142),
    (Vaslui, Iasi, 92),
    (Iasi, Neamt, 87),
];

impl City {
    /// Every city, in alphabetical order.
    pub const ALL: [City; 20] = [
        Arad,
        Bucharest,
        Craiova,
        Drobeta,
        Eforie,
        Fagaras,
        Giurgiu,
        Hirsova,
        Iasi,
        Lugoj,
        Mehadia,
        Neamt,
        Oradea,
        Pitesti,
        RimnicuVilcea,
        Sibiu,
        Timisoara,
        Urziceni,
        Vaslui,
        Zerind,
    ];

    /// The city's name as the map writes it (`Rimnicu Vilcea`).
    pub fn name(self) -> &'static str {
        match self {
            Arad => "Arad",
            Bucharest => "Bucharest",
            Craiova => "Craiova",
            Drobeta => "Drobeta",
            Eforie => "Eforie",
            Fagaras => "Fagaras",
            Giurgiu => "Giurgiu",
            Hirsova => "Hirsova",
            Iasi => "Iasi",
            Lugoj => "Lugoj",
            Mehadia => "Mehadia",
            Neamt => "Neamt",
            Oradea => "Oradea",
            Pitesti => "Pitesti",
            RimnicuVilcea => "Rimnicu Vilcea",
            Sibiu => "Sibiu",
            Timisoara => "Timisoara",
            Urziceni => "Urziceni",
            Vaslui => "Vaslui",
            Zerind => "Zerind",
        }
    }

    /// The straight-line distance from this city to Bucharest, in kilometres (Figure 3.16).
    pub fn straight_line_to_bucharest(self) -> u64 {
        match self {
            Arad => 366,
            Bucharest => 0,
            Craiova => 160,
            Drobeta => 242,
            Eforie => 161,
            Fagaras => 176,
            Giurgiu => 77,
            Hirsova => 151,
            Iasi => 226,
            Lugoj => 244,
            Mehadia => 241,
            Neamt => 234,
            Oradea => 380,
            Pitesti => 100,
            RimnicuVilcea => 193,
            Sibiu => 253,
            Timisoara => 329,
            Urziceni => 80,
            Vaslui => 199,
            Zerind => 374,
        }
    }

    /// The length of the road between this city and `other`, if there is one.
    pub fn road_to(self, other: City) -> Option<u64> {
        ROADS.iter().find(|&&(a, b, _)| (a, b) == (self, other) || (b, a) == (self, other)).map(|&(_, _, km)| km)
    }

    /// The cities one road away, with the road's length, in alphabetical order of their names
    /// (the order the search considers them in).
    pub fn neighbours(self) -> impl Iterator<Item = (City, u64)> {
        City::ALL.into_iter().filter_map(move |other| self.road_to(other).map(|km| (other, km)))
    }

    /// Reads a city's name: any case, spaces around it ignored, and `-` or `_` (or several
    /// spaces) between the words of `Rimnicu Vilcea` taken as one space.
    ///
    /// ```
    /// use searchlab_romania::City;
    ///
    /// assert_eq!(City::parse(" arad "), Ok(City::Arad));
    /// assert_eq!(City::parse("rimnicu-vilcea"), Ok(City::RimnicuVilcea));
    /// assert!(City::parse("Paris").unwrap_err().to_string().contains("Arad, Bucharest, Craiova"));
    /// ```
    pub fn parse(text: &str) -> Result<City, CityError> {
        let words: Vec<String> = text
            .split(|c: char| c.is_whitespace() || c == '-' || c == '_')
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect();
        if words.is_empty() {
            return Err(CityError::Missing);
        }
        let wanted = words.join(" ");
        City::ALL
            .into_iter()
            .find(|city| city.name().to_lowercase() == wanted)
            .ok_or_else(|| CityError::Unknown(text.trim().chars().take(MAX_SHOWN).collect()))
    }
}

/// At most this many characters of an unknown name are repeated in a message.
const MAX_SHOWN: usize = 40;

impl fmt::Display for City {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A city is written as its name (`"Rimnicu Vilcea"`).
impl serde::Serialize for City {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// The names of every city, for messages: `Arad, Bucharest, …, Zerind`.
pub fn city_list() -> String {
    // A loop rather than `join` on the constant array: that one was unrolled and its length
    // checks took LLVM's constraint elimination 58 s, the whole release build of this crate.
    let mut list = String::new();
    for city in City::ALL {
        if !list.is_empty() {
            list.push_str(", ");
        }
        list.push_str(city.name());
    }
    list
}

/// Why a text is not a city of the map.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CityError {
    /// Nothing but spaces.
    #[error("no city given: name one of {}", city_list())]
    Missing,
    /// A name the map does not have (at most its first 40 characters).
    #[error("unknown city `{0}`: the cities are {list}", list = city_list())]
    Unknown(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_roads_are_23_between_20_cities_each_once() {
        assert_eq!(ROADS.len(), 23);
        for (i, &(a, b, km)) in ROADS.iter().enumerate() {
            assert_ne!(a, b);
            assert!(km > 0);
            let same = ROADS.iter().skip(i + 1).filter(|&&(c, d, _)| (c, d) == (a, b) || (c, d) == (b, a)).count();
            assert_eq!(same, 0, "{a}-{b} twice");
        }
        let mut names: Vec<&str> = City::ALL.map(City::name).to_vec();
        names.sort_unstable();
        assert_eq!(names, City::ALL.map(City::name), "ALL is in alphabetical order");
        assert!(City::ALL.iter().enumerate().all(|(i, &c)| c as usize == i));
    }

    #[test]
    fn roads_are_symmetric_and_neighbours_alphabetical() {
        let mut ends = 0;
        for a in City::ALL {
            let around: Vec<(City, u64)> = a.neighbours().collect();
            assert!(!around.is_empty(), "{a} has a road");
            assert!(around.windows(2).all(|w| w[0].0.name() < w[1].0.name()), "{a}: {around:?}");
            for (b, km) in around {
                assert_eq!(b.road_to(a), Some(km), "{a}-{b}");
                ends += 1;
            }
        }
        assert_eq!(ends, 2 * 23);
        let sibiu: Vec<&str> = City::Sibiu.neighbours().map(|(c, _)| c.name()).collect();
        assert_eq!(sibiu, ["Arad", "Fagaras", "Oradea", "Rimnicu Vilcea"]);
        assert_eq!(City::Pitesti.road_to(City::Bucharest), Some(101));
        assert_eq!(City::Arad.road_to(City::Bucharest), None);
    }

    #[test]
    fn names_parse_back_in_any_case() {
        for city in City::ALL {
            assert_eq!(City::parse(city.name()), Ok(city));
            assert_eq!(City::parse(&city.name().to_uppercase()), Ok(city));
            assert_eq!(City::parse(&format!("  {}\t", city.name().to_lowercase())), Ok(city));
        }
        assert_eq!(City::parse("RIMNICU_VILCEA"), Ok(City::RimnicuVilcea));
        assert_eq!(City::parse("Rimnicu   Vilcea"), Ok(City::RimnicuVilcea));
        assert_eq!(City::parse("  "), Err(CityError::Missing));
        assert_eq!(City::parse("RimnicuVilcea"), Err(CityError::Unknown("RimnicuVilcea".into())));
        let long = "x".repeat(500);
        let message = City::parse(&long).unwrap_err().to_string();
        assert!(message.len() < 300 && !message.contains('\n'), "{message}");
        assert_eq!(
            City::parse("Paris").unwrap_err().to_string(),
            "unknown city `Paris`: the cities are Arad, Bucharest, Craiova, Drobeta, Eforie, Fagaras, Giurgiu, \
             Hirsova, Iasi, Lugoj, Mehadia, Neamt, Oradea, Pitesti, Rimnicu Vilcea, Sibiu, Timisoara, Urziceni, \
             Vaslui, Zerind"
        );
    }
}
