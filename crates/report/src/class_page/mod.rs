//! `class.html` and its plots: the class report of `searchlab grade` (and `grade merge`) as
//! one self-contained page, with the content of `class.md` and three plots drawn by plotters,
//! each also written as `plots/NAME.svg` and `plots/NAME.png`. Everything renders from the
//! [`ClassSummary`] searchlab-check made for `class.md`: no number is computed again here.

mod html;
mod plots;
mod students;

pub use html::class_html;
pub use plots::ClassPlot;

use std::path::{Path, PathBuf};

use searchlab_check::grade::ClassSummary;

use crate::ReportError;

/// The page's file name in the output folder.
pub const CLASS_PAGE_FILE: &str = "class.html";
/// The plots' folder in the output folder.
pub const PLOTS_DIR: &str = "plots";

/// Writes `plots/scores.svg`, `plots/rules.svg`, `plots/inputs.svg`, their `.png` twins and
/// `class.html` (the SVGs inlined) into `out`, each replaced atomically, the page last;
/// returns the files written.
pub fn write_class_page(summary: &ClassSummary, out: &Path) -> Result<Vec<PathBuf>, ReportError> {
    let io = |path: &Path, source| ReportError::Io { path: path.to_path_buf(), source };
    let plots = out.join(PLOTS_DIR);
    std::fs::create_dir_all(&plots).map_err(|e| io(&plots, e))?;
    let mut files: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    let mut svgs = Vec::new();
    for plot in ClassPlot::ALL {
        let svg = plot.svg(summary)?;
        files.push((plots.join(plot.file(false)), svg.clone().into_bytes()));
        files.push((plots.join(plot.file(true)), plot.png(summary)?));
        svgs.push((plot, svg));
    }
    files.push((out.join(CLASS_PAGE_FILE), class_html(summary, &svgs).into_bytes()));
    let mut written = Vec::new();
    for (path, bytes) in files {
        searchlab_files::write_atomically(&path, |w| w.write_all(&bytes)).map_err(|e| io(&path, e.source))?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
pub(crate) mod tests {
    use searchlab_check::grade::{FailedTest, StudentResult};
    use searchlab_check::Puzzle;

    use super::*;

    /// A graded student scoring `score` of 40 points.
    fn row(name: &str, score: f64, rules: &[&str], failed: &[&str]) -> StudentResult {
        StudentResult {
            student: name.to_owned(),
            score,
            max_score: 40.0,
            rules: rules.iter().map(|r| (*r).to_owned()).collect(),
            failed: failed
                .iter()
                .map(|f| FailedTest { name: (*f).to_owned(), method: "B".to_owned(), input: format!("{f}\n110\n") })
                .collect(),
            sandboxed: true,
            ..StudentResult::default()
        }
    }

    /// Five students (100, 50, 25 and 95 %, and one not graded), names and inputs that need
    /// escaping in HTML.
    pub(crate) fn summary() -> ClassSummary {
        let mut carol = row("carol", 10.0, &["goal-on-generation+children-reversed"], &["<t1> & co"]);
        carol.stopped.insert("crash".to_owned(), 3);
        let rows = vec![
            row("alice", 40.0, &[], &[]),
            row("bob & <b>bobby</b>", 20.0, &["goal-on-generation"], &["<t1> & co", "t2"]),
            carol,
            row("dan", 38.0, &[], &["<t1> & co"]),
            StudentResult::failed_to_grade("<script>alert(1)</script>", "no file \"a&b.py\"", true),
        ];
        ClassSummary::of(Puzzle::Digits, &rows, &[])
    }

    #[test]
    fn the_page_and_the_plots_are_written_into_the_output_folder() {
        let dir = tempfile::tempdir().unwrap();
        let written = write_class_page(&summary(), dir.path()).unwrap();
        let names: Vec<String> =
            written.iter().map(|p| p.strip_prefix(dir.path()).unwrap().display().to_string()).collect();
        let expected = [
            "plots/scores.svg",
            "plots/scores.png",
            "plots/rules.svg",
            "plots/rules.png",
            "plots/inputs.svg",
            "plots/inputs.png",
            "class.html",
        ];
        assert_eq!(names, expected);
        let page = std::fs::read_to_string(dir.path().join(CLASS_PAGE_FILE)).unwrap();
        for plot in ClassPlot::ALL {
            let svg = std::fs::read_to_string(dir.path().join(PLOTS_DIR).join(plot.file(false))).unwrap();
            assert!(page.contains(&svg), "{plot:?} inlined");
            let png = std::fs::read(dir.path().join(PLOTS_DIR).join(plot.file(true))).unwrap();
            assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{plot:?}");
        }
        // Written again (a resumed grading): the same bytes.
        write_class_page(&summary(), dir.path()).unwrap();
        assert_eq!(std::fs::read_to_string(dir.path().join(CLASS_PAGE_FILE)).unwrap(), page);
    }
}
