//! The `carousel` binary: reads arguments, calls the library, prints. No rules live here.

mod cli;
mod render;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run(cli::Cli::parse())
}
