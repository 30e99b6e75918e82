//! What the heuristics table writes: `branching.csv`, `report.md` in the book's layout (one
//! row per even d) with a paragraph on where its figures differ from the book's, and the plot
//! of b* against d.

use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::*;

use super::branching::{Branching, BranchingRow, Column, BOOK_COLUMNS, COLUMNS};
use crate::plot::{fail, legend, svg_of, COLORS, SIZE};
use crate::{bitmap, thousands, write_files, PlotFormat, ReportError};

/// Where and why the figures differ from the book's.
const DIFFERENCES: &str = "\
**Beside the book.** Russell and Norvig's table (3rd edition, Figure 3.29) gives, at d = 12, \
3,644,035 nodes for iterative deepening, 227 for A*(h1) and 73 for A*(h2); at d = 24, 39,135 and \
1,641 for the two A*s. Four things make the figures here differ. *What is counted*: nodes \
generated, the start not counted, as the book's N (children dropped as repeats count too); \
`mean_expanded` in branching.csv is the other reading. *Graph or tree search*: that edition's \
iterative deepening is a tree search with no check for repeated states, so its b* (about 2.8) is \
the blank's average number of moves, the move back included; here depth-limited search checks each \
node's own path for cycles (the 4th edition's rule), which drops the moves back, and its b* is \
near 1.9. A* here is a graph search: a state reached again along a path no cheaper is dropped. \
*Ties*: among nodes of equal f, the first table takes the earliest added first (the course \
driver's rule), which sweeps the last f layer breadth-first; the second table takes the latest \
added first, reaches the goal sooner, and comes close to the book's A*(h1). *Sampling*: every \
board here is drawn uniformly among all boards at exactly d moves; the book generated 100 random \
problems for each even d without saying how, so its mix of boards within one d may differ. b* is \
solved from the mean N, not averaged over the boards.";

