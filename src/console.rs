//! Where the program reads and writes: the process's standard streams for the binary, a
//! buffer for the tests, which run the REPL and the one-shot commands in-process. Every
//! command is given a [`Console`] and prints only through it.
//!
//! A write that fails is kept and later writes are dropped, never a panic: the caller asks
//! [`Console::failure`] when a command (or a REPL line) is over and ends accordingly. A closed
//! pipe (`carousel ... | head`) ends quietly, as `ls | head` does; any other failure (a full
//! disk) is reported on stderr with exit status [`WRITE_FAILED`]. Writes to stderr are best
//! effort: there is nowhere left to report their failure.

use crate::render::look::Look;
use std::cell::RefCell;
use std::fmt;
use std::io::{self, BufRead, IsTerminal, Write};
use std::rc::Rc;

/// Exit status when the output or the game could not be written (beyond the 0, 1 and 2
/// of docs/commands.md#exit-status, which say what the answer was).
pub const WRITE_FAILED: u8 = 3;

/// How writing the output failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The reader went away (a closed pipe): end quietly.
    Closed,
    /// Anything else (a full disk): report it and exit [`WRITE_FAILED`].
    Failed,
}

/// The streams a command reads and writes, and how its output is drawn.
pub struct Console {
    input: Box<dyn BufRead>,
    out: Box<dyn Write>,
    err: Box<dyn Write>,
    failed: Option<io::Error>,
    look: Look,
    /// Whether the input is a person at a terminal (a question is then asked on one line).
    terminal: bool,
    /// Whether lines wider than the look's width are wrapped at word boundaries (the REPL's
    /// messages), or written as they are (a one-shot's JSON, an export's CSV).
    wrapping: bool,
    /// What standard output was given since [`Console::tap`], unwrapped: what a line said,
    /// for the live page's ruling.
    tapped: Option<String>,
}

/// What a captured console was given to print, in the tests.
#[derive(Clone, Default)]
pub struct Captured {
    out: Rc<RefCell<Vec<u8>>>,
    err: Rc<RefCell<Vec<u8>>>,
}

impl Captured {
    /// What went to standard output (both streams, in order, when they were merged).
    pub fn out(&self) -> String {
        String::from_utf8_lossy(&self.out.borrow()).into_owned()
    }

    /// What went to standard error (empty when the streams were merged).
    pub fn err(&self) -> String {
        if Rc::ptr_eq(&self.out, &self.err) {
            return String::new();
        }
        String::from_utf8_lossy(&self.err.borrow()).into_owned()
    }
}

