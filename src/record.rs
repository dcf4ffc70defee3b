//! What the records of every game share: the referee's log of play saved with the finished
//! rounds ([`PlayLog`]), and the reading of a record's TOML with errors that name the line,
//! the round and the key ([`read_record`]).

use crate::error::{Error, RecordPart, RecordPlace, RecordProblem, TomlLine};
use serde::{Deserialize, Serialize};

/// The referee's log of a game played at the table, saved with its record: enough to resume
/// it exactly where it stopped, undo any step (across rounds too) and redo what was undone.
/// `tally` reads only the finished rounds.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct PlayLog {
    /// Who dealt round 1; the deal passes left (to the next player named) each round. None:
    /// the first player named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_dealer: Option<String>,
    /// How many of the record's rounds were written before the log began (played without
    /// the referee); the log follows on from them.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub earlier_rounds: usize,
    /// Every step of the game, in order, one line each.
    #[serde(default)]
    pub log: Vec<String>,
    /// The steps undone that redo brings back, the next one first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub redo: Vec<String>,
}

/// The line (from 1) that byte `at` of `text` is on: the one way a place in a TOML text is
/// said, whichever reader found it.
pub fn line_of(text: &str, at: usize) -> usize {
    text.get(..at.min(text.len()))
        .unwrap_or(text)
        .matches('\n')
        .count()
        + 1
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's `skip_serializing_if` passes a reference
fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// The most rounds a record may hold: no real game comes near it (a game to 150 is over in
/// tens of rounds), and past it a record is refused before it is read.
pub const MOST_ROUNDS: usize = 100_000;

/// Where a span of a TOML text is: its line, and the span itself when it is a short token on
/// one line that `said` (what is wrong there) does not already name: a repeated key, a value
/// of the wrong kind. The one way a place in a TOML text is found, for records and rules
/// files alike.
pub fn place_of_span(text: &str, span: &std::ops::Range<usize>, said: &str) -> TomlLine {
    let line = line_of(text, span.start);
    let token = match text.get(span.clone()).map(str::trim) {
        Some(token)
            if !token.is_empty()
                && token.chars().count() <= 40
                && !token.contains('\n')
                && !said.contains(token) =>
        {
            Some(token.to_string())
        }
        _ => None,
    };
    TomlLine { line, token }
}

/// Reads any game's record: its top-level `game` key, when it is `game`, is taken away
/// first (the family has chosen the game by it). Errors name the line, and the round when
/// they are in one; `foreign` explains a key, anywhere in the record, that belongs to
/// another game rather than this one.
pub fn read_record<T: serde::de::DeserializeOwned>(
    text: &str,
    game: &str,
    foreign: impl Fn(&str) -> Option<RecordProblem>,
) -> Result<T, Error> {
    let rounds = text.matches("[[round]]").count();
    if rounds > MOST_ROUNDS {
        return Err(Error::TooManyRounds {
            rounds,
            most: MOST_ROUNDS,
        });
    }
    let place_of = |span: Option<std::ops::Range<usize>>, said: &str| match span {
        Some(span) => {
            let upto = text.get(..span.start).unwrap_or(text);
            let at = place_of_span(text, &span, said);
            // The table the error is in: the last header before it.
            let section = upto
                .lines()
                .map(str::trim_start)
                .rfind(|l| l.starts_with('['))
                .unwrap_or("");
            let rounds = upto
                .lines()
                .filter(|l| l.trim_start().starts_with("[[round]]"))
                .count();
            let part = if section.starts_with("[[round]]") || section.starts_with("[round.") {
                RecordPart::Round(rounds)
            } else if section.starts_with("[play") {
                RecordPart::Play
            } else {
                RecordPart::Head
            };
            RecordPlace::Line { at, part }
        }
        None => RecordPlace::Whole,
    };
    let error = |e: toml::de::Error| {
        RecordProblem::Toml {
            message: e.message().trim().to_string(),
        }
        .at(place_of(e.span(), e.message()))
    };
    let mut table = toml::de::DeTable::parse(text).map_err(error)?;
    if let Some((span, problem)) = foreign_key(table.get_ref(), &foreign) {
        let place = place_of(Some(span), &problem.to_string());
        return Err(problem.at(place));
    }
    let ours = table
        .get_ref()
        .iter()
        .any(|(k, v)| k.get_ref() == "game" && v.get_ref().as_str() == Some(game));
    if ours {
        table.get_mut().remove("game");
    }
    T::deserialize(toml::de::Deserializer::from(table)).map_err(error)
}

/// The first key, at any depth, that `foreign` says belongs to another game: its span and
/// the explanation.
fn foreign_key(
    table: &toml::de::DeTable<'_>,
    foreign: &impl Fn(&str) -> Option<RecordProblem>,
) -> Option<(std::ops::Range<usize>, RecordProblem)> {
    table.iter().find_map(|(key, value)| {
        foreign(key.get_ref())
            .map(|problem| (key.span(), problem))
            .or_else(|| foreign_in(value.get_ref(), foreign))
    })
}

fn foreign_in(
    value: &toml::de::DeValue<'_>,
    foreign: &impl Fn(&str) -> Option<RecordProblem>,
) -> Option<(std::ops::Range<usize>, RecordProblem)> {
    match value {
        toml::de::DeValue::Table(table) => foreign_key(table, foreign),
        toml::de::DeValue::Array(items) => items
            .iter()
            .find_map(|item| foreign_in(item.get_ref(), foreign)),
        _ => None,
    }
}

/// Whether a record is read with its log of play or without it (the rounds alone are what
/// `tally`, `export`, `chart`, `stats` and the list of saved games need). `Skip` is for a
/// record the referee sealed, whose `[play]` is its last table: nothing after its header is
/// read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Log {
    Read,
    Skip,
}

