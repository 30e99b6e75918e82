//! The heuristics table on the 15-puzzle: Korf's 100 random instances (Korf 1985) solved by
//! IDA* with each heuristic, the search cost and effective branching factor of every instance at
//! its optimal length d, and their means by d. The searches are the optimal solver's; this
//! module only tabulates what they measured (`korf100.csv`, `report.md`, the plot of b*).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::plot::{fail, legend, svg_of, COLORS, SIZE};
use crate::{bitmap, effective_branching_factor, thousands, write_files, PlotFormat, ReportError};

/// One instance solved with one heuristic, as the solver measured it.
#[derive(Debug, Clone, PartialEq)]
pub struct KorfRecord {
    /// Korf's instance number (1 to 100).
    pub id: usize,
    /// The optimal length the search found.
    pub d: u64,
    /// The heuristic's name, as the solver names it.
    pub heuristic: String,
    /// The heuristic's estimate of the start board.
    pub initial_h: u32,
    /// Nodes generated over all iterations (the start not counted).
    pub generated: u64,
    /// Nodes expanded over all iterations.
    pub expanded: u64,
    /// The search's wall-clock seconds.
    pub seconds: f64,
}

impl KorfRecord {
    /// b* of this search: N + 1 = 1 + b* + … + b*^d for its generated nodes N.
    pub fn b_star(&self) -> Option<f64> {
        effective_branching_factor(self.generated as f64, self.d)
    }
}

/// The experiment's table: every record, heuristics in the order they were run.
#[derive(Debug, Clone)]
pub struct Korf {
    /// One record per instance and heuristic.
    pub records: Vec<KorfRecord>,
    /// The heuristics, in column order.
    pub heuristics: Vec<String>,
}

/// How IDA*'s figures are read here, beside the 8-puzzle table's.
const READING: &str = "\
**Reading it.** Each instance is searched by the optimal solver's IDA* (Korf's operator order, the \
move back never generated), so N counts the upper levels again in every iteration, as Korf (1985) \
counted; the 8-puzzle table's A* counts each node once. b* is solved per instance from its own N \
and d, and the columns by d are means over the instances of that length (Korf's 100 are random \
boards, not drawn by length, so most lengths hold a handful). With Manhattan distance the generated \
total is Korf's published re-run total less one root per instance (docs/solver.md).";