/// A writer into a shared buffer.
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Console {
    /// The process's standard streams, drawn for standard output's terminal.
    pub fn of_process() -> Console {
        Console {
            input: Box::new(io::BufReader::new(io::stdin())),
            out: Box::new(io::stdout()),
            err: Box::new(io::stderr()),
            failed: None,
            look: Look::of_stdout(),
            terminal: io::stdin().is_terminal(),
            // A person reads a terminal (or a width was asked for); a pipe gets whole lines.
            wrapping: io::stdout().is_terminal() || std::env::var_os("COLUMNS").is_some(),
            tapped: None,
        }
    }

    /// A console reading `input` and keeping what is printed, drawn as `look` says. With
    /// `merged`, standard error goes into standard output's buffer, in order, as a terminal
    /// shows both.
    pub fn captured(input: &str, look: Look, merged: bool) -> (Console, Captured) {
        let out = Rc::new(RefCell::new(Vec::new()));
        let err = if merged {
            Rc::clone(&out)
        } else {
            Rc::new(RefCell::new(Vec::new()))
        };
        let captured = Captured {
            out: Rc::clone(&out),
            err: Rc::clone(&err),
        };
        let console = Console {
            input: Box::new(io::Cursor::new(input.as_bytes().to_vec())),
            out: Box::new(Shared(out)),
            err: Box::new(Shared(err)),
            failed: None,
            look,
            terminal: false,
            // A captured console stands for a terminal of the look's width.
            wrapping: true,
            tapped: None,
        };
        (console, captured)
    }

    /// How output is drawn: the width and whether it is coloured.
    pub fn look(&self) -> Look {
        self.look
    }

    /// Whether a person types at a terminal.
    pub fn is_terminal(&self) -> bool {
        self.terminal
    }

    /// Wraps what is written from now on at the look's width (or stops wrapping it).
    pub fn wrapping(&mut self, on: bool) {
        self.wrapping = on;
    }

    /// Writes to standard output, keeping the first error; a line wider than the width is
    /// wrapped at word boundaries when wrapping is on.
    pub fn write(&mut self, args: fmt::Arguments) {
        if let Some(tapped) = &mut self.tapped {
            let _ = fmt::Write::write_fmt(tapped, args);
        }
        if self.failed.is_some() {
            return;
        }
        let result = if self.wrapping {
            let text = fit(&args.to_string(), self.look.width);
            self.out.write_all(text.as_bytes())
        } else {
            self.out.write_fmt(args)
        };
        if let Err(err) = result {
            self.failed = Some(err);
        }
    }

    /// Keeps what standard output is given from now on, until [`Console::untap`].
    pub fn tap(&mut self) {
        self.tapped = Some(String::new());
    }

    /// What standard output was given since [`Console::tap`], and stops keeping it.
    pub fn untap(&mut self) -> String {
        self.tapped.take().unwrap_or_default()
    }

    /// Writes text as it is, never wrapped: an export shown, whose lines are data.
    pub fn raw(&mut self, text: &str) {
        self.bytes(text.as_bytes());
    }

    /// Standard output as a writer, for what is written as it is made (a long game's JSON):
    /// a failure is kept as [`Console::bytes`] keeps it, never returned.
    pub fn writer(&mut self) -> impl Write + '_ {
        struct Out<'c>(&'c mut Console);
        impl Write for Out<'_> {
            fn write(&mut self, data: &[u8]) -> io::Result<usize> {
                self.0.bytes(data);
                Ok(data.len())
            }

            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        io::BufWriter::new(Out(self))
    }

    /// Writes bytes to standard output, keeping the first error.
    pub fn bytes(&mut self, data: &[u8]) {
        if self.failed.is_some() {
            return;
        }
        if let Err(err) = self.out.write_all(data) {
            self.failed = Some(err);
        }
    }

    /// Writes to standard error, ignoring a failure; wrapped as standard output is.
    pub fn warn(&mut self, args: fmt::Arguments) {
        if self.wrapping {
            let text = fit(&args.to_string(), self.look.width);
            let _ = self.err.write_all(text.as_bytes());
        } else {
            let _ = self.err.write_fmt(args);
        }
    }

    /// Flushes standard output, keeping an error.
    pub fn flush(&mut self) {
        if self.failed.is_some() {
            return;
        }
        if let Err(err) = self.out.flush() {
            self.failed = Some(err);
        }
    }

    /// The next line of input, without its line end; `None` at the end. Bytes that are not
    /// UTF-8 come back as they are, for the caller to report.
    pub fn read_line(&mut self) -> io::Result<Option<Vec<u8>>> {
        let mut bytes = Vec::new();
        if self.input.read_until(b'\n', &mut bytes)? == 0 {
            return Ok(None);
        }
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        }
        Ok(Some(bytes))
    }

    /// Flushes standard output and says whether any write failed.
    pub fn failure(&mut self) -> Option<Failure> {
        self.flush();
        self.failed.as_ref().map(|e| match e.kind() {
            io::ErrorKind::BrokenPipe => Failure::Closed,
            _ => Failure::Failed,
        })
    }

    /// The exit status of a command whose answer was `status`, once its output is written:
    /// the answer's own status when the output went out or its reader left (quietly), else
    /// [`WRITE_FAILED`] with the reason on stderr.
    pub fn finish(&mut self, status: u8) -> u8 {
        match self.failure() {
            None | Some(Failure::Closed) => status,
            Some(Failure::Failed) => {
                if let Some(e) = self.failed.take() {
                    self.warn(format_args!("carousel: cannot write the output: {e}\n"));
                }
                WRITE_FAILED
            }
        }
    }
}

