//! The n-queens' registration for local search (`searchlab search queens hill --n 8`).

use searchlab_core::catalog::{Field, InstanceError, LocalPuzzle};

use crate::Queens;

/// The n-queens puzzle, registered for local search.
#[derive(Debug, Clone, Copy, Default)]
pub struct NQueens;

impl LocalPuzzle for NQueens {
    const NAME: &'static str = "queens";
    const TITLE: &'static str = "n-queens";
    const FIELDS: &'static [Field] = &[Field { name: "n", label: "Queens (n)", example: "8", per_run: false }];
    const VALUE: &'static str = "attacking pairs";
    type Problem = Queens;

    /// `--n` (8 when absent).
    fn problem(field: &dyn Fn(&str) -> String) -> Result<Queens, InstanceError> {
        let text = field("n");
        let text = if text.trim().is_empty() { "8".to_string() } else { text };
        let n = text.trim().parse::<usize>().map_err(|_| {
            InstanceError::Malformed(format!("--n {text}: the number of queens is a whole number").into())
        })?;
        Queens::new(n).map_err(|e| InstanceError::Malformed(Box::new(e)))
    }

    /// The rows, column by column (`4,5,6,3,4,5,6,5`; 0 is the top row).
    fn state_words(_: &Queens, rows: &Vec<u8>) -> String {
        rows.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
    }

    type StateView = Vec<u8>;

    /// The rows, column by column (`[4, 5, 6, 3, 4, 5, 6, 5]`).
    fn view_state(_: &Queens, rows: &Vec<u8>) -> Vec<u8> {
        rows.clone()
    }

    /// The rows, if there is one for each of the instance's columns and each is on the board.
    fn read_state(queens: &Queens, rows: Vec<u8>) -> Result<Vec<u8>, String> {
        queens.board(rows).map_err(|e| e.to_string())
    }

    /// The board with a line between each attacking pair ([`Queens::svg`]).
    fn state_svg(queens: &Queens, rows: &Vec<u8>) -> String {
        queens.svg(rows)
    }
}
