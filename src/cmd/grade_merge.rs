//! `searchlab grade merge`: join the outputs of `searchlab grade --shard` (or any grade
//! outputs of the same puzzle and case options) into one gradebook and class report.

use std::io::Write as _;
use std::path::PathBuf;

use searchlab_check::grade::merge;
use searchlab_report::class_page::write_class_page;

use crate::exit::Exit;

const AFTER_HELP: &str = "\
Examples:
  searchlab grade merge part1/ part2/ part3/ --out graded/
  searchlab grade merge graded-monday/ graded-late/ --out graded/

Each DIR is the output of `searchlab grade` (it has grade.json). They must have been graded
with the same puzzle, command, methods or letters, edition, timeout, cases and pseudonym key;
a student in two of them is refused. OUT gets gradebook.csv (rows sorted by student),
students/NAME/ copied from the DIR that graded NAME, class.md, class.html and plots/ made
again from every row, grade.json and, for anonymized outputs, anonymize-key.csv joined.

Exit codes: 0 merged, 2 usage or input error (a DIR graded otherwise, a student twice, OUT
not empty).";

/// Arguments of `searchlab grade merge`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The grade outputs to join (the shards' --out folders).
    #[arg(required = true, value_name = "DIR")]
    pub inputs: Vec<PathBuf>,
    /// The merged output folder (new or empty).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

/// Runs `searchlab grade merge`.
pub fn run(args: Args) -> anyhow::Result<Exit> {
    let merged = merge(&args.inputs, &args.out)?;
    write_class_page(&merged.summary, &args.out)?;
    let missing = match merged.missing_shards.as_slice() {
        [] => String::new(),
        shards => format!(" (shards {} missing)", shards.join(", ")),
    };
    writeln!(
        std::io::stdout(),
        "merged {} students from {} outputs into {}{missing}: gradebook.csv, class.md, class.html, plots/, students/",
        merged.rows.len(),
        args.inputs.len(),
        args.out.display()
    )?;
    Ok(Exit::Answered)
}
