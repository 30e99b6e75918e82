//! The diagnosis search: which named rules, alone or up to four together, make the
//! reference reproduce a program's output exactly.

use rayon::prelude::*;

use crate::judge::config::Config;
use crate::judge::variants::{apply_all, family_of, Variant};

/// Combinations are built from at most this many variants.
pub const MAX_COMBINATION: usize = 4;

/// Combinations of more variants than this are tried only for an output that no smaller
/// one explains (a fourth fault is rarer than a third, and its combinations the most).
const ALWAYS_TRIED: usize = 3;

/// Combinations run at once (on every core): small enough that few runs are made past a
/// combination that closes the search, large enough to keep the cores busy.
const CHUNK: usize = 64;

/// What the diagnosis found on one failed test.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Diagnosis {
    /// Every minimal combination (names joined by `+`, in registry order) under which the
    /// reference reproduces the program's output exactly.
    pub combinations: Vec<String>,
    /// The variants that change the reference's output on this test (the others are inert
    /// here and were skipped).
    pub active: Vec<&'static str>,
    /// Reference runs made.
    pub runs: usize,
}

/// Runs the reference (`run`) under `base` changed by every single variant, then by every
/// combination of up to [`MAX_COMBINATION`] non-inert variants, and keeps the minimal
/// combinations whose output `matches` the program's. `reference` is the output under
/// `base`; a variant whose output equals it is inert on this test.
pub fn diagnose<T: PartialEq>(
    base: &Config,
    variants: &[&'static Variant],
    reference: &T,
    run: impl Fn(&Config) -> T + Sync,
    matches: impl Fn(&T) -> bool + Sync,
) -> Diagnosis {
    let mut found = diagnose_each(base, variants, reference, run, &[&matches], false);
    let combinations = found.combinations.pop().unwrap_or_default();
    Diagnosis { combinations, active: found.active, runs: found.runs }
}

/// What [`diagnose_each`] found: the minimal combinations for each matcher.
pub(crate) struct EachDiagnosis {
    /// Per matcher, in order: its minimal combinations (`a+b`).
    pub(crate) combinations: Vec<Vec<String>>,
    /// The variants that change the reference's output on this test.
    pub(crate) active: Vec<&'static str>,
    /// Reference runs made.
    pub(crate) runs: usize,
}

/// [`diagnose`] for several matchers at once (each a part of the output, for a partial
/// explanation): every configuration is run once and tried against each matcher that has
/// no smaller combination yet. With `fallback`, the matchers after the first are its
/// fallbacks: from the first combination the first matcher takes on, they are tried no more
/// (the whole output explained, its parts need no explanation).
pub(crate) fn diagnose_each<T: PartialEq>(
    base: &Config,
    variants: &[&'static Variant],
    reference: &T,
    run: impl Fn(&Config) -> T + Sync,
    matchers: &[&(dyn Fn(&T) -> bool + Sync)],
    fallback: bool,
) -> EachDiagnosis {
    let mut runs = 0;
    let mut active: Vec<&'static Variant> = Vec::new();
    let mut found: Vec<Vec<Vec<usize>>> = vec![Vec::new(); matchers.len()];
    let mut inert: Vec<&'static Variant> = Vec::new();
    for v in variants {
        if !v.shows_alone {
            active.push(v); // inert alone by definition: tried beside the others only
            continue;
        }
        let out = run(&apply_all(base, &[v]));
        runs += 1;
        if out == *reference {
            inert.push(v);
            continue;
        }
        for (m, matches) in matchers.iter().enumerate() {
            if matches(&out) {
                found[m].push(vec![active.len()]);
            }
        }
        active.push(v);
    }
    // A rule inert alone may still matter beside a rule that only shows beside others (a
    // frontier holding a board twice changes no count, but the path an overwritten map gives).
    let beside: Vec<&'static Variant> = active.iter().copied().filter(|v| !v.shows_alone).collect();
    for w in inert {
        for b in &beside {
            runs += 1;
            if run(&apply_all(base, &[w, b])) != *reference {
                active.push(w);
                break;
            }
        }
    }
    let params: Vec<usize> = active.iter().map(|v| family_of(v).map_or(0, |(_, p)| p as *const _ as usize)).collect();
    let search = Combining { base, active: &active, params: &params, matchers, fallback };
    for size in 2..=MAX_COMBINATION.min(active.len()) {
        for chunk in combinations(active.len(), size).chunks(CHUNK) {
            runs += search.try_chunk(chunk, &run, &mut found);
        }
    }
    let name = |c: &Vec<usize>| c.iter().map(|&i| active[i].name).collect::<Vec<_>>().join("+");
    EachDiagnosis {
        combinations: found.iter().map(|f| f.iter().map(name).collect()).collect(),
        active: active.iter().map(|v| v.name).collect(),
        runs,
    }
}

/// The search over combinations of the active variants, one chunk of them at a time.
struct Combining<'a, T> {
    base: &'a Config,
    active: &'a [&'static Variant],
    /// Each active variant's parameter (0: none), so that no knob is set twice.
    params: &'a [usize],
    matchers: &'a [&'a (dyn Fn(&T) -> bool + Sync)],
    fallback: bool,
}