impl Branching {
    /// `branching.csv`: columns `d,strategy,instances,mean_generated,mean_expanded,b_star`.
    pub fn csv(&self) -> Result<String, ReportError> {
        let mut out = csv::Writer::from_writer(Vec::new());
        out.write_record(["d", "strategy", "instances", "mean_generated", "mean_expanded", "b_star"])?;
        for r in &self.rows {
            let b = r.b_star.map_or(String::new(), |b| format!("{b:.4}"));
            let (generated, expanded) = (format!("{:.2}", r.mean_generated), format!("{:.2}", r.mean_expanded));
            out.write_record([
                r.d.to_string(),
                r.strategy.to_string(),
                r.instances.to_string(),
                generated,
                expanded,
                b,
            ])?;
        }
        let bytes = out.into_inner().map_err(|e| csv::Error::from(e.into_error()))?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    fn cell(&self, d: u64, column: &str) -> Option<&BranchingRow> {
        self.rows.iter().find(|r| r.d == d && r.strategy == column)
    }

    /// `report.md`: the book's layout (search cost, then b*, one row per even d), how the
    /// boards were drawn, and where the figures differ from the book's.
    pub fn markdown(&self) -> String {
        let o = &self.options;
        let mut md = String::from("# The 8-puzzle: search cost and effective branching factor by solution length\n\n");
        md.push_str(&format!(
            "{} boards at each solution length d from {} to {} (fewer where fewer exist), drawn uniformly without \
             repetition among all boards exactly d moves from the goal `0,1,2,3,4,5,6,7,8` (seed {}). Search cost \
             is the mean number of nodes generated; b* solves N + 1 = 1 + b* + b*² + … + b*^d for that mean N. \
             BFS: breadth-first graph search, goal test on generation. IDS: iterative deepening, a cycle check on \
             the path. A*(h1): A* with misplaced tiles; A*(h2): A* with Manhattan distance.",
            o.per_depth,
            o.depths.start(),
            o.depths.end(),
            o.seed
        ));
        if let Some(d) = self.ids_stopped_at {
            md.push_str(&format!(
                " IDS is left out from d = {d}: a board there needed more than {} nodes taken from the frontier \
                 (`--ids-limit`).",
                o.ids_limit
            ));
        }
        md.push_str("\n\n");
        md.push_str(&self.table(&COLUMNS[..BOOK_COLUMNS], true));
        md.push_str(
            "\nThe same A*s with equal f broken toward the latest added node instead of the earliest (search \
             cost):\n\n",
        );
        let ties: Vec<Column> = [2, 4, 3, 5].iter().map(|&i| COLUMNS[i]).collect();
        md.push_str(&self.table(&ties, false));
        md.push_str(&format!("\nEvery d, odd ones included, is in `branching.csv`.\n\n{DIFFERENCES}\n"));
        md
    }

    /// One row per even d: each column's search cost, then (`with_b`) each one's b*.
    fn table(&self, columns: &[Column], with_b: bool) -> String {
        let titles: Vec<String> = columns.iter().map(|c| c.title.to_string()).collect();
        let mut header = titles.clone();
        if with_b {
            header.extend(titles.iter().map(|t| format!("{t} b*")));
        }
        let mut md = format!("| d | {} |\n|---:|{}\n", header.join(" | "), "---:|".repeat(header.len()));
        for d in self.options.depths.clone().filter(|d| d % 2 == 0) {
            let row = |c: &Column| self.cell(d, c.name);
            let mut cells: Vec<String> = columns
                .iter()
                .map(|c| row(c).map_or("—".into(), |r| thousands(r.mean_generated.round().max(0.0) as u64)))
                .collect();
            if with_b {
                let b = |c: &Column| row(c).and_then(|r| r.b_star).map_or("—".into(), |b| format!("{b:.2}"));
                cells.extend(columns.iter().map(b));
            }
            md.push_str(&format!("| {d} | {} |\n", cells.join(" | ")));
        }
        md
    }

    /// b* against d, one line per column.
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let (lo, hi) = (*self.options.depths.start(), *self.options.depths.end());
        let top = self.rows.iter().filter_map(|r| r.b_star).fold(2.0f64, f64::max) * 1.1;
        let caption = "8-puzzle: effective branching factor b* by solution length";
        let mut chart = super::b_star_chart(root, caption, (lo, hi), top)?;
        for (i, column) in COLUMNS[..BOOK_COLUMNS].iter().enumerate() {
            let color = COLORS[i % COLORS.len()];
            let points: Vec<(u64, f64)> =
                self.rows.iter().filter(|r| r.strategy == column.name).filter_map(|r| Some((r.d, r.b_star?))).collect();
            if points.is_empty() {
                continue;
            }
            chart
                .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))
                .map_err(fail)?
                .label(column.title)
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
            chart.draw_series(points.into_iter().map(|p| Circle::new(p, 3, color.filled()))).map_err(fail)?;
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        root.present().map_err(fail)
    }

    /// The plot as an SVG document (what `branching.svg` holds).
    pub fn svg(&self) -> Result<String, ReportError> {
        svg_of(SIZE, |r| self.draw(r)).map_err(|message| ReportError::Plot { name: "branching.svg", message })
    }

    /// Writes `report.md`, `branching.csv` and `branching.svg` (or `.png`, or both) into
    /// `dir` (created if needed); returns the files written.
    pub fn write(&self, dir: &Path, format: PlotFormat) -> Result<Vec<PathBuf>, ReportError> {
        let plot = |name| move |message| ReportError::Plot { name, message };
        let mut files = vec![("report.md", self.markdown().into_bytes()), ("branching.csv", self.csv()?.into_bytes())];
        if format.svg() {
            files.push(("branching.svg", self.svg()?.into_bytes()));
        }
        if format.png() {
            files.push(("branching.png", bitmap::png_of(SIZE, |r| self.draw(r)).map_err(plot("branching.png"))?));
        }
        write_files(dir, files)
    }
}

#[cfg(test)]
mod tests {
    use super::super::branching::{branching, BranchingOptions};
    use super::*;
    use indicatif::ProgressBar;

    #[test]
    fn the_table_has_the_books_layout_and_every_d_in_the_csv() {
        let options = BranchingOptions { depths: 2..=8, per_depth: 5, seed: 1, ids_limit: 1_000_000 };
        let table = branching(&options, &ProgressBar::hidden()).unwrap();
        let csv = table.csv().unwrap();
        assert!(csv.starts_with("d,strategy,instances,mean_generated,mean_expanded,b_star\n"), "{csv}");
        assert_eq!(csv.lines().count(), 1 + 7 * COLUMNS.len());
        let md = table.markdown();
        assert!(md.contains("| d | BFS | IDS | A*(h1) | A*(h2) | BFS b* | IDS b* | A*(h1) b* | A*(h2) b* |"), "{md}");
        assert!(md.contains("| d | A*(h1) | A*(h1) latest | A*(h2) | A*(h2) latest |"), "{md}");
        let rows: Vec<&str> = md.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| d")).collect();
        let depths: Vec<&str> = rows.iter().map(|l| l.split(" | ").next().unwrap()).collect();
        assert_eq!(depths, ["| 2", "| 4", "| 6", "| 8"].repeat(2));
        assert!(md.contains("**Beside the book.**"));
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(table.write(dir.path(), PlotFormat::Svg).unwrap().len(), 3);
        let svg = std::fs::read_to_string(dir.path().join("branching.svg")).unwrap();
        assert!(svg.contains("A*(h2)") && svg.contains("effective branching factor"));
    }
}
