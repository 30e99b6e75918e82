//! `searchlab grade --anonymize`: stable pseudonyms for the students' names, and the key file
//! `OUT/anonymize-key.csv` that alone maps them back.
//!
//! A pseudonym is `student-` and the first 8 hex digits of SHA-256(salt, `\n`, name), the
//! salt being 16 random bytes kept in the key file's first line. The same salt gives the same
//! pseudonyms: `--resume` reuses OUT's key, and shards share one key file
//! (`--anonymize-key FILE`, created by whichever shard comes first). Without the salt a
//! pseudonym cannot be computed from a name.

use std::collections::BTreeMap;
use std::io::Read as _;
use std::path::Path;

use sha2::{Digest as _, Sha256};

use super::escape::csv_cell;

/// The key file's name in the output folder.
pub const KEY_FILE: &str = "anonymize-key.csv";

/// The first line of a key file, before the salt in hex.
const SALT_LINE: &str = "# searchlab grade --anonymize key; salt ";

/// A class's pseudonym key: the salt and the pseudonyms given so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PseudonymKey {
    /// The salt in hex.
    salt: String,
    /// Pseudonym → student.
    names: BTreeMap<String, String>,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl PseudonymKey {
    /// A key with a fresh random salt (from `/dev/urandom`).
    pub fn random() -> std::io::Result<PseudonymKey> {
        let mut salt = [0u8; 16];
        std::fs::File::open("/dev/urandom")?.read_exact(&mut salt)?;
        Ok(PseudonymKey { salt: hex(&salt), names: BTreeMap::new() })
    }

    /// A key with this salt (in hex), for tests and reproducible classes.
    pub fn with_salt(salt: &str) -> PseudonymKey {
        PseudonymKey { salt: salt.to_owned(), names: BTreeMap::new() }
    }

    /// The pseudonym of `student`, remembered for the key file.
    pub fn pseudonym(&mut self, student: &str) -> String {
        let digest =
            Sha256::new().chain_update(self.salt.as_bytes()).chain_update(b"\n").chain_update(student).finalize();
        let pseudonym = format!("student-{}", &hex(&digest)[..8]);
        self.names.entry(pseudonym.clone()).or_insert_with(|| student.to_owned());
        pseudonym
    }

    /// The student a pseudonym stands for.
    pub fn student(&self, pseudonym: &str) -> Option<&str> {
        self.names.get(pseudonym).map(String::as_str)
    }

    /// What `grade.json` records of the key: a hash of the salt (not the salt), equal for
    /// outputs whose pseudonyms agree.
    pub fn fingerprint(&self) -> String {
        let digest = Sha256::new().chain_update(b"searchlab grade key\n").chain_update(self.salt.as_bytes()).finalize();
        format!("sha256:{}", &hex(&digest)[..16])
    }

    /// Adds the pseudonyms of `other` (a key with the same salt); an error naming a pseudonym
    /// that stands for two students.
    pub fn join(&mut self, other: &PseudonymKey) -> Result<(), String> {
        for (pseudonym, student) in &other.names {
            match self.names.get(pseudonym) {
                Some(known) if known != student => {
                    return Err(format!("{pseudonym} stands for two students: grade again with a new key"))
                }
                _ => {
                    self.names.insert(pseudonym.clone(), student.clone());
                }
            }
        }
        Ok(())
    }

    /// The key file: the salt line, then `pseudonym,student` rows sorted by student, each
    /// name as a spreadsheet may show it ([`csv_cell`]: no formula, no control character). A
    /// name read back from the file is that form, and written again unchanged.
    pub fn to_csv(&self) -> String {
        let mut out = csv::Writer::from_writer(Vec::new());
        let _ = out.write_record(["pseudonym", "student"]);
        let mut rows: Vec<(&String, &String)> = self.names.iter().collect();
        rows.sort_by(|a, b| a.1.cmp(b.1).then(a.0.cmp(b.0)));
        for (pseudonym, student) in rows {
            let _ = out.write_record([pseudonym.as_str(), &csv_cell(student)]);
        }
        let bytes = out.into_inner().unwrap_or_default();
        format!("{SALT_LINE}{}\n{}", self.salt, String::from_utf8_lossy(&bytes))
    }

    /// Reads a key file; `None` when there is none.
    pub fn read(path: &Path) -> Result<Option<PseudonymKey>, String> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("{}: {e}", path.display())),
        };
        let bad = |why: &str| format!("{}: not a key of `searchlab grade --anonymize`: {why}", path.display());
        let (first, rest) = text.split_once('\n').unwrap_or((&text, ""));
        let salt = first.strip_prefix(SALT_LINE).ok_or_else(|| bad("no salt line"))?.trim();
        if salt.len() < 16 || !salt.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad("the salt is not hex"));
        }
        let mut key = PseudonymKey::with_salt(salt);
        let mut reader = csv::Reader::from_reader(rest.as_bytes());
        for record in reader.records() {
            let record = record.map_err(|e| bad(&e.to_string()))?;
            let (Some(pseudonym), Some(student)) = (record.get(0), record.get(1)) else {
                return Err(bad("a row without two fields"));
            };
            key.names.insert(pseudonym.to_owned(), student.to_owned());
        }
        Ok(Some(key))
    }

    /// The key in `path`, or a new random one written there when there is none (atomically:
    /// of shards starting together, the first one's key is everyone's).
    pub fn shared(path: &Path) -> Result<PseudonymKey, String> {
        if let Some(key) = PseudonymKey::read(path)? {
            return Ok(key);
        }
        let failed = |e: std::io::Error| format!("{}: {e}", path.display());
        let key = PseudonymKey::random().map_err(failed)?;
        let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let mut temp = tempfile::NamedTempFile::new_in(dir).map_err(failed)?;
        std::io::Write::write_all(&mut temp, key.to_csv().as_bytes()).map_err(failed)?;
        // A hard link fails when the file exists: then another shard's key wins.
        match std::fs::hard_link(temp.path(), path) {
            Ok(()) => Ok(key),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                PseudonymKey::read(path)?.ok_or_else(|| format!("{}: vanished", path.display()))
            }
            Err(e) => Err(failed(e)),
        }
    }
}

