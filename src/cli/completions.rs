//! `carousel completions`: shell completion scripts, made from the command-line definition.

use super::{Answer, Cli};
use crate::console::Console;
use clap::{Args, CommandFactory};
use clap_complete::Shell;

/// Print a shell completion script (bash, zsh, fish, elvish or powershell)
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  carousel completions bash > ~/.local/share/bash-completion/completions/carousel
  carousel completions zsh > ~/.zfunc/_carousel
  carousel completions fish > ~/.config/fish/completions/carousel.fish")]
pub(crate) struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_name = "SHELL")]
    pub shell: Shell,
}

#[allow(clippy::unnecessary_wraps)] // every subcommand's `run` has the one signature `cli::run` dispatches on
pub(super) fn run(args: &CompletionsArgs, c: &mut Console) -> anyhow::Result<Answer> {
    // Made in memory first: `generate` panics when its writer fails (a closed pipe).
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "carousel", &mut script);
    c.bytes(&script);
    Ok(Answer::Yes)
}