impl<T> Combining<'_, T> {
    /// Runs the reference under a chunk of consecutive combinations (of one size) at once on
    /// every core and adds its hits to `found`; the reference runs made. The chunk's matchers
    /// are those still open before it, and its hits are kept in order as if found one after
    /// another (one found at a size closes a matcher for the rest of it beyond
    /// [`ALWAYS_TRIED`], and the fallbacks).
    fn try_chunk(
        &self,
        chunk: &[Vec<usize>],
        run: &(impl Fn(&Config) -> T + Sync),
        found: &mut [Vec<Vec<usize>>],
    ) -> usize {
        let n = self.matchers.len();
        let todo: Vec<(&Vec<usize>, Vec<usize>, Config)> = chunk
            .iter()
            .filter_map(|combination| {
                let open = open_matchers(found, combination, n, self.fallback);
                if open.is_empty() || one_param_twice(combination, self.params) {
                    return None; // not minimal for any matcher, or one knob set twice
                }
                let chosen: Vec<&Variant> = combination.iter().map(|&i| self.active[i]).collect();
                let config = apply_all(self.base, &chosen);
                (!redundant(self.base, &chosen, &config)).then_some((combination, open, config))
            })
            .collect();
        let hits: Vec<Vec<usize>> = todo
            .par_iter()
            .map(|(_, open, config)| {
                let out = run(config);
                open.iter().copied().filter(|&m| (self.matchers[m])(&out)).collect()
            })
            .collect();
        for ((combination, _, _), hits) in todo.iter().zip(hits).filter(|(_, hits)| !hits.is_empty()) {
            let open = open_matchers(found, combination, n, self.fallback);
            for m in hits.into_iter().filter(|m| open.contains(m)) {
                found[m].push((*combination).clone());
            }
        }
        todo.len()
    }
}

/// The matchers a combination is tried against, given what each has `found`: those with no
/// smaller combination inside it, beyond [`ALWAYS_TRIED`] only those with none at all, and
/// with `fallback` the fallbacks only while the first has none.
fn open_matchers(found: &[Vec<Vec<usize>>], combination: &[usize], n: usize, fallback: bool) -> Vec<usize> {
    (0..n)
        .filter(|&m| combination.len() <= ALWAYS_TRIED || found[m].is_empty())
        .filter(|&m| !fallback || m == 0 || found[0].is_empty())
        .filter(|&m| !found[m].iter().any(|f| f.iter().all(|i| combination.contains(i))))
        .collect()
}

/// Whether two members of `combination` are values of one parameter (`params` holds each
/// active variant's parameter): a program sets each knob once.
fn one_param_twice(combination: &[usize], params: &[usize]) -> bool {
    combination
        .iter()
        .enumerate()
        .any(|(k, &i)| combination[k + 1..].iter().any(|&j| params[i] == params[j] && params[i] != 0))
}

/// Whether a combination's config equals that of the combination without one of its
/// members (two variants setting the same knob, the later one winning): nothing new to try.
fn redundant(base: &Config, chosen: &[&Variant], config: &Config) -> bool {
    let key = format!("{config:?}");
    (0..chosen.len()).any(|skip| {
        let rest: Vec<&Variant> = chosen.iter().enumerate().filter(|(i, _)| *i != skip).map(|(_, v)| *v).collect();
        format!("{:?}", apply_all(base, &rest)) == key
    })
}

