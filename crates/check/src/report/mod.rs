//! Stage 4, reporting one check: the text report (the verdict first, then each test) and
//! the exported forms (JUnit XML, Gradescope results and autograder bundles).

pub mod export;
pub(crate) mod hint;
pub(crate) mod text;
