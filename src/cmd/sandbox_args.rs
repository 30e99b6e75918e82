//! The sandbox options: its limits and bound folders (`--memory`, `--disk`,
//! `--sandbox-bind`), shared by `check` (with `--sandbox`), `grade` (sandboxed unless
//! `--no-sandbox`) and `gradescope-bundle` (always sandboxed), which passes them on to the
//! check it bundles.

use std::path::PathBuf;

use searchlab_check::{parse_size, Sandbox};

/// The limits of each sandboxed run and what it may read besides the system.
#[derive(Debug, Clone, clap::Args)]
pub struct LimitArgs {
    /// Memory of each run, summed over all its processes (such as 512M or 1G) [default: 1G]
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub memory: Option<u64>,
    /// Disk of each run: its folder, all files together, and its /tmp [default: 256M]
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub disk: Option<u64>,
    /// A folder or file the programs may read besides the system's (an interpreter installed
    /// elsewhere, /opt/pypy say), read-only (repeatable)
    #[arg(long, value_name = "PATH", alias = "sandbox-allow")]
    pub sandbox_bind: Vec<PathBuf>,
}

impl LimitArgs {
    /// The first of these options given, as written (for "needs --sandbox" errors).
    pub fn first_given(&self) -> Option<&'static str> {
        if self.memory.is_some() {
            Some("--memory")
        } else if self.disk.is_some() {
            Some("--disk")
        } else {
            (!self.sandbox_bind.is_empty()).then_some("--sandbox-bind")
        }
    }

    /// The sandbox these options describe, with `suite` never readable, after checking
    /// that one can be made here.
    pub fn sandbox(&self, suite: Option<PathBuf>) -> anyhow::Result<Sandbox> {
        let defaults = Sandbox::default();
        let sandbox = Sandbox {
            memory: self.memory.unwrap_or(defaults.memory),
            disk: self.disk.unwrap_or(defaults.disk),
            bind: self.sandbox_bind.clone(),
            secret: suite.into_iter().collect(),
            ..defaults
        };
        sandbox.probe()?;
        Ok(sandbox)
    }

    /// `--sandbox` and these options as `searchlab check` takes them, one word each (sizes
    /// in bytes).
    pub fn check_options(&self) -> Vec<String> {
        let mut words = vec!["--sandbox".to_owned()];
        for (flag, size) in [("--memory", self.memory), ("--disk", self.disk)] {
            if let Some(bytes) = size {
                words.extend([flag.to_owned(), bytes.to_string()]);
            }
        }
        for path in &self.sandbox_bind {
            words.extend(["--sandbox-bind".to_owned(), path.to_string_lossy().into_owned()]);
        }
        words
    }
}

/// `check`'s sandbox options: `--sandbox` and the limits.
#[derive(Debug, clap::Args)]
pub struct SandboxArgs {
    /// Run each program in a sandbox (bubblewrap): no network, only the system's folders and
    /// its own visible, limits of memory, processes and disk per run. See below.
    #[arg(long)]
    pub sandbox: bool,
    /// The sandbox's limits and bound folders.
    #[command(flatten)]
    pub limits: LimitArgs,
}

impl SandboxArgs {
    /// The sandbox, with the `suite` folder never readable, or `None` without `--sandbox`;
    /// an error when a limit is given without it, or when bubblewrap cannot make one here.
    pub fn resolve(&self, suite: Option<PathBuf>) -> anyhow::Result<Option<Sandbox>> {
        if !self.sandbox {
            if let Some(flag) = self.limits.first_given() {
                anyhow::bail!("{flag} is a limit of the sandbox: add --sandbox");
            }
            return Ok(None);
        }
        Ok(Some(self.limits.sandbox(suite)?))
    }
}