/// Every `size`-subset of `0..n`, as increasing index lists, in lexicographic order.
fn combinations(n: usize, size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(size);
    fn extend(start: usize, n: usize, size: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if current.len() == size {
            out.push(current.clone());
            return;
        }
        for i in start..n {
            current.push(i);
            extend(i + 1, n, size, current, out);
            current.pop();
        }
    }
    extend(0, n, size, &mut current, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_core::Strategy;

    #[test]
    fn combinations_are_all_subsets() {
        assert_eq!(combinations(4, 2).len(), 6);
        assert_eq!(combinations(5, 3).len(), 10);
        assert_eq!(combinations(3, 3), vec![vec![0, 1, 2]]);
        assert!(combinations(2, 3).is_empty());
    }

    /// A toy reference whose output is the sum of the knobs it reads: each variant adds a
    /// distinct power of two, so exactly one combination matches any target.
    #[test]
    fn finds_the_minimal_combination_and_skips_inert_variants() {
        static VARIANTS: &[Variant] = &[
            Variant {
                name: "a",
                line: "",
                puzzle: crate::PuzzleKind::Npuzzle,
                applies: &["x"],
                cannot_show: "",
                apply: |c| c.options.expansion_limit = Some(1),
                shows_alone: true,
            },
            Variant {
                name: "b",
                line: "",
                puzzle: crate::PuzzleKind::Npuzzle,
                applies: &["x"],
                cannot_show: "",
                apply: |c| c.options.max_depth = Some(1),
                shows_alone: true,
            },
            Variant {
                name: "inert",
                line: "",
                puzzle: crate::PuzzleKind::Npuzzle,
                applies: &["x"],
                cannot_show: "",
                apply: |_| {},
                shows_alone: true,
            },
            Variant {
                name: "c",
                line: "",
                puzzle: crate::PuzzleKind::Npuzzle,
                applies: &["x"],
                cannot_show: "",
                apply: |c| c.options.node_limit = Some(1),
                shows_alone: true,
            },
        ];
        let run = |c: &Config| {
            u32::from(c.options.expansion_limit.is_some())
                + 2 * u32::from(c.options.max_depth.is_some())
                + 4 * u32::from(c.options.node_limit.is_some())
        };
        let base = Config::npuzzle(Strategy::BreadthFirst);
        let variants: Vec<&'static Variant> = VARIANTS.iter().collect();
        let d = diagnose(&base, &variants, &0, run, |out| *out == 5);
        assert_eq!(d.combinations, ["a+c"]);
        assert_eq!(d.active, ["a", "b", "c"]);
        assert_eq!(d.runs, 4 + 3); // a+b+c contains a+c: not tried
        let single = diagnose(&base, &variants, &0, run, |out| *out == 2);
        assert_eq!(single.combinations, ["b"]);
        let none = diagnose(&base, &variants, &0, run, |out| *out == 8);
        assert!(none.combinations.is_empty());
    }

    /// Four faults at once are found, and a rule that shows only beside others is tried in
    /// combinations without a run of its own.
    #[test]
    fn four_rules_and_a_rule_that_shows_only_beside_others() {
        const fn rule(name: &'static str, apply: fn(&mut Config), shows_alone: bool) -> Variant {
            let puzzle = crate::PuzzleKind::Npuzzle;
            Variant { name, line: "", puzzle, applies: &["x"], cannot_show: "", apply, shows_alone }
        }
        static VARIANTS: &[Variant] = &[
            rule("a", |c| c.options.expansion_limit = Some(1), true),
            rule("b", |c| c.options.max_depth = Some(1), true),
            rule("c", |c| c.options.node_limit = Some(1), true),
            rule("d", |c| c.options.beam_width = Some(1), true),
            rule("e", |c| c.action_ties = true, false),
            rule("f", |c| c.options.goal_test = searchlab_core::GoalTest::OnGeneration, true),
        ];
        // e adds 16 only when a is there too, 32 when f is: alone it changes nothing; f
        // changes nothing alone either.
        let run = |c: &Config| {
            let a = u32::from(c.options.expansion_limit.is_some());
            a + 2 * u32::from(c.options.max_depth.is_some())
                + 4 * u32::from(c.options.node_limit.is_some())
                + 8 * u32::from(c.options.beam_width.is_some())
                + 16 * a * u32::from(c.action_ties)
                + 32 * u32::from(c.action_ties && c.options.goal_test == searchlab_core::GoalTest::OnGeneration)
        };
        let base = Config::npuzzle(Strategy::BreadthFirst);
        let variants: Vec<&'static Variant> = VARIANTS.iter().collect();
        let four = diagnose(&base, &variants, &0, run, |out| *out == 15);
        assert_eq!(four.combinations, ["a+b+c+d"]);
        let beside = diagnose(&base, &variants, &0, run, |out| *out == 17);
        assert_eq!(beside.combinations, ["a+e"]);
        assert_eq!(beside.active, ["a", "b", "c", "d", "e", "f"]);
        // Five singles (e has no run of its own), f beside e, then pairs and threes of six.
        assert!(beside.runs <= 5 + 1 + 15 + 20, "{}", beside.runs);
        let inert_companion = diagnose(&base, &variants, &0, run, |out| *out == 32);
        assert_eq!(inert_companion.combinations, ["e+f"]);
    }

    #[test]
    fn two_values_of_one_parameter_never_combine() {
        // params: rule 0 and 2 share a knob; 0 marks a rule of no family.
        assert!(one_param_twice(&[0, 2], &[7, 8, 7]));
        assert!(!one_param_twice(&[0, 1], &[7, 8, 7]));
        assert!(!one_param_twice(&[0, 1], &[0, 0]));
    }
}
