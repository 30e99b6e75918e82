//! The complete 8-puzzle: how many solvable boards lie at each optimal distance from the goal
//! `0,1,…,8`, from one breadth-first sweep of all 181,440 (`distances.csv`, a bar plot, and
//! `report.md` with the table and where the same figures are published).

use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::plot::{fail, svg_of, COLORS, SIZE};
use crate::{bitmap, write_files, PlotFormat, ReportError};

/// The number of 8-puzzle boards at each distance: `states[d]` boards are exactly `d` moves
/// from the goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Distances {
    /// `states[d]`: the boards at distance `d`; the last entry is the farthest distance.
    pub states: Vec<u64>,
}

/// One breadth-first sweep of every board reachable from the goal `0,1,…,8`
/// ([`searchlab_npuzzle::distance_histogram`]).
pub fn distances() -> Distances {
    let states = searchlab_npuzzle::distance_histogram(3).unwrap_or_else(|| unreachable!("3x3 is swept"));
    Distances { states }
}

impl Distances {
    /// `distances.csv`: columns `d,states`.
    pub fn csv(&self) -> Result<String, ReportError> {
        let mut out = csv::Writer::from_writer(Vec::new());
        out.write_record(["d", "states"])?;
        for (d, states) in self.states.iter().enumerate() {
            out.write_record([d.to_string(), states.to_string()])?;
        }
        let bytes = out.into_inner().map_err(|e| csv::Error::from(e.into_error()))?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// `report.md`: the table, its total and where the same figures are published.
    pub fn markdown(&self) -> String {
        let total: u64 = self.states.iter().sum();
        let farthest = self.states.len() - 1;
        let mut md = String::from("# The complete 8-puzzle: boards by distance from the goal\n\n");
        md.push_str(&format!(
            "One breadth-first sweep from the goal `0,1,2,3,4,5,6,7,8` (blank in the top-left corner) reaches \
             {total} boards, 9!/2, the half of all arrangements that the parity rule allows. Moves are reversible, \
             so the layer a board is first reached in is its optimal solution length. The farthest boards are \
             {farthest} moves away ({} of them).\n\n",
            self.states[farthest]
        ));
        md.push_str(
            "The same counts, term by term, are OEIS sequence A089473 (configurations of the 8-puzzle at each \
             distance from a goal with the blank in a corner); Reinefeld (1993), who solved every 8-puzzle board \
             optimally, found the same 31-move maximum. A goal with the blank in the centre gives a different \
             table (its farthest boards are 30 moves away).\n\n",
        );
        md.push_str("| d | states | share | within d |\n|---:|---:|---:|---:|\n");
        let mut within = 0;
        for (d, &states) in self.states.iter().enumerate() {
            within += states;
            let share = 100.0 * states as f64 / total as f64;
            md.push_str(&format!("| {d} | {states} | {share:.3} % | {within} |\n"));
        }
        md.push_str(&format!("| all | {total} | 100 % | |\n"));
        md
    }

    /// The bar plot of states against distance.
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        crate::font::register_font()?;
        let top = self.states.iter().copied().max().unwrap_or(1) as f64 * 1.1;
        root.fill(&WHITE).map_err(fail)?;
        let mut chart = ChartBuilder::on(root)
            .caption("8-puzzle: solvable boards at each distance from the goal", ("sans-serif", 26))
            .margin(16)
            .x_label_area_size(48)
            .y_label_area_size(80)
            .build_cartesian_2d(-0.5..self.states.len() as f64 - 0.5, 0.0..top)
            .map_err(fail)?;
        chart
            .configure_mesh()
            .x_desc("optimal solution length d (moves)")
            .y_desc("boards")
            .label_style(("sans-serif", 17))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .draw()
            .map_err(fail)?;
        let bars = self.states.iter().enumerate().map(|(d, &n)| {
            let x = d as f64;
            Rectangle::new([(x - 0.4, 0.0), (x + 0.4, n as f64)], COLORS[0].filled())
        });
        chart.draw_series(bars).map_err(fail)?;
        root.present().map_err(fail)
    }

    /// The plot as an SVG document (what `distances.svg` holds).
    pub fn svg(&self) -> Result<String, ReportError> {
        svg_of(SIZE, |r| self.draw(r)).map_err(|message| ReportError::Plot { name: "distances.svg", message })
    }

    /// Writes `report.md`, `distances.csv` and `distances.svg` (or `.png`, or both) into
    /// `dir` (created if needed); returns the files written.
    pub fn write(&self, dir: &Path, format: PlotFormat) -> Result<Vec<PathBuf>, ReportError> {
        let plot = |name| move |message| ReportError::Plot { name, message };
        let mut files = vec![("report.md", self.markdown().into_bytes()), ("distances.csv", self.csv()?.into_bytes())];
        if format.svg() {
            files.push(("distances.svg", self.svg()?.into_bytes()));
        }
        if format.png() {
            files.push(("distances.png", bitmap::png_of(SIZE, |r| self.draw(r)).map_err(plot("distances.png"))?));
        }
        write_files(dir, files)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OEIS A089473: 8-puzzle configurations at each distance from a goal with the blank in a
    /// corner (a published, independent table).
    const A089473: [u64; 32] = [
        1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110,
        23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
    ];

    #[test]
    fn the_csv_is_the_published_table() {
        let csv = distances().csv().unwrap();
        let mut lines = csv.lines();
        assert_eq!(lines.next(), Some("d,states"));
        let rows: Vec<String> = lines.map(str::to_string).collect();
        let expected: Vec<String> = A089473.iter().enumerate().map(|(d, n)| format!("{d},{n}")).collect();
        assert_eq!(rows, expected);
    }

    #[test]
    fn the_report_names_its_source_and_totals_every_board() {
        let md = distances().markdown();
        assert!(md.contains("OEIS sequence A089473"));
        assert!(md.contains("| 31 | 2 | 0.001 % | 181440 |\n| all | 181440 | 100 % | |"), "{md}");
        let dir = tempfile::tempdir().unwrap();
        let files = distances().write(dir.path(), PlotFormat::Both).unwrap();
        assert_eq!(files.len(), 4);
        let svg = std::fs::read_to_string(dir.path().join("distances.svg")).unwrap();
        assert!(svg.contains("solvable boards at each distance") && svg.matches("<rect").count() >= 32);
    }
}
