//! The strategy table: every path-search strategy of this crate as one row (its names, its
//! title, its frontier, whether it reads h, the parameters it takes and the function that runs
//! it). The enum [`Strategy`], [`Strategy::TABLE`] and [`search_with`]'s dispatch are all made
//! from these rows, so a strategy is its own file plus one row here; command lines, the
//! `--json` answers, the page's frontier sentences and Python read the row.

use crate::catalog::{Discipline, FrontierRule, PriorityOrder};
use crate::events::Observer;
use crate::{
    astar_search_with, beam_search_with, bidirectional_search_with, bidirectional_uniform_cost_search_with,
    breadth_first_search_with, depth_first_search_with, greedy_search_with, hill_climbing_with, ida_star_search_with,
    iterative_deepening_search_with, iterative_lengthening_search_with, recursive_best_first_search_with,
    uniform_cost_search_with, weighted_astar_search_with, Problem, SearchOptions, SearchResult,
};

/// A parameter of one strategy's own, beyond the rules every strategy reads
/// ([`SearchOptions`]): what command lines and Python accept for it only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StrategyParam {
    /// Weighted A*'s w ([`SearchOptions::weight`], `--weight`, `weight=`).
    Weight,
    /// Beam search's width ([`SearchOptions::beam_width`], `--width`, `width=`).
    Width,
}

impl StrategyParam {
    /// Its name as an option (`weight`, `width`).
    pub fn name(self) -> &'static str {
        match self {
            StrategyParam::Weight => "weight",
            StrategyParam::Width => "width",
        }
    }

    /// The names of the strategies that take it, in table order (`weighted-astar`).
    pub fn takers(self) -> Vec<&'static str> {
        Strategy::TABLE.iter().filter(|row| row.params.contains(&self)).map(|row| row.name).collect()
    }
}

/// One row of the strategy table: what every view knows of a strategy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StrategyRow {
    /// The strategy.
    pub strategy: Strategy,
    /// Its name on command lines and in Python (`bfs`, `astar`, `weighted-astar`).
    pub name: &'static str,
    /// Other spellings read as this one (`a*`).
    pub aliases: &'static [&'static str],
    /// A short name for people (`BFS`, `A*`).
    pub title: &'static str,
    /// How a `--json` answer's `algorithm` field names it (`Bfs`, `AStar`).
    pub json_name: &'static str,
    /// How its frontier hands out nodes.
    pub discipline: Discipline,
    /// What its frontier orders by (what a trace's `priority` holds).
    pub priority: PriorityOrder,
    /// Whether it reads the problem's heuristic.
    pub uses_heuristic: bool,
    /// The parameters of its own it takes.
    pub params: &'static [StrategyParam],
}

