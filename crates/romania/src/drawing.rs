//! The map drawn: where each city sits, laid out after the book's Figure 3.1 (Oradea at the
//! top left, Neamt and Iasi top right, Drobeta and Craiova at the bottom, Eforie on the
//! coast), for the replay's map of the search.

use searchlab_core::catalog::{Place, Scene};

use crate::map::{City, ROADS};

/// The picture's width and height.
const SIZE: (u32, u32) = (620, 440);

/// Where `city` sits on the map picture, (across, down).
pub fn position(city: City) -> (u32, u32) {
    match city {
        City::Oradea => (95, 30),
        City::Zerind => (70, 90),
        City::Arad => (40, 155),
        City::Timisoara => (45, 265),
        City::Lugoj => (125, 305),
        City::Mehadia => (130, 355),
        City::Drobeta => (125, 410),
        City::Craiova => (235, 415),
        City::Sibiu => (175, 180),
        City::RimnicuVilcea => (200, 250),
        City::Fagaras => (295, 185),
        City::Pitesti => (305, 300),
        City::Bucharest => (395, 340),
        City::Giurgiu => (370, 410),
        City::Urziceni => (465, 305),
        City::Hirsova => (545, 305),
        City::Eforie => (580, 385),
        City::Vaslui => (515, 205),
        City::Iasi => (470, 120),
        City::Neamt => (385, 75),
    }
}

/// The map: every city at its [`position`], every road between two.
pub fn scene() -> Scene {
    let places = City::ALL
        .into_iter()
        .map(|city| {
            let (x, y) = position(city);
            Place { label: city.name().to_string(), x, y }
        })
        .collect();
    let links = ROADS.iter().map(|(a, b, _)| [a.name().to_string(), b.name().to_string()]).collect();
    let link_labels = ROADS.iter().map(|(_, _, km)| km.to_string()).collect();
    Scene { width: SIZE.0, height: SIZE.1, places, links, link_labels }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_city_has_its_own_place_inside_the_picture_and_every_road_is_drawn() {
        let scene = scene();
        assert_eq!((scene.places.len(), scene.links.len()), (20, 23));
        for (i, a) in scene.places.iter().enumerate() {
            assert!(a.x < scene.width && a.y < scene.height, "{}", a.label);
            for b in &scene.places[i + 1..] {
                let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
                assert!(dx * dx + dy * dy >= 40 * 40, "{} and {} overlap", a.label, b.label);
            }
        }
    }

    /// The picture keeps the map's shape: its distances follow the straight-line distances
    /// to Bucharest in order, roughly (the farthest third of the cities is farther on the
    /// picture than the nearest third).
    #[test]
    fn the_picture_keeps_the_maps_shape() {
        let from_bucharest = |c: City| {
            let ((x, y), (bx, by)) = (position(c), position(City::Bucharest));
            f64::from(x.abs_diff(bx)).hypot(f64::from(y.abs_diff(by)))
        };
        let mut cities: Vec<City> = City::ALL.into_iter().filter(|&c| c != City::Bucharest).collect();
        cities.sort_by_key(|c| c.straight_line_to_bucharest());
        let (near, far) = (&cities[..6], &cities[13..]);
        let nearest_far = far.iter().map(|&c| from_bucharest(c)).fold(f64::MAX, f64::min);
        assert!(near.iter().all(|&c| from_bucharest(c) < nearest_far));
    }
}