impl Log {
    /// The log of a record the referee sealed is skipped: it is as the referee wrote it. One
    /// written by hand is read, so that a mistake in it is said wherever the record is read.
    pub fn of(text: &str) -> Log {
        if crate::seal::is_sealed(text) {
            Log::Skip
        } else {
            Log::Read
        }
    }
}

/// A record's text in parts, for a reading a round at a time: its head (every top-level key
/// and table but the rounds, and but the log when it is skipped) and the text of each round
/// (its `[[round]]` and the `[round.*]` tables after it), in order.
#[derive(Debug)]
pub struct Parts<'a> {
    pub head: std::borrow::Cow<'a, str>,
    pub rounds: Vec<std::ops::Range<usize>>,
}

/// What a table header names, as the parts need to know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Header {
    /// `[[round]]`: a round begins.
    Round,
    /// `[round.NAME]`: a table of the round before it.
    OfRound,
    /// `[play]`, `[play.NAME]`: the log.
    Play,
    /// Any other: part of the head.
    Other,
}

/// Splits a record's text into its head and its rounds ([`Parts`]), by its table headers,
/// found by TOML's own tokens (so a `[` in a string or a value is never taken for one).
/// `None` for a layout the reading by round does not take (a `[round]` table, a round's
/// table apart from its round, a quoted header, a header not closed, more rounds than
/// [`MOST_ROUNDS`]): such a record is read whole, as it always was.
pub fn parts(text: &str, log: Log) -> Option<Parts<'_>> {
    if text.matches("[[round]]").count() > MOST_ROUNDS {
        return None;
    }
    // Where each section begins and what its header is.
    let mut sections: Vec<(Header, usize)> = Vec::new();
    for found in headers(text) {
        let (start, array, name) = found?;
        let first = name.split('.').next().unwrap_or("");
        let header = match (first, array) {
            ("round", true) if name == "round" => Header::Round,
            ("round", false) if name != "round" => Header::OfRound,
            ("round", _) => return None,
            ("play", _) => Header::Play,
            _ => Header::Other,
        };
        // A round's table belongs to the round just before it, with nothing between.
        if header == Header::OfRound
            && !matches!(sections.last(), Some((Header::Round | Header::OfRound, _)))
        {
            return None;
        }
        sections.push((header, start));
        if header == Header::Play && log == Log::Skip {
            // The referee writes its log last: what follows its header is the log, not read.
            break;
        }
    }
    let head_end = sections.first().map_or(text.len(), |s| s.1);
    let mut head = std::borrow::Cow::Borrowed(&text[..head_end]);
    let mut rounds: Vec<std::ops::Range<usize>> = Vec::new();
    for (i, (header, start)) in sections.iter().enumerate() {
        let end = sections.get(i + 1).map_or(text.len(), |s| s.1);
        match header {
            Header::Round => rounds.push(*start..end),
            Header::OfRound => {
                if let Some(round) = rounds.last_mut() {
                    round.end = end;
                }
            }
            Header::Play if log == Log::Skip => {}
            Header::Play | Header::Other => {
                // Borrowed while the head is one piece at the start; copied once it is not.
                if head.len() == *start {
                    head = std::borrow::Cow::Borrowed(&text[..end]);
                } else {
                    head.to_mut().push_str(&text[*start..end]);
                }
            }
        }
    }
    Some(Parts { head, rounds })
}

