//! The temporary files (`…searchlab-tmp-PID`) a run left in a folder and its subfolders.

use std::path::Path;

/// The names of the temporary files in `dir` and its folders.
pub fn temporaries(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            found.extend(temporaries(&entry.path()));
        } else if name.contains("searchlab-tmp") {
            found.push(name);
        }
    }
    found
}
