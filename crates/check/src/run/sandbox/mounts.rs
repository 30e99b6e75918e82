//! The file system a sandboxed program sees, as an allow list: an empty root on which
//! bubblewrap shows, read-only, the system's program and library folders, a few files of
//! `/etc` that dynamic linking, time zones and the language runtimes read, a private `/dev`,
//! `/proc` and `/tmp`, the folders the command needs (the student's own copy, its
//! interpreter's, those given with `--sandbox-bind`), and the run's folder, the only one it
//! may write. Nothing else exists in it: not the grader's files, the homes, `/run` or `/var`.
//!
//! Inside what is shown, the answer keys are masked: the grader's own binary, any
//! `searchlab` program in the shown part of PATH, and any `searchlab` Python package in a
//! shown interpreter's `site-packages`.

use std::ffi::{OsStr, OsString};
use std::path::{Component, Path, PathBuf};

/// The system folders shown read-only, when they exist (a symlink such as `/bin -> usr/bin`
/// is made again as the same symlink).
pub(crate) const SYSTEM: [&str; 7] = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];

/// The entries of `/etc` shown (a trailing `*` matches any ending): the dynamic linker's
/// cache, Debian's alternatives (`/usr/bin/java` points through them), time zones, and the
/// runtimes' own configuration. No password file, no keys, no service's configuration.
pub(crate) const ETC: [&str; 10] = [
    "alternatives",
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "localtime",
    "timezone",
    "nsswitch.conf",
    "java-*",
    "python3*",
    "mono",
];

/// Homes: the folders under which an interpreter is shown by its first dot-folder
/// (`/root/.pyenv`) rather than whole.
const HOMES: [&str; 2] = ["/root", "/home"];

/// What the program may see besides the system: shown read-only, then masked, then the run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct View {
    /// Folders (or files) shown read-only at their own path.
    pub shown: Vec<PathBuf>,
    /// Answer keys inside what is shown, replaced by an empty folder or an empty file.
    pub masked: Vec<PathBuf>,
    /// The run's folder, writable.
    pub run_dir: PathBuf,
}

/// Whether `path` lies in a system folder (what is always shown).
fn in_system(path: &Path) -> bool {
    SYSTEM.iter().any(|s| path.starts_with(s))
}

/// Whether `path` may never be shown whole: `/`, `/tmp`, a home or the folder of homes.
pub(crate) fn too_wide(path: &Path) -> bool {
    path.parent().is_none()
        || path == Path::new("/tmp")
        || HOMES.iter().any(|h| path == Path::new(h))
        || path.parent() == Some(Path::new("/home"))
}

/// The folder to show for a program that is not in a system folder: below a home, the first
/// dot-folder under it (`/root/.pyenv`, `/home/ann/.local`), else the program's own folder.
pub(crate) fn interpreter_folder(program: &Path) -> Option<PathBuf> {
    if in_system(program) {
        return None;
    }
    let home = HOMES.iter().map(Path::new).find(|h| program.starts_with(h));
    if let Some(home) = home {
        let mut folder = home.to_path_buf();
        for part in program.strip_prefix(home).ok()?.parent()?.components() {
            let Component::Normal(name) = part else { break };
            folder.push(name);
            if name.to_string_lossy().starts_with('.') {
                return Some(folder);
            }
        }
    }
    program.parent().map(Path::to_path_buf)
}

/// The answer keys in what is shown: the running binary, `searchlab*` files in the shown
/// folders of `path_dirs`, and `searchlab*` entries of the Python package folders in `roots`.
pub(crate) fn answer_keys(roots: &[PathBuf], path_dirs: &[PathBuf]) -> Vec<PathBuf> {
    let visible = |p: &Path| roots.iter().any(|r| p.starts_with(r));
    let mut keys: Vec<PathBuf> = Vec::new();
    if let Some(exe) = std::env::current_exe().ok().and_then(|e| e.canonicalize().ok()) {
        keys.push(exe);
    }
    for dir in path_dirs.iter().filter_map(|d| d.canonicalize().ok()) {
        keys.extend(named_searchlab(&dir));
    }
    for root in roots {
        for packages in python_package_folders(root) {
            keys.extend(named_searchlab(&packages));
        }
    }
    keys.retain(|k| visible(k));
    keys.sort();
    keys.dedup();
    keys
}

/// The entries of `dir` whose name begins with `searchlab` (in any case).
fn named_searchlab(dir: &Path) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir).into_iter().flatten().flatten();
    entries
        .filter(|e| e.file_name().to_string_lossy().to_ascii_lowercase().starts_with("searchlab"))
        .map(|e| e.path())
        .collect()
}

