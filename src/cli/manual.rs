//! `carousel man`: the manual page, reachable wherever the program is installed (it is
//! built into the program, so `cargo install` needs no other file).

use super::Answer;
use crate::console::Console;
use clap::Args;
use std::io::IsTerminal;

/// The manual page, as the man/carousel.1 of the repository.
pub(crate) const PAGE: &str = include_str!("../../man/carousel.1");

/// Show the manual page (at a terminal, through man; otherwise printed as roff)
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  carousel man                     read the manual
  carousel man > carousel.1        the page itself, for a man folder")]
pub(crate) struct ManArgs {}

#[allow(clippy::unnecessary_wraps)] // every subcommand's `run` has the one signature `cli::run` dispatches on
pub(super) fn run(_args: &ManArgs, c: &mut Console) -> anyhow::Result<Answer> {
    if std::io::stdout().is_terminal() && shown_by_man() {
        return Ok(Answer::Yes);
    }
    c.raw(PAGE);
    Ok(Answer::Yes)
}

/// Shows the page through `man -l -` at a terminal; `false` when man cannot be run, so the
/// page is printed instead.
fn shown_by_man() -> bool {
    use std::io::Write;
    let Ok(mut man) = std::process::Command::new("man")
        .args(["-l", "-"])
        .stdin(std::process::Stdio::piped())
        .spawn()
    else {
        return false;
    };
    if let Some(mut stdin) = man.stdin.take() {
        // A reader who quits early closes the pipe: that is no failure.
        let _ = stdin.write_all(PAGE.as_bytes());
    }
    man.wait().is_ok_and(|status| status.success())
}
