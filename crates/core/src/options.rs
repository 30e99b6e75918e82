//! The knobs that make one search loop behave like each textbook (or grader) variant.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::weight::Weight;

/// When a node is checked against the goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GoalTest {
    /// When the node is removed from the frontier (textbook graph search; both course
    /// puzzles require it). The default.
    #[default]
    OnSelection,
    /// As soon as the node is generated (Russell & Norvig's BFS shortcut).
    OnGeneration,
}

/// How repeated states are detected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DuplicatePolicy {
    /// Tree search: every generated child enters the frontier; a node whose key was already
    /// expanded is discarded when it is selected (the 3-digit puzzle's rule).
    DiscardExpandedOnSelection,
    /// Graph search: a child whose key is already in the frontier or expanded is not added
    /// (the N-puzzle driver's rule), even if the new path to it is cheaper. The default.
    #[default]
    SkipSeen,
    /// Like [`DuplicatePolicy::SkipSeen`], but a cheaper path to a node still in the
    /// frontier replaces the old one (textbook A*'s decrease-key) and is reported as
    /// [`crate::Event::Improved`]. The node keeps its original insertion stamp for
    /// tie-breaking. Expanded nodes are never reopened.
    DecreaseKey,
    /// Like [`DuplicatePolicy::DecreaseKey`], but the cheaper path enters the frontier as a
    /// new node (a new insertion stamp) and the old entry is discarded when it is selected
    /// (the lazy "re-insert" of many heap-based programs).
    Reinsert,
    /// A child is skipped only when its key was already expanded; the frontier may hold
    /// duplicates, and a selected node whose key was already expanded is discarded.
    ExploredOnly,
    /// No duplicate detection at all: tree search, every child enters the frontier and
    /// every selected node is expanded.
    NoCheck,
    /// Like [`DuplicatePolicy::DiscardExpandedOnSelection`], but the first selected node
    /// whose key was already expanded ends the search as [`crate::Outcome::Exhausted`]
    /// (a program that `break`s where it meant `continue`).
    StopAtExpanded,
    /// A child whose key was already expanded is not added, and nothing is checked when a
    /// node is selected: a node that entered the frontier twice before its first expansion
    /// is expanded (and counted) again when its second copy is selected.
    SkipExpandedOnGeneration,
    /// A child whose key is on its own path, from the root to its parent, is not added (a
    /// cycle); nothing else is checked, so a state reached again by another path is searched
    /// again. The textbook's depth-limited search and iterative deepening (AIMA 4th ed.,
    /// Figure 3.12's `IS-CYCLE`): with unit step costs they stay optimal, where a set of
    /// states seen over a whole iteration can hide the shortest path behind a longer one.
    CycleOnPath,
}

impl DuplicatePolicy {
    /// Whether keys are recorded when a node is generated (frontier ∪ explored) rather than
    /// when it is expanded.
    pub(crate) fn marks_on_generation(self) -> bool {
        matches!(self, DuplicatePolicy::SkipSeen | DuplicatePolicy::DecreaseKey | DuplicatePolicy::Reinsert)
    }
}

/// What the expansion limit counts, and whether a goal selected at the limit still counts
/// as found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LimitCounting {
    /// Selected nodes; a goal selected as the last allowed node is found (the 3-digit
    /// puzzle's rule). The default.
    #[default]
    Selected,
    /// Selected nodes, but the limit is tested before the goal test, so a goal selected as
    /// the last allowed node is reported as the limit.
    GoalAtLimitFails,
    /// Selected nodes and nodes discarded on selection as duplicates.
    IncludingDiscarded,
}

/// Which of several frontier entries with equal priority is selected first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TieBreak {
    /// The most recently added (the 3-digit puzzle's rule).
    LastAdded,
    /// The earliest added (first-in, first-out; the N-puzzle driver's A*). The default.
    #[default]
    FirstAdded,
}

impl TieBreak {
    /// The stamp that orders equal priorities: lower first. Node ids are handed out in the
    /// order nodes are added, so the id itself (first added) or its mirror (last added).
    pub(crate) fn stamp(self, node: crate::events::NodeId) -> crate::events::NodeId {
        match self {
            TieBreak::FirstAdded => node,
            TieBreak::LastAdded => crate::events::NodeId::MAX - node,
        }
    }
}

/// What stops an IDS run that has not found a goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IdsTermination {
    /// Stop when an iteration was not cut off by its depth limit (the textbook rule).
    #[default]
    NoCutoff,
    /// Keep deepening until the expansion limit (the 3-digit puzzle's reading). Without
    /// an expansion limit this falls back to [`IdsTermination::NoCutoff`].
    UntilLimit,
}

