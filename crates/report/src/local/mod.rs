//! Local search's reports over the registry: each strategy's solved share and mean moves from
//! many random starts as a table and bars ([`share`]), and the same for each value of one
//! instance field, plotted against it ([`sweep`]).

pub mod share;
pub mod sweep;
