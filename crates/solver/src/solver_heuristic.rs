//! How a solver's heuristic is put to use: built from the spec and the solver's tables
//! ([`Solver::with_heuristic`]), then handed to an IDA* search or asked for one board's estimate.

use super::*;

impl Solver {
    /// Builds the heuristic the spec names from the solver's tables and hands it to `user`.
    pub(super) fn with_heuristic<const N: usize, U: UseHeuristic<N>>(&self, user: U) -> Result<U::Out, SolverError> {
        let blank = self.goal.blank();
        Ok(match &self.spec {
            HeuristicSpec::Manhattan => user.with(&Manhattan::<N>::new(blank)),
            HeuristicSpec::LinearConflict => user.with(&LinearConflict::<N>::new(blank)),
            HeuristicSpec::Pdb { dual, bpmx, .. } => {
                let all: Vec<PdbTable<'_>> = self.databases.iter().map(LoadedPdb::table).collect();
                let parts = &self.parts;
                let main: usize = parts.iter().sum();
                let (tables, extra) = all.split_at(main);
                let name = &self.name;
                if parts.len() > 2 {
                    return Err(PdbError::WrongPartition(self.spec.name()).into());
                }
                if !self.zero.is_empty() {
                    let (a, b) =
                        split(&self.zero, parts[0], |t| ZeroAwarePdbHeuristic::<N>::new(t, self.reflect, name))?;
                    return Ok(with_parts(a, b, *bpmx, user));
                }
                if !self.direct.is_empty() {
                    let (a, b) =
                        split(&self.direct, parts[0], |t| DirectPdbHeuristic::<N>::new(t, self.reflect, name))?;
                    return Ok(with_parts(a, b, *bpmx, user));
                }
                if let [first, second] = parts[..] {
                    let (a, b) = tables.split_at(first);
                    let a = PdbHeuristic::<N>::new(a, self.reflect, name)?;
                    let b = PdbHeuristic::<N>::new(&b[..second], self.reflect, name)?;
                    return Ok(with_parts(a, Some(b), *bpmx, user));
                }
                if *dual {
                    let h = DualPdbHeuristic::<N>::new(tables, extra, self.reflect, name)?;
                    return Ok(with_parts(h, None, *bpmx, user));
                }
                with_parts(PdbHeuristic::<N>::new(tables, self.reflect, name)?, None, *bpmx, user)
            }
        })
    }
}

/// What is done with the heuristic a solver's spec names, once built: a search, or an estimate.
pub(super) trait UseHeuristic<const N: usize> {
    /// What it answers.
    type Out;
    /// Does it with `h`.
    fn with<H: Heuristic<N>>(self, h: &H) -> Self::Out
    where
        H::State: Sync;
}

/// An IDA* search of `board`: observed, parallel or plain.
pub(super) struct Search<'a, 'c, const N: usize, O> {
    pub(super) parallel: bool,
    pub(super) board: &'a LabelBoard<N>,
    pub(super) config: &'a IdaConfig<'c>,
    pub(super) observer: &'a mut O,
}

impl<const N: usize, O: IdaObserver> UseHeuristic<N> for Search<'_, '_, N, O> {
    type Out = IdaReport;

    fn with<H: Heuristic<N>>(self, h: &H) -> IdaReport
    where
        H::State: Sync,
    {
        if O::ENABLED {
            ida_star_observed(h, self.board, self.config, self.observer)
        } else if self.parallel {
            ida_star_parallel(h, self.board, self.config)
        } else {
            // Exactly the unobserved search (`ida_star` runs with the unit `NoIdaObserver`).
            ida_star(h, self.board, self.config)
        }
    }
}

/// The heuristic's value of one board.
pub(super) struct Estimate<'a, const N: usize>(pub(super) &'a LabelBoard<N>);

impl<const N: usize> UseHeuristic<N> for Estimate<'_, N> {
    type Out = u32;

    fn with<H: Heuristic<N>>(self, h: &H) -> u32 {
        h.value(&h.start(self.0))
    }
}

/// Hands `user` `a`, or the larger of `a` and `b`, with or without BPMX.
fn with_parts<H: Heuristic<N>, const N: usize, U: UseHeuristic<N>>(a: H, b: Option<H>, bpmx: bool, user: U) -> U::Out
where
    H::State: Sync,
{
    match (b, bpmx) {
        (None, false) => user.with(&a),
        (None, true) => user.with(&Bpmx(a)),
        (Some(b), false) => user.with(&Max(a, b)),
        (Some(b), true) => user.with(&Bpmx(Max(a, b))),
    }
}

/// The heuristics of one or two partitions whose tables are `tables` (the first `first` of them
/// the first partition's), made by `make`.
fn split<'t, T, H>(
    tables: &'t [T],
    first: usize,
    make: impl Fn(&[&'t T]) -> Result<H, PdbError>,
) -> Result<(H, Option<H>), PdbError> {
    let refs: Vec<&T> = tables.iter().collect();
    let (a, b) = refs.split_at(first.min(refs.len()));
    Ok((make(a)?, if b.is_empty() { None } else { Some(make(b)?) }))
}
