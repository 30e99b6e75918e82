//! Stage 3, judging one program: each run scored as the graders score, and each failure
//! diagnosed by running the reference engine under named variants (the rules a program may
//! follow instead of the grader's) until its output is reproduced.

pub(crate) mod check;
pub(crate) mod check_report;
pub(crate) mod config;
pub(crate) mod diagnose;
pub(crate) mod divergence;
pub(crate) mod failure;
pub(crate) mod notes;
pub(crate) mod oracle;
pub(crate) mod partial;
pub(crate) mod prepare;
pub(crate) mod reference;
pub(crate) mod reference_answer;
pub(crate) mod round;
pub(crate) mod rounds;
pub(crate) mod score;
pub(crate) mod summary;
pub(crate) mod too_slow;
pub(crate) mod variants;
pub(crate) mod verdict;
pub(crate) mod verdict_line;
