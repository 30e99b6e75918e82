//! The crate's typed errors, one enum per job.

use std::path::PathBuf;

/// Why a heuristic name was refused ([`crate::HeuristicSpec::parse`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeuristicError {
    /// Not a known heuristic name.
    #[error("unknown heuristic {0:?}: expected manhattan, manhattan-lc or pdb-<sizes> (e.g. pdb-7-8)")]
    Unknown(String),
    /// `pdb-` followed by something other than sizes.
    #[error("bad heuristic {0:?}: pattern sizes look like pdb-7-8 or pdb-6-6-3")]
    BadSizes(String),
}

/// A database build refused before it starts: its estimated peak memory is above the limit
/// ([`crate::pdb::PdbCache::with_memory_limit`]). Carried inside an `io::Error` of kind
/// `OutOfMemory`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "building the pattern database of the tiles with goal cells {pattern} needs about {bytes} bytes \
     ({entries} entries), more than the memory limit of {limit} bytes"
)]
pub struct BuildRefused {
    /// The pattern's cells, as displayed.
    pub pattern: String,
    /// Its entries.
    pub entries: u64,
    /// Estimated peak bytes of the build ([`crate::pdb::build::build_bytes`]).
    pub bytes: u64,
    /// The limit.
    pub limit: u64,
}

/// Why a pattern or a partition was refused ([`crate::pdb::Pattern::new`], [`crate::pdb::Partition::named`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    /// Empty or more than 12 tiles.
    #[error("a pattern holds 1 to 12 tiles")]
    TileCount,
    /// A cell off the board or the blank's goal cell.
    #[error("pattern cells must be on the board and not the blank's goal cell {blank_goal}")]
    BadCell {
        /// The blank's goal cell.
        blank_goal: u8,
    },
    /// Boards wider than 5.
    #[error("pattern databases support boards up to 5×5")]
    TooWide,
    /// More placements than a database rank (a `u32`) can number.
    #[error("a pattern of {tiles} tiles on a {width}×{width} board has {entries} placements: at most 4,294,967,296 can be numbered")]
    TooManyEntries {
        /// Tiles in the pattern.
        tiles: usize,
        /// The board's width.
        width: usize,
        /// Its placements, n!/(n-k)!.
        entries: u64,
    },
    /// A partition name that is not sizes joined by `-`.
    #[error("bad partition {0:?}: expected sizes like 7-8")]
    BadName(String),
    /// Sizes that do not add up to the board's tiles.
    #[error("partition {name} does not cover the {tiles} tiles of a {width}×{width} board")]
    NotCovering {
        /// The partition's name.
        name: String,
        /// Tiles on the board (without the blank).
        tiles: usize,
        /// The board's width.
        width: usize,
    },
}

/// Why pattern-database bytes or a set of databases were refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PdbError {
    /// Values above the true distance near the goal ([`crate::pdb::spot_check`]): the file
    /// passed its checksums but cannot be trusted.
    #[error(
        "pattern database {location} gives {value} on a board {moves} moves from the goal: its values are \
         wrong although its checksums pass; rebuild it with `searchlab pdb build --force`"
    )]
    Overestimates {
        /// The file (or the pattern, for a database built in memory).
        location: String,
        /// Moves of the random walk.
        moves: u32,
        /// The database's value after it.
        value: u32,
    },
    /// Bits per entry other than 4 or 8.
    #[error("{0} bits per entry: pattern databases store 4 or 8")]
    Bits(u8),
    /// The payload does not hold exactly the pattern's entries.
    #[error("database {pattern} has the wrong size: {got} bytes, expected {expected}")]
    Size {
        /// The pattern, as displayed.
        pattern: String,
        /// Expected payload bytes.
        expected: usize,
        /// Given payload bytes.
        got: usize,
    },
    /// No database given.
    #[error("no pattern databases given")]
    NoTables,
    /// A zero-aware table asked for a pattern too large for it (more than six tiles of the
    /// 24-puzzle) or with entries above 7.
    #[error("no zero-aware table for pattern {0}: at most 25^6 cell tuples and entries up to 7")]
    ZeroAware(String),
    /// More databases than the heuristic holds.
    #[error("at most {0} patterns")]
    TooMany(usize),
    /// Databases of another width or blank goal cell.
    #[error("databases for different boards or goals")]
    Mismatch,
    /// Two patterns share a tile.
    #[error("patterns overlap on tile {0}")]
    Overlap(u8),
    /// Reflection asked for a goal whose blank is off the diagonal.
    #[error("reflection needs the blank's goal cell on the main diagonal")]
    Reflection,
    /// The databases given are not those of the heuristic's partition.
    #[error("the databases given are not those of partition {0}")]
    WrongPartition(String),
}

