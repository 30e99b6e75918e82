//! The result of one instance of a batch, and the `--resume` file: one JSON line per finished
//! instance, appended as soon as it finishes.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use searchlab_npuzzle::{Board, Direction};
use serde::{Deserialize, Serialize};

use super::clock::LimitClock;
use crate::benchmarks::BenchmarkInstance;
use crate::error::BatchError;

/// How an instance of a batch ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum InstanceStatus {
    /// Solved optimally.
    Solved,
    /// Stopped by the node budget (`max_generated`).
    NodeLimit,
    /// Stopped by the per-instance time limit.
    TimeLimit,
}

/// The limits an instance ran under; a stopped instance is only worth running again under larger
/// ones.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Limits {
    /// Per-instance time limit.
    pub time_limit: Option<Duration>,
    /// The clock `time_limit` is measured on.
    pub clock: LimitClock,
    /// Node budget (generated nodes).
    pub max_generated: Option<u64>,
}

/// One finished instance: a line of the `--resume` file and a row of `bench`'s output.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct InstanceRecord {
    /// The instance's id in its suite.
    pub id: usize,
    /// The start board, comma-separated (as [`searchlab_npuzzle::Board`] prints it).
    pub board: String,
    /// The heuristic's full name (as [`crate::Solver::heuristic_name`], e.g. `pdb-7-8+reflect`).
    pub heuristic: String,
    /// How it ended.
    pub status: InstanceStatus,
    /// The blank's moves of the optimal solution, one letter each (U, D, L, R), when solved.
    pub moves: Option<String>,
    /// The solution's length, when solved.
    pub length: Option<usize>,
    /// Heuristic value of the start.
    pub initial_h: u32,
    /// Nodes expanded.
    pub nodes_expanded: u64,
    /// Nodes generated (the root not counted).
    pub nodes_generated: u64,
    /// IDA* iterations.
    pub iterations: u32,
    /// Wall-clock seconds of the search.
    pub seconds: f64,
    /// CPU seconds of the search (the searching thread's; the process's for a parallel search).
    pub cpu_seconds: f64,
    /// The time limit it ran under, in seconds.
    pub time_limit: Option<f64>,
    /// The clock of `time_limit` (`"wall"` in lines written before the clock could be chosen).
    #[serde(default)]
    pub limit_clock: LimitClock,
    /// The node budget it ran under.
    pub max_generated: Option<u64>,
}

impl InstanceRecord {
    /// Whether this is a result for `instance` with heuristic `heuristic` (same id, same board).
    pub fn is_for(&self, instance: &BenchmarkInstance, heuristic: &str) -> bool {
        self.id == instance.id && self.heuristic == heuristic && self.board == instance.start.to_string()
    }

    /// Whether the recorded moves take `start` to `goal` in `length` moves.
    pub fn replays(&self, start: &Board, goal: &Board) -> bool {
        let Some(moves) = &self.moves else { return false };
        let moves: Option<Vec<Direction>> = moves.chars().map(Direction::from_letter).collect();
        moves.is_some_and(|m| Some(m.len()) == self.length && start.apply_moves(&m).as_ref() == Some(goal))
    }

    /// Whether running the instance again under `limits` cannot end better: it was solved, or it
    /// was stopped by a limit that `limits` does not raise (a time limit only on the same clock).
    pub fn settles(&self, limits: &Limits) -> bool {
        match self.status {
            InstanceStatus::Solved => true,
            InstanceStatus::TimeLimit => match (limits.time_limit, self.time_limit) {
                (Some(now), Some(then)) => limits.clock == self.limit_clock && now.as_secs_f64() <= then,
                _ => false,
            },
            InstanceStatus::NodeLimit => match (limits.max_generated, self.max_generated) {
                (Some(now), Some(then)) => now <= then,
                _ => false,
            },
        }
    }
}

/// For each instance, the first record of `records` that is for it (same id, board and
/// heuristic) and settles it under `limits` (a solved record must replay to `goal`); those
/// instances need not run again.
pub fn settled(
    instances: &[BenchmarkInstance],
    records: &[InstanceRecord],
    heuristic: &str,
    limits: &Limits,
    goal: &Board,
) -> Vec<Option<InstanceRecord>> {
    let valid = |r: &InstanceRecord, inst: &BenchmarkInstance| {
        r.status != InstanceStatus::Solved || r.replays(&inst.start, goal)
    };
    instances
        .iter()
        .map(|inst| records.iter().find(|r| r.is_for(inst, heuristic) && r.settles(limits) && valid(r, inst)).cloned())
        .collect()
}

