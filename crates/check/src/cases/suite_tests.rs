use super::*;
use crate::cases::{digits_cases, digits_expected_text, npuzzle_cases};

fn digits_suite() -> Vec<TestCase> {
    let labels = vec!["spec".to_owned()];
    digits_cases([("example", "320\n110\n", labels.as_slice()), ("crlf", "320\r\n110\r\n", &labels[..])], &["B", "A"])
        .unwrap()
}

#[test]
fn a_plain_suite_reads_back_as_written() {
    let dir = tempfile::tempdir().unwrap();
    let cases = digits_suite();
    let manifest = write_suite(dir.path(), &cases, false, false, "test").unwrap();
    assert_eq!(manifest.cases.len(), 4);
    assert_eq!(load_suite(dir.path()).unwrap(), cases);
    let answer = std::fs::read_to_string(dir.path().join("expected/example-A.txt")).unwrap();
    assert_eq!(answer, "320,220,210,110\n320,310,210,220,210,110\n");
    // The input file keeps its exact bytes (CRLF included).
    assert_eq!(std::fs::read(dir.path().join("inputs/crlf-B.txt")).unwrap(), b"320\r\n110\r\n");
}

#[test]
fn a_hashed_suite_has_no_answers_but_recognises_them() {
    let dir = tempfile::tempdir().unwrap();
    let cases = digits_suite();
    write_suite(dir.path(), &cases, true, false, "").unwrap();
    assert!(!dir.path().join("expected").exists());
    let all = std::fs::read_to_string(dir.path().join(MANIFEST_FILE_NAME)).unwrap();
    assert!(!all.contains("320,310,210,220"), "the manifest must not hold an answer");
    let loaded = load_suite(dir.path()).unwrap();
    for (l, c) in loaded.iter().zip(&cases) {
        assert_eq!((&l.name, &l.input, &l.method), (&c.name, &c.input, &c.method));
        assert!(l.expected.text().is_none());
        assert!(l.expected.matches(&digits_expected_text(&c.method, &c.input).unwrap()));
        assert!(!l.expected.matches("No solution found.\n320\n"));
    }
}

#[test]
fn npuzzle_boards_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let labels = vec!["depth-3".to_owned()];
    let cases = npuzzle_cases([("r0", "1,2,5,3,4,0,6,7,8", labels.as_slice())], &["bfs"]).unwrap();
    write_suite(dir.path(), &cases, false, false, "").unwrap();
    assert_eq!(std::fs::read_to_string(dir.path().join("inputs/r0-bfs.txt")).unwrap(), "1,2,5,3,4,0,6,7,8\n");
    assert_eq!(load_suite(dir.path()).unwrap(), cases);
}

#[test]
fn a_folder_with_files_is_refused_without_force_and_kept_with_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "mine").unwrap();
    let err = write_suite(dir.path(), &digits_suite(), false, false, "").unwrap_err();
    assert!(matches!(err, CasesError::NotEmpty(_)), "{err}");
    assert!(!dir.path().join(MANIFEST_FILE_NAME).exists());
    write_suite(dir.path(), &digits_suite(), false, true, "").unwrap();
    assert_eq!(std::fs::read_to_string(dir.path().join("notes.txt")).unwrap(), "mine");
    // A folder that does not exist yet is made.
    let inner = dir.path().join("new/suite");
    write_suite(&inner, &digits_suite(), true, false, "").unwrap();
    assert_eq!(load_suite(&inner).unwrap().len(), 4);
}

#[test]
fn an_edited_answer_or_a_path_outside_the_folder_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    write_suite(dir.path(), &digits_suite(), false, false, "").unwrap();
    std::fs::write(dir.path().join("expected/example-B.txt"), "320,110\n320,110\n").unwrap();
    assert!(matches!(load_suite(dir.path()), Err(CasesError::Format { .. })));

    let manifest = std::fs::read_to_string(dir.path().join(MANIFEST_FILE_NAME)).unwrap();
    let escaped = manifest.replace("\"inputs/example-B.txt\"", "\"../../etc/passwd\"");
    std::fs::write(dir.path().join(MANIFEST_FILE_NAME), escaped).unwrap();
    let err = load_suite(dir.path()).unwrap_err();
    assert!(err.to_string().contains("not a path inside"), "{err}");

    std::fs::write(dir.path().join(MANIFEST_FILE_NAME), "{\"format\": \"other/9\"}").unwrap();
    assert!(matches!(load_suite(dir.path()), Err(CasesError::Format { .. })));
}

#[test]
fn repeated_names_and_mixed_puzzles_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut cases = digits_suite();
    cases.push(cases[0].clone());
    assert!(write_suite(dir.path(), &cases, false, false, "").is_err());
    let mut mixed = digits_suite();
    mixed[1].puzzle = Puzzle::Npuzzle;
    assert!(write_suite(dir.path(), &mixed, false, false, "").is_err());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0, "nothing written");
}

#[test]
fn a_suites_files_are_its_manifest_and_the_files_it_names() {
    let dir = tempfile::tempdir().unwrap();
    let cases = digits_suite();
    write_suite(dir.path(), &cases, false, false, "").unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not part of the suite").unwrap();
    let files = suite_files(dir.path()).unwrap();
    assert_eq!(files[0], MANIFEST_FILE_NAME);
    assert_eq!(files.len(), 1 + 2 * cases.len(), "{files:?}");
    assert!(files.contains(&"inputs/crlf-A.txt".to_owned()) && files.contains(&"expected/example-B.txt".to_owned()));
    let hashed = tempfile::tempdir().unwrap();
    write_suite(hashed.path(), &cases, true, false, "").unwrap();
    assert_eq!(suite_files(hashed.path()).unwrap().len(), 1 + cases.len(), "no answer files when hashed");
    // A manifest that names a file outside the folder is refused.
    let manifest = dir.path().join(MANIFEST_FILE_NAME);
    let text = std::fs::read_to_string(&manifest).unwrap().replace("inputs/crlf-A.txt", "../crlf-A.txt");
    std::fs::write(&manifest, text).unwrap();
    assert!(suite_files(dir.path()).unwrap_err().to_string().contains("not a path inside the suite folder"));
}
