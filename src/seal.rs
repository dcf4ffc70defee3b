//! The end mark a saved record carries: written last, it holds a checksum of everything
//! before it (`# carousel-end crc32:...`), so a record cut short or changed since it was
//! saved is told from a shorter game. A record written by hand has no mark and is read as it
//! is. Where the mark is checked against a record read whole ([`check`]) or a block of lines
//! at a time ([`SealCheck`]).

/// What a saved game starts with, for a person who opens it, after its first line (`# A
/// game of TITLE, kept by the carousel referee after every step.`).
const HEADER: &str = "\
# `carousel tally FILE` scores its finished rounds; `carousel play FILE` goes on with it.
# [play] is the referee's log: every step, to resume and undo exactly.
# The last line is a checksum of the rest: a file cut short is not taken for a shorter game.
# To edit this file by hand, delete these five lines and the last one.

";

/// The mark a record ends with, followed by the CRC-32 of every byte before its line.
const MARK: &str = "# carousel-end crc32:";

/// `text` with its end mark: the checksum of `text`, written as the last line.
pub fn seal(text: &str) -> String {
    let mut sealed = String::with_capacity(text.len() + MARK.len() + 10);
    sealed.push_str(text);
    if !sealed.is_empty() && !sealed.ends_with('\n') {
        sealed.push('\n');
    }
    let sum = crc32fast::hash(sealed.as_bytes());
    sealed.push_str(&format!("{MARK}{sum:08x}\n"));
    sealed
}

/// The text a game is saved as: the header, its record (TOML, with the log of play), the end
/// mark. `title` names the game for a person who opens the file.
pub fn sealed(title: &str, record: &str) -> String {
    seal(&format!(
        "# A game of {title}, kept by the carousel referee after every step.\n{HEADER}{record}"
    ))
}

/// Whether a text begins as the referee writes a record: any line of the header among its
/// first lines (one damaged line does not make it a record written by hand).
fn written_by_referee(text: &str) -> bool {
    let header: Vec<&str> = HEADER.lines().filter(|l| !l.is_empty()).collect();
    text.lines().take(header.len() + 2).any(|line| {
        header.contains(&line)
            || (line.starts_with("# A game of ")
                && (line.contains(" kept by the carousel referee")
                    // The first line a Canadian or Carolina game was saved with before.
                    || line.contains(" kept by carousel")))
    })
}

/// Checks that a record is whole: a record with an end mark matches it, and a record that
/// starts as the referee writes one has its mark.
pub fn check(text: &str) -> Result<(), Unsealed> {
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let mark_at = if text.starts_with(MARK) {
        Some(0)
    } else {
        text.rfind(&format!("\n{MARK}")).map(|at| at + 1)
    };
    let Some(at) = mark_at else {
        if written_by_referee(text) {
            return Err(Unsealed::CutShort {
                line: line_of(text.trim_end().len()),
            });
        }
        // A record written by hand: nothing to check it against.
        return Ok(());
    };
    let line = line_of(at);
    let rest = &text[at + MARK.len()..];
    let stated = rest.strip_suffix('\n').unwrap_or(rest);
    let stated = stated.strip_suffix('\r').unwrap_or(stated);
    let sum = crc32fast::hash(&text.as_bytes()[..at]);
    match u32::from_str_radix(stated, 16) {
        Ok(found) if stated.len() == 8 && found == sum => Ok(()),
        Ok(_) if stated.len() == 8 => Err(Unsealed::Changed { line }),
        _ => Err(Unsealed::MarkNotWhole { line }),
    }
}

/// Whether a record ends with the referee's mark and matches it: the referee wrote it as it
/// is, its log of play too, so a reader of its rounds alone may pass the log over.
pub fn is_sealed(text: &str) -> bool {
    has_mark(text) && check(text).is_ok()
}

/// Whether a text holds an end mark, whole or not.
fn has_mark(text: &str) -> bool {
    text.starts_with(MARK) || text.contains(&format!("\n{MARK}"))
}

/// Whether a text is a record the referee wrote, whole or not: it begins as the referee
/// writes one, or holds an end mark.
pub fn is_the_referees(text: &str) -> bool {
    written_by_referee(text) || has_mark(text)
}

