//! How a board is drawn for the replay: an SVG of the board, its queens, and a red line for
//! each pair of queens that attack each other (the pairs the value counts).

use std::fmt::Write;

use crate::Queens;

/// A square's side in the drawing's units.
const CELL: usize = 10;

impl Queens {
    /// The pairs of columns whose queens attack each other (same row or diagonal), in order;
    /// as many as [`Queens::attacking_pairs`] counts.
    pub fn attacks(&self, rows: &[u8]) -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        for (a, &ra) in rows.iter().enumerate() {
            for (b, &rb) in rows.iter().enumerate().skip(a + 1) {
                if ra == rb || usize::from(ra.abs_diff(rb)) == b - a {
                    pairs.push((a, b));
                }
            }
        }
        pairs
    }

    /// The board as an SVG: checkered squares, a queen in each column (red when attacked),
    /// a line between each attacking pair (`class="attack"`), and the value in its title.
    pub fn svg(&self, rows: &[u8]) -> String {
        let side = self.n() * CELL;
        let pairs = self.attacks(rows);
        let mut attacked = vec![false; rows.len()];
        for &(a, b) in &pairs {
            attacked[a] = true;
            attacked[b] = true;
        }
        let mut out = String::with_capacity(400 + 60 * (rows.len() + pairs.len()));
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" class=\"queens\" role=\"img\" \
             data-pairs=\"{}\"><title>{} queens, {} attacking pairs</title>\
             <defs><pattern id=\"sl-checker\" width=\"20\" height=\"20\" patternUnits=\"userSpaceOnUse\">\
             <rect width=\"20\" height=\"20\" fill=\"#f0e6d2\"/><rect width=\"10\" height=\"10\" x=\"10\" fill=\"#c8b592\"/>\
             <rect width=\"10\" height=\"10\" y=\"10\" fill=\"#c8b592\"/></pattern></defs>\
             <rect width=\"{side}\" height=\"{side}\" fill=\"url(#sl-checker)\"/>",
            pairs.len(),
            self.n(),
            pairs.len()
        );
        let centre = |col: usize, row: u8| (col * CELL + CELL / 2, usize::from(row) * CELL + CELL / 2);
        for &(a, b) in &pairs {
            let ((x1, y1), (x2, y2)) = (centre(a, rows[a]), centre(b, rows[b]));
            let _ = write!(
                out,
                "<line class=\"attack\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#c0392b\" \
                 stroke-width=\"0.8\" stroke-opacity=\"0.7\"/>"
            );
        }
        for (col, &row) in rows.iter().enumerate() {
            let (x, y) = centre(col, row);
            let fill = if attacked[col] { "#c0392b" } else { "#1d2b36" };
            let _ = write!(
                out,
                "<circle class=\"queen\" data-attacked=\"{}\" cx=\"{x}\" cy=\"{y}\" r=\"3.4\" fill=\"{fill}\" \
                 stroke=\"#fff\" stroke-width=\"0.6\"/>",
                attacked[col]
            );
        }
        out.push_str("</svg>");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_books_board_has_its_17_pairs_drawn() {
        // AIMA Figure 4.3(a): h = 17.
        let queens = Queens::new(8).unwrap();
        let rows = queens.parse("4,5,6,3,4,5,6,5").unwrap();
        let svg = queens.svg(&rows);
        assert_eq!(svg.matches("class=\"attack\"").count(), 17);
        assert_eq!(svg.matches("class=\"queen\"").count(), 8);
        assert!(svg.contains("data-pairs=\"17\""));
        // Columns 0 and 4 share row 4: the first pair found from column 0.
        assert_eq!(queens.attacks(&rows)[0], (0, 1));
        assert!(queens.attacks(&rows).contains(&(0, 4)));
    }

    #[test]
    fn a_solution_has_no_line_and_no_red_queen() {
        let queens = Queens::new(8).unwrap();
        let rows = queens.parse("0,4,7,5,2,6,1,3").unwrap();
        let svg = queens.svg(&rows);
        assert_eq!(svg.matches("class=\"attack\"").count(), 0);
        assert!(!svg.contains("data-attacked=\"true\""));
    }
}
