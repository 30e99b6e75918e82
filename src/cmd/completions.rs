//! `searchlab completions <shell>`: prints a shell completion script (clap_complete).

use std::io::Write;

use clap_complete::Shell;

use crate::exit::Exit;

const AFTER_HELP: &str = "\
Examples:
  searchlab completions bash > ~/.local/share/bash-completion/completions/searchlab
  searchlab completions zsh > ~/.zfunc/_searchlab        # with fpath+=~/.zfunc before compinit
  searchlab completions fish > ~/.config/fish/completions/searchlab.fish
  searchlab completions powershell >> $PROFILE";

/// Arguments of `searchlab completions`.
#[derive(Debug, clap::Args)]
#[command(after_help = AFTER_HELP)]
pub struct Args {
    /// The shell to complete for.
    #[arg(value_parser = ["bash", "zsh", "fish", "powershell"])]
    pub shell: String,
}

/// Writes the completion script for `command` (the whole command line) to stdout.
pub fn run(args: Args, mut command: clap::Command) -> anyhow::Result<Exit> {
    let shell = match args.shell.as_str() {
        "bash" => Shell::Bash,
        "zsh" => Shell::Zsh,
        "fish" => Shell::Fish,
        _ => Shell::PowerShell,
    };
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "searchlab", &mut script);
    std::io::stdout().lock().write_all(&script)?;
    Ok(Exit::Answered)
}