/// A game file's text as the family's tools read it, for its rounds: a record the referee
/// sealed without its log (its `[play]` table and all after it), which is most of what it
/// holds, and any other record whole. The file is read a block of whole lines at a time,
/// the log's blocks checked against the end mark and let go, so a long game's log is never
/// held. Anything out of the ordinary (a record not sealed, or damaged, a line not UTF-8) is
/// read again whole by [`crate::store::read_whole`], which says what is wrong and where.
pub fn read_for_rounds(path: &std::path::Path) -> Result<String, Error> {
    match sealed_rounds(path)? {
        Some(text) => Ok(text),
        None => crate::store::read_whole(path),
    }
}

/// The most of a file read at once: a line longer than this is left to the whole reading.
const BLOCK: usize = 64 * 1024;

/// [`read_for_rounds`] of a sealed record: its text up to its `[play]` header (the whole
/// text when it has none); `None` for any other file, or one that grew too large.
fn sealed_rounds(path: &std::path::Path) -> Result<Option<String>, Error> {
    use std::io::Read;
    let (mut file, len) = crate::store::open_bounded(path)?;
    let mut seal = crate::seal::SealCheck::default();
    // The rounds' text is most often under a third of a record.
    let mut kept: Vec<u8> = Vec::with_capacity(usize::try_from(len / 3).unwrap_or(0));
    let mut in_log = false;
    // A small record is read in one block its size (and one byte to see its end).
    let mut block = vec![0u8; usize::try_from(len).map_or(BLOCK, |len| BLOCK.min(len + 1))];
    let (mut filled, mut read_in_all) = (0, 0u64);
    loop {
        let read = match file.read(&mut block[filled..]) {
            Ok(read) => read,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return Ok(None),
        };
        read_in_all += read as u64;
        if read_in_all > crate::store::MOST_BYTES {
            return Ok(None);
        }
        filled += read;
        // Whole lines only, but for the file's last piece.
        let lines = if read == 0 {
            filled
        } else {
            match memchr::memrchr(b'\n', &block[..filled]) {
                Some(at) => at + 1,
                None if filled == block.len() => return Ok(None),
                None => continue,
            }
        };
        let piece = &block[..lines];
        if std::str::from_utf8(piece).is_err() {
            return Ok(None);
        }
        seal.lines(piece);
        if !in_log {
            match log_header(piece) {
                Some(at) => {
                    kept.extend_from_slice(&piece[..at]);
                    in_log = true;
                }
                None => kept.extend_from_slice(piece),
            }
        }
        if read == 0 {
            break;
        }
        block.copy_within(lines..filled, 0);
        filled -= lines;
    }
    if !seal.is_sealed() {
        return Ok(None);
    }
    if in_log {
        // The log's header must be a header, not a line of a string written over several.
        let end = kept.len();
        kept.extend_from_slice(b"[play]\n");
        let Ok(text) = std::str::from_utf8(&kept) else {
            return Ok(None);
        };
        let found = headers(text).last();
        kept.truncate(end);
        if !matches!(found, Some(Some((at, false, name))) if at == end && name == "play") {
            return Ok(None);
        }
    }
    Ok(String::from_utf8(kept).ok())
}