/// The `site-packages` and `dist-packages` folders of the Python installations in `root`:
/// `lib/python3*/`, `local/lib/python3*/`, `lib/python3/` (Debian) and pyenv's
/// `versions/*/lib/python3*/`.
fn python_package_folders(root: &Path) -> Vec<PathBuf> {
    let children = |dir: &Path| -> Vec<PathBuf> {
        std::fs::read_dir(dir).into_iter().flatten().flatten().map(|e| e.path()).collect()
    };
    let mut libs = vec![root.join("lib"), root.join("local/lib")];
    libs.extend(children(&root.join("versions")).into_iter().map(|v| v.join("lib")));
    let mut found = Vec::new();
    for lib in libs {
        for python in children(&lib) {
            if python.file_name().is_some_and(|n| n.to_string_lossy().starts_with("python")) {
                found.extend(
                    ["site-packages", "dist-packages"].map(|p| python.join(p)).into_iter().filter(|p| p.is_dir()),
                );
            }
        }
    }
    found
}

/// bubblewrap's arguments that build `view` on an empty root, with `/tmp` of `tmp_bytes`.
pub(crate) fn mount_args(view: &View, tmp_bytes: u64) -> Vec<OsString> {
    let mut args = Args::default();
    for system in SYSTEM.iter().map(Path::new) {
        match std::fs::read_link(system) {
            Ok(target) => args.push(["--symlink".as_ref(), target.as_os_str(), system.as_os_str()]),
            Err(_) if system.is_dir() => args.bind(system),
            Err(_) => {}
        }
    }
    args.push(["--perms", "0755", "--dir", "/etc"].map(OsStr::new));
    args.made.push(PathBuf::from("/etc"));
    for entry in std::fs::read_dir("/etc").into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let allowed = ETC.iter().any(|e| match e.strip_suffix('*') {
            Some(prefix) => name.starts_with(prefix),
            None => name == *e,
        });
        if allowed && entry.path().exists() {
            args.bind(&entry.path());
        }
    }
    args.push(["--dev", "/dev", "--proc", "/proc", "--perms", "1777", "--size"].map(OsStr::new));
    args.push([OsStr::new(&tmp_bytes.to_string()), OsStr::new("--tmpfs"), OsStr::new("/tmp")]);
    args.made.push(PathBuf::from("/tmp"));
    let mut shown = view.shown.clone();
    shown.sort_by_key(|p| p.components().count());
    for path in &shown {
        args.bind(path);
    }
    for key in &view.masked {
        if key.is_dir() {
            args.push([OsStr::new("--tmpfs"), key.as_os_str()]);
        } else {
            args.push([OsStr::new("--ro-bind"), OsStr::new("/dev/null"), key.as_os_str()]);
        }
    }
    args.parents(&view.run_dir);
    let run = view.run_dir.as_os_str();
    args.push([OsStr::new("--bind"), run, run, OsStr::new("--chdir"), run]);
    args.words
}

/// bubblewrap's arguments being built, and the folders already there.
#[derive(Debug, Default)]
struct Args {
    words: Vec<OsString>,
    /// Folders made so far (empty, or a tmpfs): folders may be made or mounted inside.
    made: Vec<PathBuf>,
    /// Folders shown so far: what is inside them is there already.
    bound: Vec<PathBuf>,
}

impl Args {
    fn push<'a>(&mut self, words: impl IntoIterator<Item = &'a OsStr>) {
        self.words.extend(words.into_iter().map(OsStr::to_os_string));
    }

    /// Makes the folders above `path` that do not exist yet, searchable by everyone
    /// (bubblewrap would make them for their owner only, and the program runs as another).
    fn parents(&mut self, path: &Path) {
        let mut missing: Vec<PathBuf> = Vec::new();
        for parent in path.ancestors().skip(1) {
            let there = |m: &PathBuf| parent == m.as_path();
            if parent == Path::new("/")
                || self.made.iter().any(there)
                || self.bound.iter().any(|b| parent.starts_with(b))
            {
                break;
            }
            missing.push(parent.to_path_buf());
        }
        for parent in missing.into_iter().rev() {
            self.push([OsStr::new("--perms"), OsStr::new("0755"), OsStr::new("--dir"), parent.as_os_str()]);
            self.made.push(parent);
        }
    }

    /// Shows `path` read-only at its own place (once; inside a shown folder it is there already).
    fn bind(&mut self, path: &Path) {
        if self.bound.iter().any(|b| path.starts_with(b)) {
            return;
        }
        self.parents(path);
        self.push([OsStr::new("--ro-bind"), path.as_os_str(), path.as_os_str()]);
        self.bound.push(path.to_path_buf());
    }
}