/// Why a label board was refused ([`crate::LabelBoard::new`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LabelBoardError {
    /// Not `N` labels, or `N` is not a square board of width 2 to 15.
    #[error("expected {expected} labels of a square board, got {got}")]
    Length {
        /// `N`.
        expected: usize,
        /// Labels given.
        got: usize,
    },
    /// The labels are not `0..N` each once, or the blank label is not below `N`.
    #[error("labels must hold each of 0..{0} exactly once, the blank's among them")]
    NotPermutation(usize),
}

/// Why a benchmark file or id selection was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BenchmarkError {
    /// A line that does not parse.
    #[error("line {line}: {message}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A bad `--ids` selection.
    #[error("bad id selection {0:?}: expected e.g. 1-10,25")]
    Ids(String),
    /// A suite file without a board.
    #[error("no boards (one board per line, e.g. 1,2,0,3; # starts a comment)")]
    NoBoards,
    /// An id beyond the suite's last instance.
    #[error("id {id} is out of range: the suite's instances are 1..={max}")]
    IdOutOfRange {
        /// The first id out of range.
        id: usize,
        /// The suite's last id.
        max: usize,
    },
    /// An unknown suite name.
    #[error("unknown suite {0:?}: expected korf100 or korf50-24")]
    UnknownSuite(String),
}

/// Why a batch (`bench --jobs/--shard/--resume`) was refused or stopped.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// A `--shard` that is not `K/N` with 0 ≤ K < N.
    #[error("bad shard {0:?}: expected K/N with 0 <= K < N (0-based), e.g. 0/4")]
    Shard(String),
    /// A complete line of the resume file that is not a result.
    #[error("{} line {line}: {message}", path.display())]
    Resume {
        /// The resume file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// Reading or writing the resume file.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What failed.
        #[source]
        source: std::io::Error,
    },
    /// The solver failed.
    #[error(transparent)]
    Solver(#[from] SolverError),
    /// An instance's solution does not replay to the goal (a bug).
    #[error("instance {id}: the solution does not replay to the goal")]
    BadSolution {
        /// The instance's id.
        id: usize,
    },
    /// An instance cannot reach the goal.
    #[error("instance {id} is unsolvable (its parity differs from the goal's)")]
    Unsolvable {
        /// The instance's id.
        id: usize,
    },
}

/// Why the solver could not be set up or run.
#[derive(Debug, thiserror::Error)]
pub enum SolverError {
    /// The heuristic name.
    #[error(transparent)]
    Heuristic(#[from] HeuristicError),
    /// The heuristic's partition.
    #[error(transparent)]
    Pattern(#[from] PatternError),
    /// The databases.
    #[error(transparent)]
    Pdb(#[from] PdbError),
    /// Board widths the solver does not handle.
    #[error("{0}×{0} boards are not supported by the optimal solver (2×2 to 8×8)")]
    UnsupportedWidth(usize),
    /// Pattern databases asked for a board wider than 5.
    #[error("pattern databases are available for 2×2 to 5×5 boards; use manhattan-lc")]
    PdbTooWide,
    /// Start and goal of different widths.
    #[error("the goal is {goal}×{goal} but the board is {start}×{start}")]
    WidthMismatch {
        /// The start's width.
        start: usize,
        /// The goal's width.
        goal: usize,
    },
    /// Reading, building or writing the database cache.
    #[error("pattern database cache {}: {source}", dir.display())]
    Cache {
        /// The cache folder.
        dir: PathBuf,
        /// What failed.
        #[source]
        source: std::io::Error,
    },
}
