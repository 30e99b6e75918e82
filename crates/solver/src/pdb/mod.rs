//! Additive disjoint pattern databases (Korf & Felner 2002): patterns and partitions, the parallel
//! breadth-first builder, the checksummed file format and cache folder, and the heuristic.

pub mod build;
pub mod file;
pub mod heuristic;
pub mod pattern;

pub use build::{build, BuildProgress, Built};
pub use file::{CacheEvent, Invalid, LoadedPdb, PdbCache};
pub use heuristic::{PdbHeuristic, PdbTable};
pub use pattern::{Partition, Pattern};