/// What IDS remembers of earlier iterations (besides the expansion count).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IdsMemory {
    /// Nothing: each iteration starts with an empty expanded set (textbook, and the
    /// 3-digit puzzle's rule). The default.
    #[default]
    Fresh,
    /// One expanded set for the whole search: a node whose key was selected in an earlier
    /// iteration is discarded when selected again. The start, from which every iteration
    /// begins, is never discarded.
    KeepsExpanded,
    /// A node whose key was selected in an earlier iteration is selected, goal-tested and
    /// counted again but gets no children, as if it had used them up. The start is expanded
    /// afresh in every iteration.
    StaleChildren,
}

/// Options shared by every strategy.
///
/// Three rule sets are named:
///
/// | constructor | goal test | duplicates | ties | limits | IDS stops |
/// |---|---|---|---|---|---|
/// | [`SearchOptions::default`]: textbook graph search | on selection | [`DuplicatePolicy::SkipSeen`] | [`TieBreak::FirstAdded`] | none | after an iteration nothing cut off |
/// | [`SearchOptions::comp3308`]: the 3-digit puzzle's grader | on selection | [`DuplicatePolicy::DiscardExpandedOnSelection`] | [`TieBreak::LastAdded`] | 1000 selections | at the limit |
/// | [`SearchOptions::columbia_driver`]: the N-puzzle driver | on selection | [`DuplicatePolicy::SkipSeen`] | [`TieBreak::FirstAdded`] | none | after an iteration nothing cut off |
///
/// Adjust fields or use the `with_*` methods from there.
#[derive(Debug, Clone, Default)]
pub struct SearchOptions {
    /// When the goal test happens.
    pub goal_test: GoalTest,
    /// How duplicates are detected.
    pub duplicates: DuplicatePolicy,
    /// How ties among equal priorities are broken (best-first strategies and hill-climbing).
    pub ties: TieBreak,
    /// Stop after this many nodes have been selected for expansion (removed from the
    /// frontier and not discarded), unless the last of them is a goal. The 3-digit puzzle
    /// uses 1000.
    pub expansion_limit: Option<u64>,
    /// Stop before the search stores more than this many nodes: a memory bound. Whatever
    /// it says, a run stores at most `u32::MAX` nodes (see [`crate::NodeId`]).
    pub node_limit: Option<u64>,
    /// What the expansion limit counts.
    pub limit_counting: LimitCounting,
    /// Hill-climbing takes its first move even when no child is better than the start.
    pub hill_first_move_unchecked: bool,
    /// When IDS gives up.
    pub ids_termination: IdsTermination,
    /// What IDS carries from one iteration to the next.
    pub ids_memory: IdsMemory,
    /// Best-first strategies: a child whose priority is worse than that of every entry in a
    /// non-empty frontier (its siblings added before it included) is dropped instead of
    /// added (a sorted-list insertion without its "append at the end" case).
    pub drop_worst_children: bool,
    /// The deepest depth limit IDS tries (unbounded when `None`).
    pub max_depth: Option<u64>,
    /// Set to `true` from elsewhere (a Ctrl-C handler) to stop the search early.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Weighted A*: the weight of h (1 by default; the other strategies ignore it).
    pub weight: Weight,
    /// Beam search: the most nodes its frontier keeps ([`crate::DEFAULT_BEAM_WIDTH`] when
    /// `None`; the other strategies ignore it).
    pub beam_width: Option<u32>,
}

/// The most nodes the COMP3308 grader lets a search select.
pub const COMP3308_EXPANSION_LIMIT: u64 = 1000;

impl SearchOptions {
    /// The COMP3308 3-digit puzzle grader's rules: goal test on selection; tree search
    /// that discards a selected node whose key was already expanded (so a state may be
    /// expanded again under another key); the last added node wins ties; at most
    /// [`COMP3308_EXPANSION_LIMIT`] (1000) selected nodes; IDS keeps deepening until that
    /// limit ([`IdsTermination::UntilLimit`]).
    ///
    /// ```
    /// use searchlab_core::{DuplicatePolicy, SearchOptions, TieBreak};
    ///
    /// let rules = SearchOptions::comp3308();
    /// assert_eq!(rules.duplicates, DuplicatePolicy::DiscardExpandedOnSelection);
    /// assert_eq!((rules.ties, rules.expansion_limit), (TieBreak::LastAdded, Some(1000)));
    /// ```
    pub fn comp3308() -> Self {
        SearchOptions {
            goal_test: GoalTest::OnSelection,
            duplicates: DuplicatePolicy::DiscardExpandedOnSelection,
            ties: TieBreak::LastAdded,
            expansion_limit: Some(COMP3308_EXPANSION_LIMIT),
            limit_counting: LimitCounting::Selected,
            hill_first_move_unchecked: false,
            node_limit: None,
            ids_termination: IdsTermination::UntilLimit,
            ids_memory: IdsMemory::Fresh,
            drop_worst_children: false,
            max_depth: None,
            interrupt: None,
            weight: Weight::ONE,
            beam_width: None,
        }
    }

