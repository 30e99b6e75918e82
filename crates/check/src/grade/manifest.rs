//! `grade.json`: what a grade output folder holds (the puzzle, the case options, the shard and
//! the students graded), so that `searchlab grade merge` joins only outputs graded alike and
//! `--resume` goes on only with the options it started with.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use sha2::{Digest as _, Sha256};

use crate::cases::{Puzzle, TestCase};

/// The manifest's file name in the output folder.
pub const MANIFEST_FILE: &str = "grade.json";

/// The manifest's format number, raised when its meaning changes.
pub const GRADE_FORMAT: u32 = 1;

/// One of `N` shards of a class: the students (sorted by name) whose index `i` (from 0) has
/// `i % N == K - 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, from 1.
    pub k: usize,
    /// How many shards.
    pub n: usize,
}

impl Shard {
    /// Whether the student at `index` (from 0, in name order) belongs to this shard.
    pub fn contains(self, index: usize) -> bool {
        index % self.n == self.k - 1
    }
}

impl FromStr for Shard {
    type Err = String;

    /// `K/N` with `1 ≤ K ≤ N`.
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard {text}: write K/N with 1 <= K <= N, such as 1/4 (the first of four shards)");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (k, n): (usize, usize) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl serde::Serialize for Shard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Shard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Shard, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// How the students were graded: two outputs can be merged when these are equal.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GradeSettings {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The N-puzzle assignment's edition (`2020` or `2017`).
    pub edition: String,
    /// The methods or letters tested, in order (the gradebook's columns).
    pub methods: Vec<String>,
    /// The command template, as given.
    pub command: String,
    /// Each run's timeout in seconds.
    pub timeout: f64,
    /// Whether every case ran (`--thorough`).
    pub thorough: bool,
    /// How many cases.
    pub cases: usize,
    /// The SHA-256 of the cases (names, inputs and expected answers) in JSON.
    pub cases_sha256: String,
    /// The fingerprint of the pseudonym key (`--anonymize`), or none for real names.
    pub anonymize_key: Option<String>,
}

impl GradeSettings {
    /// The first setting in which `self` and `other` differ, as `name: this vs that`.
    pub fn difference(&self, other: &GradeSettings) -> Option<String> {
        let show = |s: &GradeSettings| -> Vec<(&'static str, String)> {
            vec![
                ("puzzle", s.puzzle.name().to_owned()),
                ("edition", s.edition.clone()),
                ("methods", s.methods.join(",")),
                ("command", s.command.clone()),
                ("timeout", format!("{} s", s.timeout)),
                ("thorough", s.thorough.to_string()),
                ("cases", format!("{} cases, sha256 {}", s.cases, &s.cases_sha256[..s.cases_sha256.len().min(12)])),
                ("anonymize key", s.anonymize_key.clone().unwrap_or_else(|| "none (real names)".to_owned())),
            ]
        };
        show(self)
            .into_iter()
            .zip(show(other))
            .find(|(a, b)| a.1 != b.1)
            .map(|(a, b)| format!("{}: {} vs {}", a.0, a.1, b.1))
    }
}

/// The SHA-256 of `cases` in JSON, in hex.
pub fn cases_fingerprint(cases: &[TestCase]) -> String {
    let json = serde_json::to_string(cases).unwrap_or_default();
    Sha256::digest(json.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// `grade.json`.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GradeManifest {
    /// [`GRADE_FORMAT`].
    pub format: u32,
    /// How the students were graded.
    pub settings: GradeSettings,
    /// The shard graded, or none for the whole class (or a merge).
    pub shard: Option<Shard>,
    /// The students graded (their pseudonyms under `--anonymize`), sorted.
    pub students: Vec<String>,
}

impl GradeManifest {
    /// Reads `DIR/grade.json`; `None` when there is none, an error text when it cannot be read.
    pub fn read(dir: &Path) -> Result<Option<GradeManifest>, String> {
        let path = dir.join(MANIFEST_FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("{}: {e}", path.display())),
        };
        let manifest: GradeManifest =
            serde_json::from_str(&text).map_err(|e| format!("{}: not a grade manifest: {e}", path.display()))?;
        if manifest.format != GRADE_FORMAT {
            return Err(format!(
                "{}: format {} (this searchlab reads {GRADE_FORMAT})",
                path.display(),
                manifest.format
            ));
        }
        Ok(Some(manifest))
    }

    /// The manifest as pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_split_the_class() {
        let shard: Shard = "2/3".parse().unwrap();
        assert_eq!(shard, Shard { k: 2, n: 3 });
        assert_eq!((0..7).filter(|i| shard.contains(*i)).collect::<Vec<_>>(), [1, 4]);
        for bad in ["0/2", "3/2", "1/0", "2", "a/b", "1/2/3", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!(serde_json::to_string(&shard).unwrap(), "\"2/3\"");
        assert_eq!(serde_json::from_str::<Shard>("\"2/3\"").unwrap(), shard);
    }

    #[test]
    fn settings_name_their_first_difference() {
        let a = GradeSettings {
            puzzle: Puzzle::Digits,
            edition: "2020".into(),
            methods: vec!["B".into()],
            command: "python3 t.py {letter} {file}".into(),
            timeout: 10.0,
            thorough: false,
            cases: 3,
            cases_sha256: "ab".repeat(32),
            anonymize_key: None,
        };
        let mut b = a.clone();
        assert_eq!(a.difference(&b), None);
        b.methods.push("A".into());
        assert_eq!(a.difference(&b).unwrap(), "methods: B vs B,A");
    }
}