/// Where a `[play]` line begins among whole lines.
fn log_header(lines: &[u8]) -> Option<usize> {
    memchr::memmem::find_iter(lines, b"[play]\n").find(|at| *at == 0 || lines[at - 1] == b'\n')
}

/// The text before a record's first table header: where its top-level keys (`game`,
/// `players`) are, read without the rest.
pub fn head(text: &str) -> &str {
    match headers(text).next() {
        Some(Some((start, _, _))) => &text[..start],
        _ => text,
    }
}

/// A table header at the start of a line: where it begins, whether it is an array's
/// (`[[...]]`), and its name with no spaces; `None` for one not closed or with a quoted name.
type Found = Option<(usize, bool, String)>;

/// The table headers of a TOML text in order, found by TOML's own tokens: a `[` that begins
/// a line outside any value (not one in a string, nor in an array written over several lines).
fn headers(text: &str) -> impl Iterator<Item = Found> + '_ {
    use toml_parser::lexer::TokenKind as Kind;
    let mut tokens = toml_parser::Source::new(text).lex().peekable();
    let mut depth = 0usize;
    let mut line_start = true;
    std::iter::from_fn(move || {
        while let Some(token) = tokens.next() {
            match token.kind() {
                Kind::Newline if depth == 0 => line_start = true,
                Kind::Newline | Kind::Whitespace | Kind::Comment => {}
                Kind::Eof => return None,
                Kind::LeftSquareBracket if line_start && depth == 0 => {
                    line_start = false;
                    return Some(header_at(text, token, &mut tokens));
                }
                Kind::LeftSquareBracket | Kind::LeftCurlyBracket => {
                    depth += 1;
                    line_start = false;
                }
                Kind::RightSquareBracket | Kind::RightCurlyBracket => {
                    depth = depth.saturating_sub(1);
                    line_start = false;
                }
                _ => line_start = false,
            }
        }
        None
    })
}

/// The header `open` begins: read up to its closing bracket(s).
fn header_at(
    text: &str,
    open: toml_parser::lexer::Token,
    tokens: &mut std::iter::Peekable<toml_parser::lexer::Lexer<'_>>,
) -> Found {
    use toml_parser::lexer::TokenKind as Kind;
    let start = open.span().start();
    let array = tokens.peek().is_some_and(|t| {
        t.kind() == Kind::LeftSquareBracket && t.span().start() == open.span().end()
    });
    if array {
        tokens.next();
    }
    let mut close = None;
    for t in tokens.by_ref() {
        match t.kind() {
            Kind::RightSquareBracket => {
                close = Some(t.span());
                break;
            }
            Kind::Atom | Kind::Dot | Kind::Whitespace => {}
            _ => return None,
        }
    }
    let close = close?;
    let name: String = text
        .get(start + if array { 2 } else { 1 }..close.start())?
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    if array {
        let closed = tokens.next()?;
        if closed.kind() != Kind::RightSquareBracket || closed.span().start() != close.end() {
            return None;
        }
    }
    Some((start, array, name))
}

/// How many rounds side by side are read as one text: few enough that what their reading
/// holds stays small whatever the record's length, enough that reading each text's start and
/// end costs little.
const ROUNDS_READ_AT_ONCE: usize = 32;

/// Reads the rounds of `text` whose parts are `rounds` ([`parts`]), in order, as a record's
/// rounds: each checked as a whole record's are (no key of another game, no unknown key).
/// Rounds side by side are read [`ROUNDS_READ_AT_ONCE`] at a time, and each batch is dropped
/// once its rounds are taken. An item is `None` where a batch does not read so; the whole
/// record, read whole, then says where and why.
pub fn read_rounds<'a, R: serde::de::DeserializeOwned + 'a>(
    text: &'a str,
    rounds: &'a [std::ops::Range<usize>],
    foreign: impl Fn(&str) -> Option<RecordProblem> + 'a,
) -> impl Iterator<Item = Option<R>> + 'a {
    RoundsRead {
        text,
        rounds,
        next: 0,
        batch: Vec::new().into_iter(),
        foreign,
    }
}