/// Parses the text of a resume file: one [`InstanceRecord`] per line (blank lines skipped).
/// Returns the records and the length of the text that holds complete lines: a last line without
/// its newline is a write that was cut short (a killed run) and is dropped.
pub fn parse_records(text: &[u8], path: &Path) -> Result<(Vec<InstanceRecord>, usize), BatchError> {
    let complete = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let bad = |line: usize, message: String| BatchError::Resume { path: path.to_path_buf(), line, message };
    let text = String::from_utf8_lossy(&text[..complete]);
    let mut records = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let record = serde_json::from_str(line).map_err(|e| bad(i + 1, format!("not a result line: {e}")))?;
        records.push(record);
    }
    Ok((records, complete))
}

/// An open `--resume` file: records are appended one whole line at a time and flushed, so a killed
/// run loses only the instances in flight.
#[derive(Debug)]
pub struct ResumeLog {
    file: File,
    path: PathBuf,
}

impl ResumeLog {
    /// Opens `path` for appending (creating it) and returns the records already in it. A cut-short
    /// last line is removed from the file, so the next line starts cleanly.
    pub fn open(path: &Path) -> Result<(ResumeLog, Vec<InstanceRecord>), BatchError> {
        let io = |source| BatchError::Io { path: path.to_path_buf(), source };
        let mut file = OpenOptions::new().read(true).append(true).create(true).open(path).map_err(io)?;
        let mut text = Vec::new();
        file.read_to_end(&mut text).map_err(io)?;
        let (records, complete) = parse_records(&text, path)?;
        if complete < text.len() {
            file.set_len(complete as u64).map_err(io)?;
        }
        Ok((ResumeLog { file, path: path.to_path_buf() }, records))
    }

    /// Appends `record` as one line and flushes it.
    pub fn append(&mut self, record: &InstanceRecord) -> Result<(), BatchError> {
        let mut line = serde_json::to_string(record).expect("records serialize");
        line.push('\n');
        let io = |source| BatchError::Io { path: self.path.clone(), source };
        self.file.write_all(line.as_bytes()).map_err(io)?;
        self.file.flush().map_err(io)
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: usize, status: InstanceStatus) -> InstanceRecord {
        InstanceRecord {
            id,
            board: "1,0,2,3".into(),
            heuristic: "manhattan".into(),
            status,
            moves: (status == InstanceStatus::Solved).then(|| "L".into()),
            length: (status == InstanceStatus::Solved).then_some(1),
            initial_h: 1,
            nodes_expanded: 1,
            nodes_generated: 2,
            iterations: 1,
            seconds: 0.5,
            cpu_seconds: 0.25,
            time_limit: Some(2.0),
            limit_clock: LimitClock::Wall,
            max_generated: Some(100),
        }
    }