/// `print!` to a console: never a panic (see the module).
/// `text` with every line wider than `width` wrapped at word boundaries, the lines after
/// the first indented two more than it. A table's line (drawn with box characters) is kept
/// whole: a table chooses its own layout for the width. A last piece with no line end (a
/// question's prompt) is kept as it is.
fn fit(text: &str, width: usize) -> String {
    if width == 0
        || text
            .lines()
            .all(|l| textwrap::core::display_width(l) <= width)
    {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for piece in text.split_inclusive('\n') {
        let (line, end) = match piece.strip_suffix('\n') {
            Some(line) => (line, "\n"),
            None => (piece, ""),
        };
        let is_table = line
            .trim_start()
            .starts_with(['│', '╭', '╰', '╞', '├', '┆', '─']);
        if textwrap::core::display_width(line) <= width || is_table {
            out.push_str(line);
        } else {
            let lead = line.len() - line.trim_start_matches(' ').len();
            let indent = " ".repeat((lead + 2).min(width / 2));
            // Lines break at spaces only: `going-out-bonus` or `*10h` is never cut.
            let options = textwrap::Options::new(width)
                .subsequent_indent(&indent)
                .break_words(false)
                .word_splitter(textwrap::WordSplitter::NoHyphenation);
            out.push_str(&textwrap::fill(line, &options));
        }
        out.push_str(end);
    }
    out
}

macro_rules! say {
    ($console:expr, $($arg:tt)*) => { $console.write(format_args!($($arg)*)) };
}

/// `println!` to a console.
macro_rules! sayln {
    ($console:expr) => { $console.write(format_args!("\n")) };
    ($console:expr, $($arg:tt)*) => { $console.write(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprintln!` to a console.
macro_rules! warnln {
    ($console:expr, $($arg:tt)*) => { $console.warn(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprint!` to a console.
macro_rules! warn {
    ($console:expr, $($arg:tt)*) => { $console.warn(format_args!($($arg)*)) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fit_wraps_long_lines_at_word_boundaries_and_keeps_tables_and_prompts() {
        let text = "alice+carol leads with 200: 1300 to go to 1500.\n│ a table line that is long │\nyes/no ";
        assert_eq!(
            fit(text, 20),
            "alice+carol leads\n  with 200: 1300 to\n  go to 1500.\n│ a table line that is long │\nyes/no "
        );
        assert_eq!(fit("short\n", 20), "short\n");
        assert_eq!(
            fit("  an indented line of words\n", 16),
            "  an indented\n    line of\n    words\n"
        );
    }

    #[test]
    fn a_captured_console_keeps_both_streams_apart_or_merged_in_order() {
        let (mut c, got) = Console::captured("one\r\ntwo", Look::plain(80), false);
        sayln!(c, "out");
        warnln!(c, "err");
        assert_eq!(
            (got.out(), got.err()),
            ("out\n".to_string(), "err\n".to_string())
        );
        assert_eq!(c.read_line().unwrap(), Some(b"one".to_vec()));
        assert_eq!(c.read_line().unwrap(), Some(b"two".to_vec()));
        assert_eq!(c.read_line().unwrap(), None);
        let (mut c, got) = Console::captured("", Look::plain(80), true);
        say!(c, "a");
        warn!(c, "b");
        sayln!(c, "c");
        assert_eq!(got.out(), "abc\n");
        assert_eq!(c.finish(1), 1);
    }

    /// A writer that always fails as a full disk does.
    struct Full;

    impl Write for Full {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(io::ErrorKind::StorageFull))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_write_that_fails_is_kept_and_the_status_says_so() {
        let (mut c, got) = Console::captured("", Look::plain(80), false);
        c.out = Box::new(Full);
        sayln!(c, "lost");
        assert_eq!(c.failure(), Some(Failure::Failed));
        assert_eq!(c.finish(0), WRITE_FAILED);
        assert!(
            got.err().contains("cannot write the output"),
            "{}",
            got.err()
        );
    }
}
