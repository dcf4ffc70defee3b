//! The `carousel` binary: reads arguments, calls the library, prints. No rules live here.

#[macro_use]
mod out;

mod cli;
mod render;
mod repl;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run(cli::Cli::parse())
}
