//! Running a program once: a fresh temporary folder, stdin closed, output capped, a
//! timeout that kills the program with every process it started, and the run contained as
//! a whole (`crate::run::contain`): its memory, processes and disk counted per run.

use super::spec::{RunConfig, RunResult, RunSpec, INPUT_FILE_NAME};
use super::supervise::supervise;
use crate::run::contain::{ContainError, Container, RunLimits};
use crate::run::files::collect_files;
use crate::run::sandbox::{is_root, run_user, Sandbox};
use crate::{CommandTemplate, RunError};

/// Runs `template` once with `spec` in a fresh temporary folder (removed afterwards).
pub fn run_once(template: &CommandTemplate, spec: &RunSpec, config: &RunConfig) -> Result<RunResult, RunError> {
    let mut builder = tempfile::Builder::new();
    builder.prefix("searchlab-check-");
    let dir = match &config.temp_root {
        Some(root) => builder.tempdir_in(root),
        None => builder.tempdir(),
    }
    .map_err(RunError::TempDir)?;
    // As root, a sandboxed run has a user of its own, who owns its folder's file system.
    let uid = config.sandbox.as_ref().filter(|_| is_root()).map(|_| run_user());
    let grouped = config.sandbox.is_some() || config.group_unsandboxed;
    let mut container = match Container::new(dir.path(), run_limits(config.sandbox.as_ref()), uid, grouped) {
        Ok(container) => container,
        Err(ContainError::Interrupted) => return Err(RunError::Interrupted),
    };
    let mut values = spec.values.clone();
    if values.dir.is_none() {
        values.dir = Some(
            std::path::absolute(&config.base_dir)
                .unwrap_or_else(|_| config.base_dir.clone())
                .to_string_lossy()
                .into_owned(),
        );
    }
    if let Some(input) = &spec.input {
        let path = dir.path().join(INPUT_FILE_NAME);
        std::fs::write(&path, input).map_err(RunError::TempDir)?;
        values.file = Some(path.to_string_lossy().into_owned());
    }
    let argv = template.argv(&values, &config.base_dir)?;
    let mut result = supervise(&argv, dir.path(), config, &mut container, uid)?;
    let skip = spec.input.as_ref().map(|_| INPUT_FILE_NAME);
    result.files = collect_files(dir.path(), skip, config.output_cap);
    // The groups, the folder's file system and the folder go, in that order.
    drop(container);
    Ok(result)
}

/// The limits of a run as a whole: the sandbox's, or none (the run is still one group that
/// ends together).
fn run_limits(sandbox: Option<&Sandbox>) -> RunLimits {
    match sandbox {
        Some(s) => RunLimits { memory: Some(s.memory), processes: Some(s.processes), disk: Some(s.disk) },
        None => RunLimits::default(),
    }
}

#[cfg(test)]
#[path = "once_tests.rs"]
mod tests;
