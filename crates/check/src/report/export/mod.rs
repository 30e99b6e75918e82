//! Reports of a check in files other tools read: JUnit XML ([`Junit`]) and Gradescope's
//! `results.json` ([`Gradescope`]), one file per format behind the [`Exporter`] trait; and the
//! Gradescope autograder bundle that runs a check on each submission ([`write_bundle`], its
//! scripts in `gradescope_scripts.rs`, their quoting in `shell.rs`).
//!
//! Their input is the [`CheckReport`] that `check` makes, the shape of `searchlab check
//! --json`: the tests (name, method, input, passed, items, first divergence, variants) and a
//! summary.

mod gradescope;
mod gradescope_bundle;
mod gradescope_scripts;
mod junit;
mod shell;
mod xml;

pub use gradescope::{item_weight, test_points, Gradescope, DIGITS_LINE_WEIGHT, NPUZZLE_ITEM_WEIGHT};
pub use gradescope_bundle::{write_bundle, BundleCases, BundleError, BundleSpec, BundleSummary};
pub use gradescope_scripts::{
    run_autograder_script, setup_script, CheckLine, DEFAULT_AUTOGRADER_ROOT, DEFAULT_BIN_DIR, SUITE_FOLDER,
};
pub use junit::Junit;
pub use shell::{shell_quote, shell_words};
pub use xml::{escape_attribute, escape_text};

use std::path::Path;

pub use crate::{CheckReport, TestReport};

/// The first divergence in one line: the item, and for a list the index and neighbours.
///
/// ```
/// use searchlab_check::{export::describe_divergence, read_digits, score_digits, DigitsExpected};
/// let expected = DigitsExpected::from_text("320,220,210,110\n320,220,420,310,210,110\n").unwrap();
/// let score = score_digits(&read_digits("320,220,210,110\n320,220,310,420,210,110\n"), &expected);
/// let line = describe_divergence(score.first_divergence.as_ref().unwrap());
/// assert_eq!(line, "expanded: entry 3 is 310, expected 420 (expected 320,220,420,310,210,110; got 320,220,310,420,210,110)");
/// ```
pub fn describe_divergence(d: &crate::Divergence) -> String {
    let show = |v: Option<&str>| v.map_or_else(|| "missing".to_owned(), str::to_owned);
    match &d.at {
        Some(at) => {
            let window = |w: &[String], len: usize| {
                let head = if at.window_start > 0 { "…," } else { "" };
                let tail = if at.window_start + w.len() < len { ",…" } else { "" };
                format!("{head}{}{tail}", w.join(","))
            };
            let got = at.got.as_deref().map_or_else(|| "missing (the list ends)".to_owned(), str::to_owned);
            format!(
                "{}: entry {} is {got}, expected {} (expected {}; got {})",
                d.item,
                at.index + 1,
                at.expected.as_deref().map_or_else(|| "nothing (the list ends)".to_owned(), str::to_owned),
                window(&at.expected_window, at.expected_len),
                window(&at.got_window, at.got_len),
            )
        }
        None => format!("{}: got {}, expected {}", d.item, show(d.got.as_deref()), d.expected),
    }
}

/// Why an export could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// Serialising failed (a value JSON cannot hold).
    #[error("cannot write the {format} report: {reason}")]
    Render {
        /// The format.
        format: &'static str,
        /// Why.
        reason: String,
    },
    /// The file could not be written.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// The operating system's reason.
        #[source]
        source: std::io::Error,
    },
}

/// A file format for a [`CheckReport`].
pub trait Exporter {
    /// The format's name (`junit`, `gradescope`).
    fn name(&self) -> &'static str;

    /// The file's contents.
    fn render(&self, report: &CheckReport) -> Result<String, ExportError>;

    /// Renders and writes to `path`.
    fn write(&self, report: &CheckReport, path: &Path) -> Result<(), ExportError> {
        let text = self.render(report)?;
        searchlab_files::write_atomically(path, |w| w.write_all(text.as_bytes()))
            .map_err(|e| ExportError::Io { path: path.to_path_buf(), source: e.source })
    }
}

#[cfg(test)]
mod tests;
