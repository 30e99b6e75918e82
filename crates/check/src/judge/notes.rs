//! The notes a failed test can carry that the report groups by: the kinds of failure that are
//! not a named rule (chance, format alone) and the search that found none.

/// The note for a program whose answer changes from run to run.
pub const CHANCE: &str = "the answer changes from run to run: ties broken by memory address or random numbers";

/// The note for a failed test that no combination explains.
pub(crate) const NOTHING_EXPLAINS: &str = "no combination of up to four named rules reproduces this output";

/// The note for a failed test whose values are right and whose format is not.
pub const FORMAT_ONLY: &str = "the values are the reference's: only the format differs";