/// The key to grade into `out` with: the key file `shared` (made when missing) if given, else
/// with `resume` the key `out` already has, else a new random one.
pub fn class_key(out: &Path, shared: Option<&Path>, resume: bool) -> Result<PseudonymKey, String> {
    if let Some(shared) = shared {
        let mut key = PseudonymKey::shared(shared)?;
        // On --resume the students named so far stay in OUT's key file.
        if let Some(earlier) = PseudonymKey::read(&out.join(KEY_FILE))?.filter(|k| resume && k.salt == key.salt) {
            key.join(&earlier)?;
        }
        return Ok(key);
    }
    match PseudonymKey::read(&out.join(KEY_FILE))?.filter(|_| resume) {
        Some(key) => Ok(key),
        None => PseudonymKey::random().map_err(|e| format!("/dev/urandom: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pseudonyms_are_salted_stable_and_read_back() {
        let mut key = PseudonymKey::with_salt("00112233445566778899aabbccddeeff");
        let alice = key.pseudonym("alice");
        assert!(alice.starts_with("student-") && alice.len() == 16, "{alice}");
        assert_eq!(key.pseudonym("alice"), alice);
        assert_ne!(key.pseudonym("bob, jr"), alice);
        let mut other = PseudonymKey::with_salt("ffeeddccbbaa99887766554433221100");
        assert_ne!(other.pseudonym("alice"), alice);
        assert_ne!(other.fingerprint(), key.fingerprint());
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(KEY_FILE);
        std::fs::write(&path, key.to_csv()).unwrap();
        let read = PseudonymKey::read(&path).unwrap().unwrap();
        assert_eq!(read, key);
        assert_eq!(read.student(&alice), Some("alice"));
        assert!(key.to_csv().contains("\"bob, jr\""));
    }

    #[test]
    fn the_key_file_holds_no_formula_and_no_escape() {
        let mut key = PseudonymKey::with_salt("00112233445566778899aabbccddeeff");
        let link = key.pseudonym("=HYPERLINK(\"http://evil\",\"x\")");
        let esc = key.pseudonym("esc\u{1b}[31mred");
        let csv = key.to_csv();
        assert!(csv.contains(&format!("{link},\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\"\n")), "{csv}");
        assert!(csv.contains(&format!("{esc},esc\\x1B[31mred\n")) && !csv.contains('\u{1b}'), "{csv}");
        // Read back and written again: the same file.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(KEY_FILE);
        std::fs::write(&path, &csv).unwrap();
        let read = PseudonymKey::read(&path).unwrap().unwrap();
        assert_eq!(read.student(&esc), Some("esc\\x1B[31mred"));
        assert_eq!(read.to_csv(), csv);
    }

    #[test]
    fn a_shared_key_is_made_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("class-key.csv");
        let first = PseudonymKey::shared(&path).unwrap();
        let again = PseudonymKey::shared(&path).unwrap();
        assert_eq!(first.fingerprint(), again.fingerprint());
        std::fs::write(&path, "pseudonym,student\n").unwrap();
        assert!(PseudonymKey::shared(&path).unwrap_err().contains("no salt line"));
    }
}