/// The rounds of a record being read, a batch at a time ([`read_rounds`]).
struct RoundsRead<'a, R, F> {
    text: &'a str,
    rounds: &'a [std::ops::Range<usize>],
    /// The first round not yet read.
    next: usize,
    /// Rounds read and not yet taken.
    batch: std::vec::IntoIter<R>,
    foreign: F,
}

impl<R: serde::de::DeserializeOwned, F: Fn(&str) -> Option<RecordProblem>> Iterator
    for RoundsRead<'_, R, F>
{
    type Item = Option<R>;

    fn next(&mut self) -> Option<Option<R>> {
        if let Some(round) = self.batch.next() {
            return Some(Some(round));
        }
        let first = self.rounds.get(self.next)?;
        let mut end = first.end;
        let mut count = 1;
        while count < ROUNDS_READ_AT_ONCE
            && self
                .rounds
                .get(self.next + count)
                .is_some_and(|r| r.start == end)
        {
            end = self.rounds[self.next + count].end;
            count += 1;
        }
        self.next += count;
        if let Some(read) = read_batch::<R>(&self.text[first.start..end], count, &self.foreign) {
            self.batch = read.into_iter();
            self.batch.next().map(Some)
        } else {
            self.next = self.rounds.len();
            Some(None)
        }
    }

    /// At most every round still to come (fewer items when a batch does not read: one
    /// `None` for it, and no more), so that the totals can take their room at once.
    fn size_hint(&self) -> (usize, Option<usize>) {
        let unread = self.rounds.len() - self.next;
        (
            self.batch.len() + usize::from(unread > 0),
            Some(self.batch.len() + unread),
        )
    }
}

/// Reads `count` rounds from their text: `None` unless it holds exactly those.
fn read_batch<R: serde::de::DeserializeOwned>(
    text: &str,
    count: usize,
    foreign: &impl Fn(&str) -> Option<RecordProblem>,
) -> Option<Vec<R>> {
    /// The text of rounds holds `[[round]]` tables and nothing else.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Rounds<R> {
        round: Vec<R>,
    }
    let table = toml::de::DeTable::parse(text).ok()?;
    if foreign_key(table.get_ref(), foreign).is_some() {
        return None;
    }
    let read: Rounds<R> = Rounds::deserialize(toml::de::Deserializer::from(table)).ok()?;
    (read.round.len() == count).then_some(read.round)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A saved record's layout, its log holding what looks like headers in its strings.
    const SAVED: &str = r#"# A game of Carousel, kept by the carousel referee after every step.
players = ["alice", "bob"]

[rules]
target = 150

[[round]]
knocker = "bob"

[round.hands]
alice = 12
bob = "4s Ah"

[[round]]
[round.hands]
alice = 3
bob = 60

