//! Why a request names no registered puzzle, strategy or field, or no instance.

use searchlab_core::catalog::InstanceError;

use crate::names;

/// Why a run could not be recorded.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// No registered puzzle has this name.
    #[error("unknown puzzle `{name}`: use one of {}", names().join(", "))]
    UnknownPuzzle {
        /// The name asked for (at most 20 characters of it).
        name: String,
    },
    /// The puzzle has no strategy of this name.
    #[error("unknown strategy `{name}` for the {puzzle}: use one of {}", choices.join(", "))]
    UnknownStrategy {
        /// The name asked for (at most 20 characters of it).
        name: String,
        /// The puzzle's title.
        puzzle: &'static str,
        /// The names it offers.
        choices: Vec<&'static str>,
    },
    /// A field names nothing the puzzle reads.
    #[error("unknown field `{name}`: the {puzzle} reads {}", fields.join(", "))]
    UnknownField {
        /// The field (at most 20 characters of it).
        name: String,
        /// The puzzle's title.
        puzzle: &'static str,
        /// The fields it reads.
        fields: Vec<&'static str>,
    },
    /// The request asks for what the puzzle does not do: a setting out of its range, a local
    /// strategy it does not have, a trace of another instance; the reason in words.
    #[error("{0}")]
    Refused(String),
    /// The instance is malformed or unsolvable.
    #[error(transparent)]
    Instance(#[from] InstanceError),
}

/// At most 20 characters of a name a request gave, for a message.
pub(crate) fn shown(text: &str) -> String {
    text.chars().take(20).collect()
}
