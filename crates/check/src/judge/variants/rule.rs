//! One named rule and the family it belongs to: its name, what it applies to, and the
//! change it makes to the reference's [`Config`].

use crate::cases::Puzzle;
use crate::judge::config::Config;

/// The puzzle a variant belongs to: the one [`Puzzle`] of the workspace's check crate,
/// under the name the variants' files use.
pub type PuzzleKind = Puzzle;

/// One named rule: one value a program gives one parameter of a [`Family`] instead of the
/// grader's.
#[derive(Debug, Clone, Copy)]
pub struct Variant {
    /// The name (`goal-on-generation`).
    pub name: &'static str,
    /// What a program following it does, in one line of plain words.
    pub line: &'static str,
    /// The puzzle.
    pub puzzle: PuzzleKind,
    /// The methods (`bfs`, …) or letters (`B`, …) it applies to.
    pub applies: &'static [&'static str],
    /// Where it cannot change the output (empty when it can anywhere it applies).
    pub cannot_show: &'static str,
    /// The change to the reference's config.
    pub apply: fn(&mut Config),
    /// Whether it can change an output alone; `false` for a rule that only shows beside
    /// another (a path rebuilt from an overwritten map needs a board pushed twice): the
    /// diagnosis then tries it only in combinations.
    pub shows_alone: bool,
}

impl Variant {
    /// Whether the variant applies to method or letter `to`.
    pub fn applies_to(&self, to: &str) -> bool {
        self.applies.iter().any(|a| a.eq_ignore_ascii_case(to))
    }
}

/// One parameter of a family: a knob of the reference, given as the values a program may
/// set it to instead of the grader's, each a named rule. Two values of one parameter never
/// combine (a program sets a knob once).
#[derive(Debug, Clone, Copy)]
pub struct Param {
    /// What the knob decides, in a few words ("where it is compared").
    pub what: &'static str,
    /// Its values other than the grader's.
    pub values: &'static [Variant],
}

/// A family of named rules: one decision every program of a puzzle makes (the goal test,
/// the tie rule, the limit, what is printed at an edge, …), the place in a program's code
/// where it is made, and its parameters. A program may break several families at once;
/// the diagnosis combines up to [`crate::MAX_COMBINATION`] rules.
#[derive(Debug, Clone, Copy)]
pub struct Family {
    /// The family's name ("limit counting").
    pub name: &'static str,
    /// Where in a program to look, in one line: what the grader does there.
    pub look_at: &'static str,
    /// Its parameters.
    pub params: &'static [Param],
}

impl Family {
    /// The family's rules, parameter by parameter.
    pub fn rules(&self) -> impl Iterator<Item = &'static Variant> {
        self.params.iter().flat_map(|p| p.values.iter())
    }
}

/// The config of `base` under every variant of `combination`, applied in order.
pub fn apply_all(base: &Config, combination: &[&Variant]) -> Config {
    let mut config = base.clone();
    for v in combination {
        (v.apply)(&mut config);
    }
    config
}
