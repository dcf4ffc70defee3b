//! The `carousel` binary: reads arguments, calls the library, prints. No rules live here.

#[macro_use]
mod out;

mod cli;
#[cfg(test)]
mod man;
mod render;
mod repl;

use carousel::words::{printable, printable_lines};
use clap::{CommandFactory, FromArgMatches, Parser};
use std::process::ExitCode;

/// The allocator: the solver makes thousands of short-lived allocations a solve (a copy of
/// the simplex's basis for each branch, the search's lists of moves), and with `mimalloc`
/// the bench's classes take a tenth less time at the median than with the system's
/// allocator (see the README's Speed). The bench sets the same one, so it measures this.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let typed_control = std::env::args_os().any(|a| a.to_string_lossy().contains(char::is_control));
    match parse(typed_control) {
        // The referee decides; main only says which part of the binary hears the request.
        Ok(cli::Cli { command: None }) => repl::run(&cli::PlayArgs::default()),
        Ok(cli::Cli {
            command: Some(cli::Command::Play(args)),
        }) => repl::run(&args),
        Ok(cli::Cli {
            command: Some(command),
        }) => cli::run(&command),
        Err(err) if err.kind() == clap::error::ErrorKind::InvalidUtf8 => {
            errln!("carousel: {}", not_utf8_argument());
            out::finish(2)
        }
        Err(err) => {
            // clap prints help and its own errors; a closed stdout is no panic there. An
            // error that says back an argument holding a control character has no colours
            // (see `parse`), and is shown with the argument escaped.
            if err.use_stderr() && typed_control {
                let said = err.render().ansi().to_string();
                errln!("{}", printable_lines(said.trim_end()));
            } else {
                let _ = err.print();
            }
            out::finish(u8::try_from(err.exit_code()).unwrap_or(2))
        }
    }
}

/// The command line read by clap. When an argument holds a control character, clap's
/// messages are made without its colours, so that the only escapes in them are the
/// argument's own, which `main` then shows escaped.
fn parse(typed_control: bool) -> Result<cli::Cli, clap::Error> {
    if !typed_control {
        return cli::Cli::try_parse();
    }
    let mut command = cli::Cli::command().styles(clap::builder::Styles::plain());
    let matches = command.try_get_matches_from_mut(std::env::args_os())?;
    cli::Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut command))
}

/// Which argument is not UTF-8, and where: clap only says that one is.
fn not_utf8_argument() -> String {
    for (i, arg) in std::env::args_os().enumerate().skip(1) {
        if arg.to_str().is_none() {
            let bytes = arg.as_encoded_bytes();
            let at = std::str::from_utf8(bytes)
                .err()
                .map_or(0, |e| e.valid_up_to());
            return format!(
                "argument {i} (\"{}\"): not UTF-8 text at byte {} (0x{:02x}); cards, names and tables are text",
                printable(&arg.to_string_lossy()),
                at + 1,
                bytes[at]
            );
        }
    }
    "an argument is not UTF-8 text".to_string()
}
