//! Additive disjoint pattern databases (Korf & Felner 2002): patterns and partitions, the parallel
//! breadth-first builder, the checksummed file format and cache folder, the byte view the search
//! reads, and the heuristic (with reflection and dual lookups).

pub mod build;
pub mod build_regions;
mod built;
pub mod direct;
pub mod dual;
pub mod file;
mod header;
pub mod heuristic;
mod loaded;
mod masks;
pub mod partition_search;
pub mod pattern;
pub mod spot_check;
pub mod table;
pub mod zero_aware;
pub mod zero_file;

pub use build::{build, BuildProgress, Built};
pub use direct::{DirectLookup, DirectPdbHeuristic, DirectTable};
pub use dual::{dual_patterns, DualPdbHeuristic};
pub use file::{CacheEvent, Invalid, PdbCache};
pub use heuristic::{AdditivePdb, AdditiveState, CompactLookup, Lookup, PdbHeuristic, PdbState, TileMove};
pub use loaded::LoadedPdb;
pub use partition_search::{search as search_partitions, Boards, Candidate, SearchConfig, SearchResult};
pub use pattern::{Partition, Pattern};
pub use spot_check::{spot_check, Overestimate};
pub use table::{payload_len, PdbTable};
pub use zero_aware::{ZeroAwareLookup, ZeroAwarePdbHeuristic, ZeroAwareTable};
