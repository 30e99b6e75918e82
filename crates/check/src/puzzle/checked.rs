//! The trait each puzzle implements: everything check does differently for it.

use searchlab_core::Strategy;
use searchlab_npuzzle::Edition;

use crate::cases::{CasesError, EdgeInstance, Puzzle, TestCase};
use crate::judge::oracle::{Graded, Oracle};
use crate::judge::reference_answer::ReferenceAnswer;
use crate::{Config, Item, Placeholder, RunConfig, RunProblem, RunResult, RunSpec};

/// One puzzle as check sees it (one implementation per puzzle, each in its own file).
pub(crate) trait CheckedPuzzle: Sync {
    /// The puzzle.
    fn puzzle(&self) -> Puzzle;

    /// The program in words: "an N-puzzle program".
    fn program(&self) -> &'static str;

    /// What a method is called: `method` (N-puzzle) or `letter` (3-digit puzzle).
    fn method_word(&self) -> &'static str;

    /// Every method (`bfs`, `dfs`, `ast`) or letter (`B` … `H`), in the canonical spelling.
    fn methods(&self) -> &'static [&'static str];

    /// The two placeholders its command takes, and an example command.
    fn placeholders(&self) -> ([Placeholder; 2], &'static str);

    /// The published cases (embedded).
    fn public_cases(&self) -> Vec<TestCase>;

    /// The edge set's instances, robustness ones included.
    fn edge_instances(&self) -> Vec<EdgeInstance>;

    /// `n` seeded random instances × `methods` as cases (`width`: an N-puzzle board's).
    fn random_cases(&self, n: usize, seed: u64, width: usize, methods: &[&str]) -> Result<Vec<TestCase>, CasesError>;

    /// How a program is run on `input` with `method`: the placeholders' values and stdin.
    fn run_spec(&self, method: &str, input: &str) -> RunSpec;

    /// The run settings for this puzzle's programs, from the user's.
    fn run_config(&self, run: &RunConfig) -> RunConfig;

    /// What went wrong with a run, as far as this puzzle's grader cares.
    fn run_problems(&self, run: &RunResult) -> Vec<RunProblem>;

    /// Whether the run left nothing graded to read (an N-puzzle run without `output.txt`).
    fn wrote_nothing(&self, run: &RunResult) -> bool;

    /// The text the run wrote for the grader (the 3-digit program's stdout, the N-puzzle
    /// program's `output.txt`), `None` when it wrote none.
    fn answer_text<'r>(&self, run: &'r RunResult) -> Option<&'r str>;

    /// The graded values of a run.
    fn graded_run(&self, run: &RunResult, edition: Edition) -> Graded;

    /// The graded values of an output pasted as text (what the program would have written).
    fn graded_output(&self, output: &str) -> Graded;

    /// The names of the graded items, in the order of the output.
    fn graded_items(&self) -> &'static [&'static str];

    /// A graded line as the program writes it: `item: value` (N-puzzle), the value alone
    /// (3-digit).
    fn line_as_written(&self, item: &str, value: &str) -> String;

    /// The item that fails when a run is stopped before its answer: the N-puzzle's running
    /// time, the 3-digit run itself.
    fn stopped_item(&self) -> Item;

    /// The points one scored item of a test is worth (Gradescope's export, the gradebook).
    fn item_weight(&self) -> f64;

    /// The scored items of a test (`fringe_lines`: the N-puzzle's 2017 edition's two more).
    fn items_per_test(&self, fringe_lines: bool) -> u32;

    /// Every method of `edition` (the N-puzzle's 2017 edition adds `ida`; the 3-digit
    /// puzzle has one).
    fn methods_in(&self, edition: Edition) -> Vec<&'static str>;

    /// An input as a suite's input file holds it (`inputs/NAME.txt`).
    fn input_file(&self, input: &str) -> String;

    /// An input read back from a suite's input file.
    fn input_from_file(&self, text: String) -> String;

    /// The engine's strategy that `method` names in `edition`, `None` when it names none.
    fn strategy_in(&self, method: &str, edition: Edition) -> Option<Strategy>;

    /// The canonical method (or letter) of `strategy`, `None` when it has none.
    fn method_of(&self, strategy: Strategy) -> Option<&'static str>;

    /// The reference's answer to `input` with `method` in `edition`, as the program writes it.
    fn expected_text(&self, method: &str, input: &str, edition: Edition) -> Result<String, CasesError>;

    /// Why `case`'s hashed answer, which is not `edition`'s reference's, is refused when it is
    /// another edition's; `None` when it is no edition's.
    fn hashed_for_other_edition(&self, case: &TestCase, method: &str, edition: Edition) -> Option<String>;

    /// The reference on `case` run with `strategy`, whose expected answer is `text`: its
    /// config, its oracle on the input and the answer read; why not, when the input or the
    /// answer is not valid.
    fn reference(
        &self,
        case: &TestCase,
        strategy: Strategy,
        text: String,
        edition: Edition,
    ) -> Result<(Config, Oracle, ReferenceAnswer), String>;
}