[play]
log = [
    "alice: draw",
    """
[[round]]
knocker = "x"
""",
    '[round.hands]',
]
"#;

    fn written(text: &str) -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.toml");
        std::fs::write(&path, text).unwrap();
        (dir, path)
    }

    /// A sealed record is read for its rounds without its log, which is still checked
    /// against the mark: the rounds' text is the record's up to `[play]`.
    #[test]
    fn a_sealed_record_is_read_for_its_rounds_without_its_log() {
        let sealed = crate::seal::seal(SAVED);
        let (_dir, path) = written(&sealed);
        let text = read_for_rounds(&path).unwrap();
        assert_eq!(text, &SAVED[..SAVED.find("[play]").unwrap()]);
    }

    /// A record of many blocks: its rounds kept whole across the blocks' edges, its log let
    /// go; a line longer than a block leaves the record to the whole reading.
    #[test]
    fn a_long_sealed_record_is_read_for_its_rounds_a_block_at_a_time() {
        let mut text = String::from("players = [\"alice\", \"bob\"]\n");
        for round in 0..3_000 {
            text.push_str(&format!(
                "[[round]]\nknocker = \"bob\"\n[round.hands]\nalice = {}\nbob = 0\n",
                round % 50
            ));
        }
        let rounds = text.len();
        assert!(rounds > 2 * BLOCK);
        text.push_str("[play]\nlog = [\n");
        for step in 0..20_000 {
            text.push_str(&format!("    \"alice: draw {step}\",\n"));
        }
        text.push_str("]\n");
        let (_dir, path) = written(&crate::seal::seal(&text));
        assert_eq!(read_for_rounds(&path).unwrap(), &text[..rounds]);
        let long = text.replace(
            "alice: draw 7\"",
            &format!("alice: {}\"", "x".repeat(BLOCK)),
        );
        let (_dir, path) = written(&crate::seal::seal(&long));
        assert_eq!(read_for_rounds(&path).unwrap(), crate::seal::seal(&long));
        let changed = crate::seal::seal(&text).replace("draw 19999", "draw 19998");
        let (_dir, path) = written(&changed);
        assert!(matches!(read_for_rounds(&path), Err(Error::Damaged { .. })));
    }

    proptest::proptest! {
        /// Whatever a file holds (a record with bytes changed, cut or added anywhere, or
        /// any bytes), the reading for the rounds never panics, and it agrees with the
        /// whole reading: the same refusal, or the same text, less a sealed record's log.
        #[test]
        fn reading_for_the_rounds_agrees_with_the_whole_reading(
            at in 0usize..400,
            byte in proptest::num::u8::ANY,
            change in 0u8..4,
            noise in proptest::collection::vec(proptest::num::u8::ANY, 0..64),
        ) {
            let mut bytes = crate::seal::seal(SAVED).into_bytes();
            let at = at.min(bytes.len());
            let last = bytes.len() - 1;
            match change {
                0 => bytes[at.min(last)] = byte,
                1 => bytes.truncate(at),
                2 => bytes.splice(at..at, noise.iter().copied()).for_each(drop),
                _ => bytes = noise.clone(),
            }
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("game.toml");
            std::fs::write(&path, &bytes).unwrap();
            match (read_for_rounds(&path), crate::store::read_whole(&path)) {
                (Ok(rounds), Ok(whole)) => {
                    let log = &whole[rounds.len()..];
                    proptest::prop_assert!(whole.starts_with(&rounds));
                    proptest::prop_assert!(log.is_empty() || log.starts_with("[play]"), "{log:?}");
                }
                (Err(a), Err(b)) => proptest::prop_assert_eq!(format!("{a:?}"), format!("{b:?}")),
                (a, b) => proptest::prop_assert!(false, "{a:?} against {b:?}"),
            }
        }
    }

    /// A sealed record with any byte of its log changed is damaged, as read whole.
    #[test]
    fn a_sealed_record_whose_log_was_changed_is_refused_as_damaged() {
        let sealed = crate::seal::seal(SAVED).replace("alice: draw", "alice: drew");
        let (_dir, path) = written(&sealed);
        let read = read_for_rounds(&path).unwrap_err();
        let whole = crate::store::read_whole(&path).unwrap_err();
        assert!(matches!(read, Error::Damaged { .. }), "{read:?}");
        assert_eq!(format!("{read:?}"), format!("{whole:?}"));
    }

    /// A record written by hand (no mark), or sealed with no log, is read whole; so is one
    /// whose `[play]` line is inside a string, not the log's header.
    #[test]
    fn a_record_not_sealed_or_with_no_log_header_is_read_whole() {
        let in_a_string = SAVED.replace("[rules]", "note = \"\"\"\n[play]\n\"\"\"\n[rules]");
        let by_hand = SAVED.split_once('\n').unwrap().1;
        for text in [
            by_hand.to_string(),
            crate::seal::seal(&SAVED[..SAVED.find("[play]").unwrap()]),
            crate::seal::seal(&in_a_string),
        ] {
            let (_dir, path) = written(&text);
            assert_eq!(read_for_rounds(&path).unwrap(), text);
        }
    }

    #[test]
    fn parts_are_the_head_and_each_round_with_the_log_left_out_or_kept() {
        let parts = parts(SAVED, Log::Skip).unwrap();
        assert!(parts.head.contains("players") && parts.head.contains("target = 150"));
        assert!(!parts.head.contains("[play]"), "{}", parts.head);
        assert!(matches!(parts.head, std::borrow::Cow::Borrowed(_)));
        let rounds: Vec<&str> = parts.rounds.iter().map(|r| &SAVED[r.clone()]).collect();
        assert_eq!(rounds.len(), 2, "{rounds:?}");
        assert!(rounds[0].starts_with("[[round]]\nknocker = \"bob\""));
        assert!(rounds[0].contains("bob = \"4s Ah\""));
        assert!(rounds[1].contains("bob = 60") && !rounds[1].contains("[play]"));
        let kept = super::parts(SAVED, Log::Read).unwrap();
        assert!(kept.head.contains("[play]") && kept.head.contains("knocker = \"x\""));
        assert!(matches!(kept.head, std::borrow::Cow::Owned(_)));
        assert_eq!(kept.rounds, parts.rounds);
    }

    #[test]
    fn a_round_read_from_its_part_is_the_round_the_whole_record_holds() {
        #[derive(Debug, PartialEq, Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Round {
            knocker: Option<String>,
            hands: indexmap::IndexMap<String, crate::hand::HandEntry>,
        }
        let parts = parts(SAVED, Log::Skip).unwrap();
        let read: Vec<Option<Round>> = read_rounds(SAVED, &parts.rounds, |_| None).collect();
        assert_eq!(read.len(), 2);
        let second = read[1].as_ref().unwrap();
        assert_eq!(second.knocker, None);
        assert_eq!(second.hands["bob"], crate::hand::HandEntry::Count(60));
        // A key another game owns, or one no round has: not read here, and nothing after.
        let foreign = |key: &str| {
            (key == "knocker").then_some(RecordProblem::ForeignKey {
                key: "knocker",
                owners: "Carousel",
                game: "canadian",
            })
        };
        let read: Vec<Option<Round>> = read_rounds(SAVED, &parts.rounds, foreign).collect();
        assert!(matches!(read.as_slice(), [None]), "{read:?}");
        let unknown = "[[round]]\nwho = 1\n[round.hands]\n";
        let whole = super::parts(unknown, Log::Skip).unwrap();
        let read: Vec<Option<Round>> = read_rounds(unknown, &whole.rounds, |_| None).collect();
        assert!(matches!(read.as_slice(), [None]), "{read:?}");
        // Many rounds are read in batches, each round once, in order, whole.
        let mut many = String::from("players = [\"a\", \"b\"]\n");
        for i in 0..70 {
            many.push_str(&format!("[[round]]\n[round.hands]\na = {i}\nb = 1\n"));
        }
        let parts = super::parts(&many, Log::Skip).unwrap();
        let read: Vec<crate::hand::HandEntry> =
            read_rounds::<Round>(&many, &parts.rounds, |_| None)
                .map(|r| r.unwrap().hands["a"].clone())
                .collect();
        let counts: Vec<crate::hand::HandEntry> =
            (0..70).map(crate::hand::HandEntry::Count).collect();
        assert_eq!(read, counts);
    }

    #[test]
    fn a_layout_not_read_by_round_is_left_to_the_whole_reading() {
        for text in [
            "players = [\"a\", \"b\"]\n[round.hands]\na = 1\n[[round]]\n",
            "players = [\"a\", \"b\"]\n[round]\nknocker = \"a\"\n",
            "players = [\"a\", \"b\"]\n[\"round\"]\nknocker = \"a\"\n",
            "players = [\"a\", \"b\"]\n[[round]]\n[rules]\n[round.hands]\na = 1\n",
            "players = [\"a\", \"b\"]\n[[round\n",
        ] {
            assert!(parts(text, Log::Skip).is_none(), "{text}");
        }
        // Rounds written inline, and a value's brackets at the start of a line, are the head's.
        let inline = "players = [\"a\", \"b\"]\nround = [\n[1],\n]\n[rules]\ntarget = 5\n";
        let read = super::parts(inline, Log::Skip).unwrap();
        assert_eq!(read.head, inline);
        assert!(read.rounds.is_empty());
    }
}