impl Korf {
    fn of<'a>(&'a self, heuristic: &'a str) -> impl Iterator<Item = &'a KorfRecord> + 'a {
        self.records.iter().filter(move |r| r.heuristic == heuristic)
    }

    /// `korf100.csv`: columns `id,d,heuristic,initial_h,generated,expanded,b_star,seconds`.
    pub fn csv(&self) -> Result<String, ReportError> {
        let mut out = csv::Writer::from_writer(Vec::new());
        out.write_record(["id", "d", "heuristic", "initial_h", "generated", "expanded", "b_star", "seconds"])?;
        for r in &self.records {
            let b = r.b_star().map_or(String::new(), |b| format!("{b:.4}"));
            out.write_record([
                r.id.to_string(),
                r.d.to_string(),
                r.heuristic.clone(),
                r.initial_h.to_string(),
                r.generated.to_string(),
                r.expanded.to_string(),
                b,
                format!("{:.3}", r.seconds),
            ])?;
        }
        let bytes = out.into_inner().map_err(|e| csv::Error::from(e.into_error()))?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// Mean generated nodes and mean b* of `heuristic` over the instances of length `d`.
    fn at(&self, heuristic: &str, d: Option<u64>) -> Option<(usize, f64, f64)> {
        let rows: Vec<&KorfRecord> = self.of(heuristic).filter(|r| d.is_none_or(|d| r.d == d)).collect();
        let bs: Vec<f64> = rows.iter().filter_map(|r| r.b_star()).collect();
        if rows.is_empty() || bs.is_empty() {
            return None;
        }
        let mean_n = rows.iter().map(|r| r.generated as f64).sum::<f64>() / rows.len() as f64;
        Some((rows.len(), mean_n, bs.iter().sum::<f64>() / bs.len() as f64))
    }

    /// `report.md`: one row per heuristic (totals), then one row per optimal length.
    pub fn markdown(&self) -> String {
        let mut md =
            String::from("# The 15-puzzle: IDA*'s search cost and effective branching factor by heuristic\n\n");
        let ids: BTreeSet<usize> = self.records.iter().map(|r| r.id).collect();
        md.push_str(&format!(
            "{} of Korf's 100 random 15-puzzle instances (Korf 1985), goal `0,1,…,15`, each solved optimally by \
             IDA* with every heuristic. Search cost N is the number of nodes generated; b* solves \
             N + 1 = 1 + b* + b*² + … + b*^d.\n\n",
            ids.len()
        ));
        md.push_str("| heuristic | instances | total generated | mean generated | mean b* | seconds |\n");
        md.push_str("|---|---:|---:|---:|---:|---:|\n");
        for h in &self.heuristics {
            let Some((n, mean, b)) = self.at(h, None) else { continue };
            let total: u64 = self.of(h).map(|r| r.generated).sum();
            let seconds: f64 = self.of(h).map(|r| r.seconds).sum();
            md.push_str(&format!(
                "| `{h}` | {n} | {} | {} | {b:.3} | {seconds:.1} |\n",
                thousands(total),
                thousands(mean.round() as u64)
            ));
        }
        let titles: Vec<String> = self.heuristics.iter().map(|h| format!("`{h}`")).collect();
        let header: Vec<String> = titles.iter().cloned().chain(titles.iter().map(|t| format!("{t} b*"))).collect();
        md.push_str(&format!(
            "\nBy optimal length (mean generated, then mean b*):\n\n| d | instances | {} |\n|---:|---:|{}\n",
            header.join(" | "),
            "---:|".repeat(header.len())
        ));
        let depths: BTreeSet<u64> = self.records.iter().map(|r| r.d).collect();
        for d in depths {
            let cells: Vec<Option<(usize, f64, f64)>> = self.heuristics.iter().map(|h| self.at(h, Some(d))).collect();
            let n = cells.iter().flatten().map(|c| c.0).max().unwrap_or(0);
            let mut row: Vec<String> =
                cells.iter().map(|c| c.map_or("—".into(), |c| thousands(c.1.round() as u64))).collect();
            row.extend(cells.iter().map(|c| c.map_or("—".into(), |c| format!("{:.3}", c.2))));
            md.push_str(&format!("| {d} | {n} | {} |\n", row.join(" | ")));
        }
        md.push_str(&format!("\n{READING}\n"));
        md
    }

    /// b* against d: each instance a point, one colour per heuristic.
    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        let lo = self.records.iter().map(|r| r.d).min().unwrap_or(40);
        let hi = self.records.iter().map(|r| r.d).max().unwrap_or(70);
        let top = self.records.iter().filter_map(KorfRecord::b_star).fold(1.5f64, f64::max) * 1.05;
        let caption = "15-puzzle, Korf's 100: IDA*'s b* by optimal length";
        let mut chart = super::b_star_chart(root, caption, (lo, hi), top)?;
        for (i, h) in self.heuristics.iter().enumerate() {
            let color = COLORS[i % COLORS.len()];
            let points: Vec<(u64, f64)> = self.of(h).filter_map(|r| Some((r.d, r.b_star()?))).collect();
            chart
                .draw_series(points.into_iter().map(|p| Circle::new(p, 3, color.filled())))
                .map_err(fail)?
                .label(h.clone())
                .legend(move |(x, y)| Circle::new((x + 10, y), 4, color.filled()));
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        root.present().map_err(fail)
    }

    /// Writes `report.md`, `korf100.csv` and `korf100.svg` (or `.png`, or both) into `dir`
    /// (created if needed); returns the files written.
    pub fn write(&self, dir: &Path, format: PlotFormat) -> Result<Vec<PathBuf>, ReportError> {
        let plot = |name| move |message| ReportError::Plot { name, message };
        let mut files = vec![("report.md", self.markdown().into_bytes()), ("korf100.csv", self.csv()?.into_bytes())];
        if format.svg() {
            files.push(("korf100.svg", svg_of(SIZE, |r| self.draw(r)).map_err(plot("korf100.svg"))?.into_bytes()));
        }
        if format.png() {
            files.push(("korf100.png", bitmap::png_of(SIZE, |r| self.draw(r)).map_err(plot("korf100.png"))?));
        }
        write_files(dir, files)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: usize, d: u64, heuristic: &str, generated: u64) -> KorfRecord {
        KorfRecord {
            id,
            d,
            heuristic: heuristic.into(),
            initial_h: 0,
            generated,
            expanded: generated / 2,
            seconds: 0.5,
        }
    }

    #[test]
    fn the_tables_hold_every_heuristic_and_length() {
        // b* of 52 nodes at depth 5 is about 1.92 (R&N's example); 6 nodes at depth 2 give b* = 2.
        let korf = Korf {
            records: vec![record(1, 5, "manhattan", 52), record(2, 2, "manhattan", 6), record(1, 5, "pdb", 10)],
            heuristics: vec!["manhattan".into(), "pdb".into()],
        };
        assert!((korf.records[0].b_star().unwrap() - 1.92).abs() < 0.005);
        assert!((korf.records[1].b_star().unwrap() - 2.0).abs() < 1e-9);
        let csv = korf.csv().unwrap();
        assert!(csv.starts_with("id,d,heuristic,initial_h,generated,expanded,b_star,seconds\n1,5,manhattan,0,52,26,"));
        let md = korf.markdown();
        assert!(md.contains("| `manhattan` | 2 | 58 | 29 |"), "{md}");
        assert!(md.contains("| d | instances | `manhattan` | `pdb` | `manhattan` b* | `pdb` b* |"), "{md}");
        assert!(md.contains("| 2 | 1 | 6 | — | 2.000 | — |"), "{md}");
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(korf.write(dir.path(), PlotFormat::Svg).unwrap().len(), 3);
        assert!(std::fs::read_to_string(dir.path().join("korf100.svg")).unwrap().contains("b*"));
    }
}
