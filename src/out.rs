//! Everything the program prints goes through here, so that a closed pipe or a full disk is
//! an outcome the program reports, never a panic of `println!`.
//!
//! The first failed write to stdout is kept and later writes are dropped: the caller asks
//! [`failure`] when a command (or a REPL line) is over and ends accordingly. A closed pipe
//! (`carousel ... | head`) ends quietly, as `ls | head` does; any other failure (a full
//! disk) is reported on stderr with exit status [`WRITE_FAILED`]. Writes to stderr are best
//! effort: there is nowhere left to report their failure.

use std::cell::RefCell;
use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

/// Exit status when the output or the game could not be written (beyond the 0, 1 and 2
/// of docs/commands.md#exit-status, which say what the answer was).
pub(crate) const WRITE_FAILED: u8 = 3;

thread_local! {
    static FAILED: RefCell<Option<io::Error>> = const { RefCell::new(None) };
}

/// Where unit tests of the binary print: not the terminal running the tests.
#[cfg(test)]
fn stdout() -> io::Sink {
    io::sink()
}

#[cfg(not(test))]
fn stdout() -> io::StdoutLock<'static> {
    io::stdout().lock()
}

#[cfg(test)]
fn stderr() -> io::Sink {
    io::sink()
}

#[cfg(not(test))]
fn stderr() -> io::StderrLock<'static> {
    io::stderr().lock()
}

fn keep(err: io::Error) {
    FAILED.with(|f| {
        let mut failed = f.borrow_mut();
        if failed.is_none() {
            *failed = Some(err);
        }
    });
}

fn has_failed() -> bool {
    FAILED.with(|f| f.borrow().is_some())
}

/// Writes to stdout, keeping the first error.
pub(crate) fn write(args: fmt::Arguments) {
    if has_failed() {
        return;
    }
    if let Err(err) = stdout().write_fmt(args) {
        keep(err);
    }
}

/// Writes a line to stdout, keeping the first error.
pub(crate) fn line(args: fmt::Arguments) {
    write(format_args!("{args}\n"));
}

/// Writes bytes to stdout, keeping the first error.
pub(crate) fn bytes(data: &[u8]) {
    if has_failed() {
        return;
    }
    if let Err(err) = stdout().write_all(data) {
        keep(err);
    }
}

/// Writes to stderr, ignoring a failure.
pub(crate) fn err(args: fmt::Arguments) {
    let _ = stderr().write_fmt(args);
}

/// Flushes stdout, keeping an error.
pub(crate) fn flush() {
    if has_failed() {
        return;
    }
    if let Err(err) = stdout().flush() {
        keep(err);
    }
}

/// How writing stdout failed, if it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// The reader went away (a closed pipe): end quietly.
    Closed,
    /// Anything else (a full disk): report it and exit [`WRITE_FAILED`].
    Failed,
}

/// Flushes stdout and says whether any write failed.
pub(crate) fn failure() -> Option<Failure> {
    flush();
    FAILED.with(|f| {
        f.borrow().as_ref().map(|e| match e.kind() {
            io::ErrorKind::BrokenPipe => Failure::Closed,
            _ => Failure::Failed,
        })
    })
}

/// The exit status of a command whose answer was `status`, once its output is written:
/// the answer's own status when the output went out or its reader left (quietly), else
/// [`WRITE_FAILED`] with the reason on stderr.
pub(crate) fn finish(status: u8) -> ExitCode {
    match failure() {
        None | Some(Failure::Closed) => ExitCode::from(status),
        Some(Failure::Failed) => {
            FAILED.with(|f| {
                if let Some(e) = f.borrow().as_ref() {
                    err(format_args!("carousel: cannot write the output: {e}\n"));
                }
            });
            ExitCode::from(WRITE_FAILED)
        }
    }
}

/// `print!` that never panics: see the module.
macro_rules! out {
    ($($arg:tt)*) => { $crate::out::write(format_args!($($arg)*)) };
}

/// `println!` that never panics: see the module.
macro_rules! outln {
    () => { $crate::out::write(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::out::line(format_args!($($arg)*)) };
}

/// `eprintln!` that never panics: see the module.
macro_rules! errln {
    ($($arg:tt)*) => { $crate::out::err(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprint!` that never panics: see the module.
macro_rules! err {
    ($($arg:tt)*) => { $crate::out::err(format_args!($($arg)*)) };
}