    /// The ColumbiaX N-puzzle driver's rules (`driver.py` of CSMM.101x / COMS W4701):
    /// graph search with the goal test on selection, children already in the frontier or
    /// explored skipped, first-added ties (the driver's A* is first-in first-out among
    /// equal f), no limits. Today the same rules as [`SearchOptions::default`], spelled out
    /// so that the driver keeps them whatever the default becomes.
    ///
    /// ```
    /// use searchlab_core::{DuplicatePolicy, SearchOptions, TieBreak};
    ///
    /// let rules = SearchOptions::columbia_driver();
    /// assert_eq!((rules.duplicates, rules.ties), (DuplicatePolicy::SkipSeen, TieBreak::FirstAdded));
    /// ```
    pub fn columbia_driver() -> Self {
        SearchOptions {
            goal_test: GoalTest::OnSelection,
            duplicates: DuplicatePolicy::SkipSeen,
            ties: TieBreak::FirstAdded,
            expansion_limit: None,
            limit_counting: LimitCounting::Selected,
            hill_first_move_unchecked: false,
            node_limit: None,
            ids_termination: IdsTermination::NoCutoff,
            ids_memory: IdsMemory::Fresh,
            drop_worst_children: false,
            max_depth: None,
            interrupt: None,
            weight: Weight::ONE,
            beam_width: None,
        }
    }

    /// Returns these options with the frontier width of beam search.
    pub fn with_beam_width(mut self, width: u32) -> Self {
        self.beam_width = Some(width);
        self
    }

    /// Returns these options with the weight of weighted A*.
    pub fn with_weight(mut self, weight: Weight) -> Self {
        self.weight = weight;
        self
    }

    /// Returns these options with an expansion limit.
    pub fn with_expansion_limit(mut self, limit: u64) -> Self {
        self.expansion_limit = Some(limit);
        self
    }

    /// Returns these options with a node limit.
    pub fn with_node_limit(mut self, limit: u64) -> Self {
        self.node_limit = Some(limit);
        self
    }

    /// Returns these options with another tie rule.
    pub fn with_ties(mut self, ties: TieBreak) -> Self {
        self.ties = ties;
        self
    }

    /// Returns these options with another duplicate policy.
    pub fn with_duplicates(mut self, duplicates: DuplicatePolicy) -> Self {
        self.duplicates = duplicates;
        self
    }

    /// Returns these options with another goal-test timing.
    pub fn with_goal_test(mut self, goal_test: GoalTest) -> Self {
        self.goal_test = goal_test;
        self
    }

    /// Returns these options with the deepest depth limit IDS tries.
    pub fn with_max_depth(mut self, depth: u64) -> Self {
        self.max_depth = Some(depth);
        self
    }

    /// Returns these options with an interrupt flag.
    pub fn with_interrupt(mut self, flag: Arc<AtomicBool>) -> Self {
        self.interrupt = Some(flag);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_textbook_graph_search() {
        let d = SearchOptions::default();
        assert_eq!(d.goal_test, GoalTest::OnSelection);
        assert_eq!(d.duplicates, DuplicatePolicy::SkipSeen);
        assert_eq!(d.ties, TieBreak::FirstAdded);
        assert_eq!((d.expansion_limit, d.node_limit, d.max_depth), (None, None, None));
        assert_eq!(d.ids_termination, IdsTermination::NoCutoff);
        assert_eq!((d.ids_memory, d.drop_worst_children), (IdsMemory::Fresh, false));
        assert!(d.interrupt.is_none());
    }

    #[test]
    fn named_rule_sets() {
        let c = SearchOptions::comp3308();
        assert_eq!(c.goal_test, GoalTest::OnSelection);
        assert_eq!(c.duplicates, DuplicatePolicy::DiscardExpandedOnSelection);
        assert_eq!(c.ties, TieBreak::LastAdded);
        assert_eq!(c.expansion_limit, Some(1000));
        assert_eq!(c.ids_termination, IdsTermination::UntilLimit);
        let n = SearchOptions::columbia_driver();
        assert_eq!(n.goal_test, GoalTest::OnSelection);
        assert_eq!(n.duplicates, DuplicatePolicy::SkipSeen);
        assert_eq!(n.ties, TieBreak::FirstAdded);
        assert_eq!((n.expansion_limit, n.node_limit), (None, None));
    }
}