/// Makes [`Strategy`], [`Strategy::TABLE`], [`Strategy::ALL`] and [`search_with`] from the rows
/// below, so that no list of strategies is written twice.
macro_rules! strategy_table {
    ($(
        $(#[doc = $doc:expr])*
        $variant:ident => $run:ident {
            $name:literal $(| $alias:literal)*, $title:literal, json $json:literal,
            $discipline:ident by $priority:ident, h: $h:literal, params: [$($param:ident),*] $(,)?
        }
    ),* $(,)?) => {
        /// One of the search strategies of this crate: a row of [`Strategy::TABLE`].
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum Strategy {
            $($(#[doc = $doc])* $variant,)*
        }

        impl Strategy {
            /// The strategy table, in the enum's order.
            pub const TABLE: &'static [StrategyRow] = &[$(StrategyRow {
                strategy: Strategy::$variant,
                name: $name,
                aliases: &[$($alias),*],
                title: $title,
                json_name: $json,
                discipline: Discipline::$discipline,
                priority: PriorityOrder::$priority,
                uses_heuristic: $h,
                params: &[$(StrategyParam::$param),*],
            },)*];

            /// Every strategy, in a stable order (the table's).
            pub const ALL: [Strategy; Strategy::TABLE.len()] = [$(Strategy::$variant),*];
        }

        /// Runs `strategy` on `problem`, reporting every step to `observer`.
        ///
        /// # Example
        ///
        /// ```
        /// use searchlab_core::{search_with, NoObserver, Problem, SearchOptions, Strategy};
        /// # struct Line;
        /// # impl Problem for Line {
        /// #     type State = i32; type Action = i32; type Key = i32;
        /// #     fn initial_state(&self) -> i32 { 0 }
        /// #     fn successors(&self, s: &i32, out: &mut Vec<(i32, i32)>) { out.extend([(-1, s - 1), (1, s + 1)]); }
        /// #     fn is_goal(&self, s: &i32) -> bool { *s == 2 }
        /// #     fn key(&self, s: &i32) -> i32 { *s }
        /// #     fn heuristic(&self, s: &i32) -> u64 { (2 - s).unsigned_abs() as u64 }
        /// # }
        /// for strategy in [Strategy::BreadthFirst, Strategy::AStar] {
        ///     let result = search_with(&Line, strategy, &SearchOptions::default(), &mut NoObserver);
        ///     assert_eq!(result.solution().unwrap().len(), 2);
        /// }
        /// ```
        pub fn search_with<P, O>(
            problem: &P,
            strategy: Strategy,
            options: &SearchOptions,
            observer: &mut O,
        ) -> SearchResult<P>
        where
            P: Problem + ?Sized,
            O: Observer<P>,
        {
            match strategy {
                $(Strategy::$variant => $run(problem, options, observer),)*
            }
        }
    };
}

strategy_table! {
    /// [`crate::breadth_first_search`].
    BreadthFirst => breadth_first_search_with {
        "bfs", "BFS", json "Bfs", Queue by Depth, h: false, params: []
    },
    /// [`crate::depth_first_search`].
    DepthFirst => depth_first_search_with {
        "dfs", "DFS", json "Dfs", Stack by Depth, h: false, params: []
    },
    /// [`crate::iterative_deepening_search`].
    IterativeDeepening => iterative_deepening_search_with {
        "ids", "IDS", json "Ids", Stack by Depth, h: false, params: []
    },
    /// [`crate::greedy_search`].
    Greedy => greedy_search_with {
        "greedy", "Greedy", json "Greedy", Priority by Heuristic, h: true, params: []
    },
    /// [`crate::astar_search`].
    AStar => astar_search_with {
        "astar" | "a*", "A*", json "AStar", Priority by PathCostPlusHeuristic, h: true, params: []
    },
    /// [`crate::hill_climbing`].
    HillClimbing => hill_climbing_with {
        "hill" | "hill-climbing", "Hill-climbing", json "HillClimbing", Current by Heuristic, h: true, params: []
    },
    /// [`crate::uniform_cost_search`].
    UniformCost => uniform_cost_search_with {
        "ucs", "UCS", json "UniformCost", Priority by PathCost, h: false, params: []
    },
    /// [`crate::ida_star_search`].
    IdaStar => ida_star_search_with {
        "ida", "IDA*", json "IdaStar", Stack by PathCostPlusHeuristic, h: true, params: []
    },
    /// [`crate::weighted_astar_search`].
    WeightedAStar => weighted_astar_search_with {
        "weighted-astar", "Weighted A*", json "WeightedAStar", Priority by WeightedPathCostPlusHeuristic, h: true,
        params: [Weight]
    },
    /// [`crate::beam_search`].
    Beam => beam_search_with {
        "beam", "Beam", json "Beam", Priority by PathCostPlusHeuristic, h: true, params: [Width]
    },
    /// [`crate::bidirectional_search`].
    Bidirectional => bidirectional_search_with {
        "bidirectional", "Bidirectional BFS", json "Bidirectional", TwoWay by Depth, h: false, params: []
    },
    /// [`crate::bidirectional_uniform_cost_search`].
    BidirectionalUniformCost => bidirectional_uniform_cost_search_with {
        "bidirectional-ucs", "Bidirectional UCS", json "BidirectionalUniformCost", TwoWay by PathCost, h: false,
        params: []
    },
    /// [`crate::recursive_best_first_search`].
    RecursiveBestFirst => recursive_best_first_search_with {
        "rbfs", "RBFS", json "RecursiveBestFirst", Recursive by PathCostPlusHeuristic, h: true, params: []
    },
    /// [`crate::iterative_lengthening_search`].
    IterativeLengthening => iterative_lengthening_search_with {
        "ils" | "iterative-lengthening", "Iterative lengthening", json "IterativeLengthening", Stack by PathCost,
        h: false, params: []
    },
}