/// What is wrong with a record the referee saved that is not whole: where, and whether it
/// was cut short or changed since.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unsealed {
    /// It begins as the referee writes a record but has no end mark: its end was never
    /// written.
    #[error("the record ends at line {line} without its end mark ({MARK}...): it was cut short")]
    CutShort { line: usize },
    /// Its end mark is whole and last, so its end was written, but the rest does not match.
    #[error(
        "the end mark on line {line} does not match the record: it was changed after it was saved \
         (to edit it by hand, delete the header's comment lines and that line)"
    )]
    Changed { line: usize },
    /// Its end mark is not a whole mark, or not last.
    #[error(
        "the end mark on line {line} is not whole ({MARK} and 8 hexadecimal digits, last): the record was cut short or changed"
    )]
    MarkNotWhole { line: usize },
}

impl Unsealed {
    /// Changed rather than cut: what the change breaks, if anything, says more than the
    /// checksum does.
    pub fn is_change(&self) -> bool {
        matches!(self, Unsealed::Changed { .. })
    }
}

/// Whether a record read a block of whole lines at a time is sealed and whole, as
/// [`is_sealed`] says of its whole text: its last line is the end mark, and the mark holds
/// the checksum of every line before it. It keeps no line but the last, so a record can be
/// checked while only part of it is kept.
#[derive(Clone, Default)]
pub struct SealCheck {
    /// The checksum of every line before the last given.
    before_last: crc32fast::Hasher,
    last: Vec<u8>,
}

impl SealCheck {
    /// Takes the record's next lines: whole lines, each with its line end, but for the
    /// record's last piece.
    pub fn lines(&mut self, lines: &[u8]) {
        if lines.is_empty() {
            return;
        }
        let last_starts = memchr::memrchr(b'\n', &lines[..lines.len() - 1]).map_or(0, |at| at + 1);
        self.before_last.update(&self.last);
        self.before_last.update(&lines[..last_starts]);
        self.last.clear();
        self.last.extend_from_slice(&lines[last_starts..]);
    }

    /// Whether the lines given end with a mark that matches the rest.
    pub fn is_sealed(&self) -> bool {
        let Some(stated) = self.last.strip_prefix(MARK.as_bytes()) else {
            return false;
        };
        let stated = stated.strip_suffix(b"\n").unwrap_or(stated);
        let stated = stated.strip_suffix(b"\r").unwrap_or(stated);
        stated.len() == 8
            && std::str::from_utf8(stated)
                .ok()
                .and_then(|s| u32::from_str_radix(s, 16).ok())
                == Some(self.before_last.clone().finalize())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = "players = [\"alice\", \"bob\"]\n\n[play]\nlog = [\"alice: draw\"]\n";

    #[test]
    fn a_sealed_record_is_whole_and_one_written_by_hand_has_nothing_to_check() {
        let saved = sealed("Carousel", RECORD);
        assert_eq!(check(&saved), Ok(()));
        assert!(is_sealed(&saved));
        assert!(is_the_referees(&saved));
        assert_eq!(check(RECORD), Ok(()));
        assert!(!is_sealed(RECORD));
        assert!(!is_the_referees(RECORD));
    }

    #[test]
    fn a_record_cut_short_changed_or_with_a_broken_mark_says_which_and_where() {
        let saved = sealed("Carousel", RECORD);
        let mark_line = saved.lines().count();
        let cut = &saved[..saved.find("\n[play]").unwrap()];
        let cut_short = check(cut).unwrap_err();
        assert!(matches!(cut_short, Unsealed::CutShort { .. }));
        assert!(!cut_short.is_change());
        assert_eq!(
            cut_short.to_string(),
            format!(
                "the record ends at line {} without its end mark (# carousel-end crc32:...): it was cut short",
                cut.trim_end().lines().count()
            )
        );
        let changed = check(&saved.replace("alice: draw", "alice: drew")).unwrap_err();
        assert_eq!(changed, Unsealed::Changed { line: mark_line });
        assert!(changed.is_change());
        assert_eq!(
            changed.to_string(),
            format!(
                "the end mark on line {mark_line} does not match the record: it was changed after it was saved (to edit it by hand, delete the header's comment lines and that line)"
            )
        );
        let broken = check(saved.trim_end().strip_suffix(|_| true).unwrap()).unwrap_err();
        assert_eq!(broken, Unsealed::MarkNotWhole { line: mark_line });
        assert!(!broken.is_change());
    }
}
