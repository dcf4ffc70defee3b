//! `carousel completions`: shell completion scripts, made from the command-line definition,
//! printed or installed where the shell looks for them.

use super::{Answer, Cli};
use crate::console::Console;
use crate::error::{Error, Overwrite};
use clap::{Args, CommandFactory};
use clap_complete::Shell;
use std::path::PathBuf;

/// Print a shell completion script (bash, zsh, fish, elvish or powershell), or install it
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  carousel completions bash --install    (where bash-completion looks: $XDG_DATA_HOME/bash-completion/completions)
  carousel completions fish --install    (where fish looks: $XDG_CONFIG_HOME/fish/completions)
  carousel completions zsh --install     (then add the folder it names to fpath in ~/.zshrc)
  carousel completions bash > carousel.bash")]
pub(crate) struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_name = "SHELL")]
    pub shell: Shell,
    /// Write the script where the shell looks for it (bash, zsh, fish) instead of printing it
    #[arg(long)]
    pub install: bool,
    /// With --install, replace a script that is there already and differs
    #[arg(long, requires = "install")]
    pub force: bool,
}

/// Where a user's completion script for `shell` goes: bash-completion's and fish's own
/// user folders (honouring `BASH_COMPLETION_USER_DIR`, `XDG_DATA_HOME`, `XDG_CONFIG_HOME`),
/// and for zsh a folder of the data directory that `fpath` is then told of.
fn install_path(shell: Shell) -> Result<PathBuf, Error> {
    let env_dir = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    let home = |under: &str| -> Result<PathBuf, Error> {
        Ok(env_dir("HOME").ok_or(Error::NoHome)?.join(under))
    };
    let data = || env_dir("XDG_DATA_HOME").map_or_else(|| home(".local/share"), Ok);
    let config = || env_dir("XDG_CONFIG_HOME").map_or_else(|| home(".config"), Ok);
    match shell {
        Shell::Bash => Ok(env_dir("BASH_COMPLETION_USER_DIR")
            .map_or_else(|| data().map(|d| d.join("bash-completion")), Ok)?
            .join("completions/carousel")),
        Shell::Zsh => Ok(data()?.join("zsh/site-functions/_carousel")),
        Shell::Fish => Ok(config()?.join("fish/completions/carousel.fish")),
        other => Err(Error::NoInstallPlace {
            shell: other.to_string(),
        }),
    }
}

pub(super) fn run(args: &CompletionsArgs, c: &mut Console) -> anyhow::Result<Answer> {
    // Made in memory first: `generate` panics when its writer fails (a closed pipe).
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "carousel", &mut script);
    if !args.install {
        c.bytes(&script);
        return Ok(Answer::Yes);
    }
    let path = install_path(args.shell)?;
    let shown = crate::words::printable_path(&path);
    match std::fs::read(&path) {
        Ok(there) if there == script => {
            sayln!(
                c,
                "The {} completions in {shown} are up to date.",
                args.shell
            );
            return Ok(Answer::Yes);
        }
        Ok(_) if !args.force => {
            return Err(Error::from(Overwrite::Exists { path: path.clone() }).into());
        }
        _ => {}
    }
    let text = String::from_utf8_lossy(&script);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| Error::File {
            path: dir.to_path_buf(),
            problem: e.to_string(),
        })?;
    }
    crate::store::write_atomically(&path, &text)?;
    sayln!(c, "Installed the {} completions in {shown}.", args.shell);
    if args.shell == Shell::Zsh {
        let dir = path
            .parent()
            .map(crate::words::printable_path)
            .unwrap_or_default();
        sayln!(
            c,
            "zsh reads them once ~/.zshrc has, before compinit: fpath+=({dir})"
        );
    } else {
        sayln!(c, "A new shell completes carousel's commands and options.");
    }
    Ok(Answer::Yes)
}