impl Strategy {
    /// This strategy's row of [`Strategy::TABLE`].
    pub fn row(self) -> &'static StrategyRow {
        // The table is made in the enum's order (the macro above), so the variant's index is
        // its row; `rows_follow_the_enum` checks it.
        &Strategy::TABLE[self as usize]
    }

    /// Its name on command lines and in Python (`bfs`, `astar`).
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// A short name for people (`BFS`, `A*`, …).
    pub fn title(self) -> &'static str {
        self.row().title
    }

    /// The textbook's rules for this strategy (AIMA 4th edition): graph search with the
    /// engine's defaults; a best-first search re-adds a cheaper path to a state still in the
    /// frontier, its old entry thrown away when selected (Figure 3.7,
    /// [`DuplicatePolicy::Reinsert`](crate::DuplicatePolicy::Reinsert)); iterative deepening and
    /// IDA* check only a node's own path for cycles (depth-limited search,
    /// [`DuplicatePolicy::CycleOnPath`](crate::DuplicatePolicy::CycleOnPath)), so they stay
    /// optimal with unit costs.
    ///
    /// ```
    /// use searchlab_core::{DuplicatePolicy, Strategy};
    /// assert_eq!(Strategy::AStar.textbook_options().duplicates, DuplicatePolicy::Reinsert);
    /// assert_eq!(Strategy::IterativeDeepening.textbook_options().duplicates, DuplicatePolicy::CycleOnPath);
    /// assert_eq!(Strategy::BreadthFirst.textbook_options().duplicates, DuplicatePolicy::SkipSeen);
    /// ```
    pub fn textbook_options(self) -> SearchOptions {
        let duplicates = match self {
            Strategy::IterativeDeepening | Strategy::IdaStar => crate::DuplicatePolicy::CycleOnPath,
            _ if self.row().discipline == Discipline::Priority => crate::DuplicatePolicy::Reinsert,
            _ => return SearchOptions::default(),
        };
        SearchOptions::default().with_duplicates(duplicates)
    }

    /// Whether the strategy uses the problem's heuristic.
    pub fn uses_heuristic(self) -> bool {
        self.row().uses_heuristic
    }

    /// Whether the strategy takes `param`.
    pub fn takes(self, param: StrategyParam) -> bool {
        self.row().params.contains(&param)
    }

    /// The frontier this strategy runs with under `options` (their tie rule).
    ///
    /// ```
    /// use searchlab_core::{SearchOptions, Strategy, TieBreak};
    /// let rule = Strategy::AStar.frontier(&SearchOptions::default().with_ties(TieBreak::FirstAdded));
    /// assert_eq!(
    ///     rule.to_string(),
    ///     "Frontier: a priority queue. Lowest f = g + h first; equal values: the earliest added."
    /// );
    /// ```
    pub fn frontier(self, options: &SearchOptions) -> FrontierRule {
        let row = self.row();
        FrontierRule { discipline: row.discipline, priority: row.priority, ties: options.ties }
    }

    /// The strategy a name or alias gives (any case, spaces around ignored).
    ///
    /// ```
    /// use searchlab_core::Strategy;
    /// assert_eq!(Strategy::named(" A* "), Some(Strategy::AStar));
    /// assert_eq!(Strategy::named("weighted-astar"), Some(Strategy::WeightedAStar));
    /// assert_eq!(Strategy::named("dijkstra"), None);
    /// ```
    pub fn named(name: &str) -> Option<Strategy> {
        let name = name.trim();
        let matches = |row: &&StrategyRow| {
            row.name.eq_ignore_ascii_case(name) || row.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
        };
        Strategy::TABLE.iter().find(matches).map(|row| row.strategy)
    }

    /// Every strategy's name, in table order.
    pub fn names() -> Vec<&'static str> {
        Strategy::TABLE.iter().map(|row| row.name).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TieBreak;

    #[test]
    fn rows_follow_the_enum() {
        for (i, row) in Strategy::TABLE.iter().enumerate() {
            assert_eq!(row.strategy as usize, i);
            assert_eq!(Strategy::ALL[i], row.strategy);
            assert_eq!(row.strategy.row(), row);
        }
    }

    #[test]
    fn names_and_aliases_are_unique_and_read_back() {
        let mut seen = std::collections::HashSet::new();
        for row in Strategy::TABLE {
            for name in std::iter::once(&row.name).chain(row.aliases) {
                assert!(seen.insert(name.to_ascii_lowercase()), "{name} twice");
                assert_eq!(Strategy::named(&name.to_ascii_uppercase()), Some(row.strategy));
            }
        }
        assert_eq!(StrategyParam::Weight.takers(), ["weighted-astar"]);
        assert_eq!(StrategyParam::Width.takers(), ["beam"]);
    }

    /// The textbook's classes (AIMA 4th edition, chapter 3): which strategies are informed.
    #[test]
    fn the_informed_strategies_are_the_books() {
        let informed: Vec<&str> = Strategy::TABLE.iter().filter(|r| r.uses_heuristic).map(|r| r.name).collect();
        assert_eq!(informed, ["greedy", "astar", "hill", "ida", "weighted-astar", "beam", "rbfs"]);
    }

    #[test]
    fn disciplines_and_priorities_follow_the_strategy() {
        let expected = [
            (Strategy::BreadthFirst, Discipline::Queue, "depth"),
            (Strategy::DepthFirst, Discipline::Stack, "depth"),
            (Strategy::IterativeDeepening, Discipline::Stack, "depth"),
            (Strategy::Greedy, Discipline::Priority, "h"),
            (Strategy::AStar, Discipline::Priority, "f = g + h"),
            (Strategy::HillClimbing, Discipline::Current, "h"),
            (Strategy::UniformCost, Discipline::Priority, "g"),
            (Strategy::IdaStar, Discipline::Stack, "f = g + h"),
            (Strategy::WeightedAStar, Discipline::Priority, "f = g + w·h"),
            (Strategy::Beam, Discipline::Priority, "f = g + h"),
            (Strategy::Bidirectional, Discipline::TwoWay, "depth"),
            (Strategy::BidirectionalUniformCost, Discipline::TwoWay, "g"),
            (Strategy::RecursiveBestFirst, Discipline::Recursive, "f = g + h"),
        ];
        for (strategy, discipline, priority) in expected {
            assert_eq!(strategy.row().discipline, discipline, "{strategy:?}");
            assert_eq!(strategy.row().priority.to_string(), priority);
            assert_eq!(serde_json::to_value(strategy.row().priority).unwrap(), priority);
        }
    }

    #[test]
    fn the_rule_serializes_its_three_fields_from_the_options() {
        let last = SearchOptions::default().with_ties(TieBreak::LastAdded);
        let rule = Strategy::Greedy.frontier(&last);
        assert_eq!(
            serde_json::to_value(rule).unwrap(),
            serde_json::json!({"discipline": "priority", "priority": "h", "ties": "last-added"})
        );
        assert_eq!(rule.to_string(), "Frontier: a priority queue. Lowest h first; equal values: the latest added.");
        let first = last.with_ties(TieBreak::FirstAdded);
        assert_eq!(serde_json::to_value(Strategy::BreadthFirst.frontier(&first)).unwrap()["ties"], "first-added");
        // Queues and stacks ignore ties: the sentence does not mention them.
        assert_eq!(Strategy::BreadthFirst.frontier(&first).to_string(), "Frontier: a queue (first in, first out).");
    }
}
