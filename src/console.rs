//! Where the program reads and writes: the process's standard streams for the binary, a
//! buffer for the tests, which run the REPL and the one-shot commands in-process. Every
//! command is given a [`Console`] and prints only through it.
//!
//! A write that fails is kept and later writes are dropped, never a panic: the caller asks
//! [`Console::failure`] when a command (or a REPL line) is over and ends accordingly. A closed
//! pipe (`carousel ... | head`) ends quietly, as `ls | head` does; any other failure (a full
//! disk) is reported on stderr with exit status [`WRITE_FAILED`]. Writes to stderr are best
//! effort: there is nowhere left to report their failure.

use crate::card::{Rank, Suit};
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
            out.push_str(&textwrap::fill(line, wrapping(width, &indent)));
        }
        out.push_str(end);
    }
    out
}

/// How the program's lines wrap at `width`, the lines after the first `indent` in: at spaces
/// only, so `going-out-bonus` or `*10h` is never cut, and never between two cards of a meld or
/// a hand ([`keeping_cards_together`]).
pub(crate) fn wrapping(width: usize, indent: &str) -> textwrap::Options<'_> {
    textwrap::Options::new(width)
        .subsequent_indent(indent)
        .break_words(false)
        .word_splitter(textwrap::WordSplitter::NoHyphenation)
        .word_separator(textwrap::WordSeparator::Custom(keeping_cards_together))
}

/// The most columns of cards kept on one line: a meld of four (`10s 10h 10d 10c`). A longer
/// row of cards (a hand) breaks after that many, so a narrow terminal can still hold it.
const MOST_KEPT_TOGETHER: usize = 15;

/// The words a line wraps by: those between spaces, but cards one space apart are one word
/// (up to [`MOST_KEPT_TOGETHER`] columns), so `Ks Kh Kd Kc` is never split across lines, nor
/// `melds alice='Ks Kh 2c'` inside its quotes.
fn keeping_cards_together(line: &str) -> Box<dyn Iterator<Item = textwrap::core::Word<'_>> + '_> {
    let mut words = textwrap::WordSeparator::AsciiSpace
        .find_words(line)
        .peekable();
    // Every word and space is a slice of `line`.
    let at = move |part: &str| part.as_ptr() as usize - line.as_ptr() as usize;
    Box::new(std::iter::from_fn(move || {
        let first = words.next()?;
        let start = at(first.word);
        let mut last = first;
        while ends_with_card(last.word) && last.whitespace == " " {
            let Some(next) = words.peek() else {
                break;
            };
            let end = at(next.word) + next.word.len();
            if !starts_with_card(next.word)
                || textwrap::core::display_width(&line[start..end]) > MOST_KEPT_TOGETHER
            {
                break;
            }
            last = words.next()?;
        }
        let end = at(last.whitespace) + last.whitespace.len();
        Some(textwrap::core::Word::from(&line[start..end]))
    }))
}

/// Whether a word ends with a card: `Kh`, `alice='Ks`, `(7h`, `9d,`.
fn ends_with_card(word: &str) -> bool {
    let word = word.trim_end_matches(CLOSING);
    let card = word.rsplit(OPENING).next().unwrap_or(word);
    is_card_as_written(card)
}

/// Whether a word starts with a card: `Kh`, `2c'`, `*10h,`, `(7h`.
fn starts_with_card(word: &str) -> bool {
    let word = word.trim_start_matches(OPENING);
    let card = word.split(CLOSING).next().unwrap_or(word);
    is_card_as_written(card)
}

/// What may stand before a card in a word (`alice='Ks`), and after one (`2c',`).
const OPENING: &[char] = &['=', '\'', '"', '('];
const CLOSING: &[char] = &[',', '.', ')', '\'', '"', ':', ';'];

/// Whether `token` is a card as the program writes one: `7h`, `10s`, a joker `*`, or a joker
/// with the card it stands for, `*7h`.
fn is_card_as_written(token: &str) -> bool {
    if token == "*" {
        return true;
    }
    let face = token.strip_prefix('*').unwrap_or(token);
    let Some(letter) = face.chars().last() else {
        return false;
    };
    let rank = &face[..face.len() - letter.len_utf8()];
    Suit::ALL.iter().any(|suit| suit.letter() == letter)
        && Rank::all().any(|known| known.name() == rank)
}

/// `print!` to a console: never a panic (see the module).
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
    fn a_wrapped_line_never_splits_the_cards_of_a_meld() {
        let line = "Legal: ann's table is Ks Kh Kd 2c (kings 40) | Qs Qh Qd * (queens 170) | As Ad Ac (aces 75): 285.\n";
        assert_eq!(
            fit(line, 40),
            "Legal: ann's table is Ks Kh Kd 2c (kings\n  40) | Qs Qh Qd * (queens 170) |\n  As Ad Ac (aces 75): 285.\n"
        );
        // A joker standing for a card, and ten's two digits, are cards too.
        assert_eq!(
            fit("a meld of 10s 10h *10d here\n", 20),
            "a meld of\n  10s 10h *10d here\n"
        );
        // Words that only look alike are not held together.
        assert_eq!(fit("go As far as 7x\n", 8), "go As\n  far as\n  7x\n");
        // Cards within quotes or brackets, or before a comma, are cards.
        assert_eq!(
            fit("round out alice melds alice='Ks Kh 2c' bob=85\n", 30),
            "round out alice melds\n  alice='Ks Kh 2c' bob=85\n"
        );
        assert_eq!(
            fit("ben played (7h 8h 9h, 1 left)\n", 20),
            "ben played\n  (7h 8h 9h, 1 left)\n"
        );
    }

    #[test]
    fn a_row_of_cards_longer_than_a_meld_of_four_may_break_so_a_narrow_terminal_holds_it() {
        let hand = "hand: 2s 3s 4s 5s 6s 7s 8s 9s 10s\n";
        let fitted = fit(hand, 20);
        assert_eq!(fitted, "hand: 2s 3s 4s 5s 6s\n  7s 8s 9s 10s\n");
        assert!(fitted.lines().all(|l| l.len() <= 20), "{fitted}");
    }

    proptest::proptest! {
        /// Whatever a line holds (cards, quotes, brackets, wide or control characters), it is
        /// wrapped without a panic and without a word lost or changed, and a line breaks
        /// only where the text had a space.
        #[test]
        fn wrapping_keeps_every_word(
            words in proptest::collection::vec(
                "(10s|Kh|\\*|\\*7h|2c'|alice='Ks|\\(7h|9d,|\\||[a-z]{1,8}|[^ \n]{1,6})",
                0..30,
            ),
            width in 1usize..60,
        ) {
            let line = format!("{}\n", words.join(" "));
            let fitted = fit(&line, width);
            let before: Vec<&str> = line.split_whitespace().collect();
            let after: Vec<&str> = fitted.split_whitespace().collect();
            proptest::prop_assert_eq!(before, after);
        }
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
