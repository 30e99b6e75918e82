//! One named rule: its name, what it applies to, and the change it makes to the reference's
//! [`Config`].

use crate::cases::Puzzle;
use crate::judge::config::Config;

/// The puzzle a variant belongs to: the one [`Puzzle`] of the workspace's check crate,
/// under the name the variants' files use.
pub type PuzzleKind = Puzzle;

/// One named rule.
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
}

impl Variant {
    /// Whether the variant applies to method or letter `to`.
    pub fn applies_to(&self, to: &str) -> bool {
        self.applies.iter().any(|a| a.eq_ignore_ascii_case(to))
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
