//! The sandbox options of `check` (`--sandbox`, `--memory`, `--sandbox-allow`), shared with
//! `gradescope-bundle`, which passes them on to the check it bundles.

use std::path::PathBuf;

use searchlab_check::{parse_size, Sandbox};

use super::case_args::CaseArgs;

/// Whether and how each program runs in the sandbox.
#[derive(Debug, clap::Args)]
pub struct SandboxArgs {
    /// Run each program in a sandbox (bubblewrap): no network, read-only files, hidden homes
    /// and suite, memory, CPU, process and file-size limits. See below.
    #[arg(long)]
    pub sandbox: bool,
    /// With --sandbox: the memory each run may use (such as 512M or 1G).
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_size, requires = "sandbox")]
    pub memory: u64,
    /// With --sandbox: a folder the program may read although it is hidden (repeatable).
    #[arg(long, value_name = "DIR", requires = "sandbox")]
    pub sandbox_allow: Vec<PathBuf>,
}

impl SandboxArgs {
    /// The sandbox, with `case`'s suite folder hidden, or `None` without `--sandbox`; an error
    /// when bubblewrap cannot make one here.
    pub fn resolve(&self, case: &CaseArgs) -> anyhow::Result<Option<Sandbox>> {
        if !self.sandbox {
            return Ok(None);
        }
        Sandbox::probe()?;
        let hide = case.suite_folder().into_iter().collect();
        Ok(Some(Sandbox { memory: self.memory, hide, allow: self.sandbox_allow.clone(), ..Sandbox::default() }))
    }

    /// These options as `searchlab check` takes them, one word each (none without
    /// `--sandbox`; the memory in bytes).
    pub fn check_options(&self) -> Vec<String> {
        if !self.sandbox {
            return Vec::new();
        }
        let mut words = vec!["--sandbox".to_owned(), "--memory".to_owned(), self.memory.to_string()];
        for dir in &self.sandbox_allow {
            words.push("--sandbox-allow".to_owned());
            words.push(dir.to_string_lossy().into_owned());
        }
        words
    }
}