    #[test]
    fn a_cut_short_last_line_is_dropped_and_removed() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.jsonl");
        let (mut log, none) = ResumeLog::open(&path).unwrap();
        assert!(none.is_empty());
        log.append(&record(1, InstanceStatus::Solved)).unwrap();
        log.append(&record(2, InstanceStatus::TimeLimit)).unwrap();
        drop(log);
        let whole = std::fs::read(&path).unwrap();
        // A kill in the middle of the third line: every cut point keeps the first two records.
        let third = serde_json::to_string(&record(3, InstanceStatus::Solved)).unwrap();
        for cut in 0..third.len() {
            let mut text = whole.clone();
            text.extend_from_slice(&third.as_bytes()[..cut]);
            std::fs::write(&path, &text).unwrap();
            let (mut log, records) = ResumeLog::open(&path).unwrap();
            assert_eq!(records, vec![record(1, InstanceStatus::Solved), record(2, InstanceStatus::TimeLimit)]);
            log.append(&record(3, InstanceStatus::Solved)).unwrap();
            let (_, records) = ResumeLog::open(&path).unwrap();
            assert_eq!(records.len(), 3, "cut at {cut}");
            assert_eq!(records[2], record(3, InstanceStatus::Solved));
        }
    }

    #[test]
    fn a_damaged_complete_line_is_an_error_naming_it() {
        let text = format!("{}\n\n{{\"id\": 1}}\n", serde_json::to_string(&record(1, InstanceStatus::Solved)).unwrap());
        let err = parse_records(text.as_bytes(), Path::new("r.jsonl")).unwrap_err();
        assert!(matches!(err, BatchError::Resume { line: 3, .. }), "{err}");
        assert!(err.to_string().starts_with("r.jsonl line 3: not a result line"), "{err}");
    }

    #[test]
    fn records_match_id_board_and_heuristic_and_settle_by_limits() {
        let inst = BenchmarkInstance { id: 1, start: Board::parse("1,0,2,3").unwrap() };
        let other_board = BenchmarkInstance { id: 1, start: Board::parse("0,1,2,3").unwrap() };
        let other_id = BenchmarkInstance { id: 2, start: Board::parse("1,0,2,3").unwrap() };
        let solved = record(1, InstanceStatus::Solved);
        assert!(solved.is_for(&inst, "manhattan"));
        assert!(!solved.is_for(&inst, "manhattan-lc") && !solved.is_for(&other_board, "manhattan"));
        assert!(!solved.is_for(&other_id, "manhattan"));
        let secs = |s: f64| Some(Duration::from_secs_f64(s));
        assert!(solved.settles(&Limits::default()));
        let timed = record(1, InstanceStatus::TimeLimit);
        assert!(timed.settles(&Limits { time_limit: secs(2.0), ..Limits::default() }));
        assert!(timed.settles(&Limits { time_limit: secs(1.0), ..Limits::default() }));
        assert!(!timed.settles(&Limits { time_limit: secs(3.0), ..Limits::default() }));
        assert!(!timed.settles(&Limits::default()));
        let budget = record(1, InstanceStatus::NodeLimit);
        assert!(budget.settles(&Limits { max_generated: Some(100), ..Limits::default() }));
        assert!(!budget.settles(&Limits { max_generated: Some(101), ..Limits::default() }));
        // 1,0,2,3 → goal 0,1,2,3: the blank moves left once.
        let goal = Board::goal(2).unwrap();
        assert!(solved.replays(&inst.start, &goal));
        let found =
            settled(&[other_id, inst.clone()], &[timed, solved.clone()], "manhattan", &Limits::default(), &goal);
        assert_eq!(found, vec![None, Some(solved.clone())]);
        for moves in [None, Some("R"), Some("LL"), Some("X")] {
            let wrong = InstanceRecord { moves: moves.map(String::from), ..solved.clone() };
            assert!(!wrong.replays(&inst.start, &goal));
            assert_eq!(
                settled(std::slice::from_ref(&inst), &[wrong], "manhattan", &Limits::default(), &goal),
                vec![None]
            );
        }
    }

    #[test]
    fn a_time_limit_settles_only_on_its_own_clock() {
        let secs = |s: f64, clock| Limits { time_limit: Some(Duration::from_secs_f64(s)), clock, max_generated: None };
        let wall = record(1, InstanceStatus::TimeLimit);
        let cpu = InstanceRecord { limit_clock: LimitClock::Cpu, ..wall.clone() };
        assert!(wall.settles(&secs(2.0, LimitClock::Wall)) && !wall.settles(&secs(2.0, LimitClock::Cpu)));
        assert!(cpu.settles(&secs(2.0, LimitClock::Cpu)) && !cpu.settles(&secs(1.0, LimitClock::Wall)));
        assert!(!cpu.settles(&secs(3.0, LimitClock::Cpu)));
        // Solved and node-limited records do not depend on the clock.
        let budget = Limits { max_generated: Some(100), clock: LimitClock::Cpu, ..Limits::default() };
        assert!(record(1, InstanceStatus::NodeLimit).settles(&budget));
        assert!(record(1, InstanceStatus::Solved).settles(&secs(9.0, LimitClock::Cpu)));
    }

    #[test]
    fn the_clock_is_written_lowercase_round_trips_and_defaults_to_wall() {
        let cpu = InstanceRecord { limit_clock: LimitClock::Cpu, ..record(4, InstanceStatus::TimeLimit) };
        let line = serde_json::to_string(&cpu).unwrap();
        assert!(line.contains(r#""limit_clock":"cpu""#), "{line}");
        assert_eq!(serde_json::from_str::<InstanceRecord>(&line).unwrap(), cpu);
        let wall = serde_json::to_string(&record(4, InstanceStatus::Solved)).unwrap();
        assert!(wall.contains(r#""limit_clock":"wall""#), "{wall}");
        // A line of an older resume file, as it wrote them (no limit_clock field).
        let old = r#"{"id":7,"board":"1,0,2,3","heuristic":"manhattan","status":"time-limit","moves":null,"length":null,"initial_h":1,"nodes_expanded":5,"nodes_generated":9,"iterations":1,"seconds":2.0,"cpu_seconds":1.9,"time_limit":2.0,"max_generated":null}"#;
        let parsed: InstanceRecord = serde_json::from_str(old).unwrap();
        assert_eq!((parsed.id, parsed.limit_clock, parsed.time_limit), (7, LimitClock::Wall, Some(2.0)));
        assert!(serde_json::from_str::<InstanceRecord>(
            &old.replace(r#""max_generated""#, r#""limit_clock":"gpu","max_generated""#)
        )
        .is_err());
    }
}
