//! Counts and lists in a player's words, the same in every message of every game: `1 card`,
//! `3 cards`, `alice, bob and carol`; and text from outside (a name, a token, a file's name)
//! made safe to show ([`printable`]).

use std::borrow::Cow;
use std::fmt::Write;
use std::path::Path;

/// Text as it can be shown on a terminal or written into an export: every control character
/// (C0, DEL, and C1, U+0080 to U+009F), which a terminal would act on rather than show (a
/// new title, a cleared screen), is written as its escape, `\u{1b}`; the rest is left as it
/// is. Everything a name, a token or a file's name brings in is shown through this.
pub fn printable(text: &str) -> Cow<'_, str> {
    escape_controls(text, false)
}

/// [`printable`] for a message of several lines: line ends and tabs are kept, every other
/// control character escaped.
pub fn printable_lines(text: &str) -> Cow<'_, str> {
    escape_controls(text, true)
}

/// A path shown in a message: [`printable`] of its name.
pub fn printable_path(path: &Path) -> String {
    printable(&path.display().to_string()).into_owned()
}

fn escape_controls(text: &str, keep_lines: bool) -> Cow<'_, str> {
    let escaped = |c: char| c.is_control() && !(keep_lines && (c == '\n' || c == '\t'));
    if !text.chars().any(escaped) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if escaped(c) {
            let _ = write!(shown, "\\u{{{:x}}}", u32::from(c));
        } else {
            shown.push(c);
        }
    }
    Cow::Owned(shown)
}

/// A player's name as it is typed in a command: in quotes when it has a space
/// (`hand "Mary Jo" 12`), as it is otherwise.
pub fn typed(name: &str) -> String {
    if name.contains(' ') {
        format!("\"{name}\"")
    } else {
        name.to_string()
    }
}

/// A count with its noun: `1 round`, `2 rounds`.
/// `word` with its first letter a capital: `round` → `Round`, to start a sentence.
pub fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

pub fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A count of cards: `1 card`, `3 cards`.
pub fn cards(n: u32) -> String {
    plural(n, "card", "cards")
}

/// Names joined for a sentence: `alice`, `alice and bob`, `alice, bob and carol`.
pub fn and_list<S: AsRef<str>>(names: &[S]) -> String {
    joined(names, "and")
}

/// `a`, `a or b`, `a, b or c`.
pub fn or_list<S: AsRef<str>>(names: &[S]) -> String {
    joined(names, "or")
}

fn joined<S: AsRef<str>>(names: &[S], conjunction: &str) -> String {
    match names {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => format!(
            "{} {conjunction} {}",
            init.iter()
                .map(AsRef::as_ref)
                .collect::<Vec<_>>()
                .join(", "),
            last.as_ref()
        ),
    }
}

/// Names of games said together, their shared last word said once: `Canadian and Carolina
/// Rummy`, `Carousel or Canadian Rummy`.
pub fn titles_list(titles: &[&str], conjunction: &str) -> String {
    let last = |t: &str| t.rsplit_once(' ').map(|(_, w)| w.to_string());
    let shared = titles
        .first()
        .and_then(|t| last(t))
        .filter(|word| titles.len() > 1 && titles.iter().all(|t| last(t).as_deref() == Some(word)));
    match shared {
        Some(word) => {
            let heads: Vec<&str> = titles
                .iter()
                .map(|t| t.rsplit_once(' ').map_or(*t, |(head, _)| head))
                .collect();
            format!("{} {word}", joined(&heads, conjunction))
        }
        None => joined(titles, conjunction),
    }
}

/// `bob 12`, `bob=12`, `bob: Kd *`, `bob = "Kd *"`, `"Mary Jo" 12`: a name and a hand.
pub fn name_and_rest(text: &str) -> (String, String) {
    let text = text.trim();
    if let Some(quoted) = text.strip_prefix('"')
        && let Some((name, rest)) = quoted.split_once('"')
    {
        let rest = rest
            .trim_start_matches(|c: char| c.is_whitespace() || c == '=' || c == ':')
            .trim()
            .trim_matches('"')
            .trim();
        return (name.trim().to_string(), rest.to_string());
    }
    let at = text
        .find(|c: char| c.is_whitespace() || c == '=' || c == ':')
        .unwrap_or(text.len());
    let name = text[..at].to_string();
    let rest = text[at..]
        .trim_start_matches(|c: char| c.is_whitespace() || c == '=' || c == ':')
        .trim()
        .trim_matches('"')
        .trim()
        .to_string();
    (name, rest)
}

/// The first word and the rest, trimmed.
pub fn split_word(text: &str) -> (&str, &str) {
    let text = text.trim();
    match text.find(char::is_whitespace) {
        Some(at) => (&text[..at], text[at..].trim()),
        None => (text, ""),
    }
}

/// Longest word a message repeats whole; a longer one is cut with "...".
const SHOWN_LONGEST: usize = 40;

/// A word as a message repeats it, bounded so a pasted megabyte is not echoed back.
pub fn shown(word: &str) -> String {
    match word.char_indices().nth(SHOWN_LONGEST) {
        Some((cut, _)) => format!("{}...", &word[..cut]),
        None => word.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plural(1, "round", "rounds"), "1 round");
        assert_eq!(plural(0, "round", "rounds"), "0 rounds");
        assert_eq!(plural(2, "knock", "knocks"), "2 knocks");
        assert_eq!(cards(1), "1 card");
        assert_eq!(cards(13), "13 cards");
    }

    #[test]
    fn titles_sharing_a_last_word_say_it_once() {
        assert_eq!(
            titles_list(&["Canadian Rummy", "Carolina Rummy"], "and"),
            "Canadian and Carolina Rummy"
        );
        assert_eq!(
            titles_list(&["Carousel", "Canadian Rummy"], "or"),
            "Carousel or Canadian Rummy"
        );
        assert_eq!(titles_list(&["Carousel"], "or"), "Carousel");
        assert_eq!(or_list(&["a", "b", "c"]), "a, b or c");
    }

    #[test]
    fn printable_escapes_c0_del_and_c1_controls_and_nothing_else() {
        assert_eq!(printable("alice"), "alice");
        assert!(matches!(printable("Åsa o'hara"), Cow::Borrowed(_)));
        assert_eq!(printable("\u{1b}]0;PWNED\u{7}"), "\\u{1b}]0;PWNED\\u{7}");
        assert_eq!(printable("\u{1b}[2J"), "\\u{1b}[2J");
        assert_eq!(printable("c\u{9b}31m"), "c\\u{9b}31m");
        assert_eq!(
            printable("a\u{7f}b\u{80}\u{9f}\u{a0}"),
            "a\\u{7f}b\\u{80}\\u{9f}\u{a0}"
        );
        assert_eq!(printable("\0 \r"), "\\u{0} \\u{d}");
        // One line: a line end and a tab are escaped too; in a message of lines they stay.
        assert_eq!(printable("a\nb\tc"), "a\\u{a}b\\u{9}c");
        assert_eq!(
            printable_lines("a\nb\tc\r\u{1b}[2J"),
            "a\nb\tc\\u{d}\\u{1b}[2J"
        );
        // Escaping what is escaped changes nothing.
        let once = printable("\u{1b}x").into_owned();
        assert_eq!(printable(&once), once);
        assert_eq!(printable_path(Path::new("x\u{7}.csv")), "x\\u{7}.csv");
    }

    #[test]
    fn a_name_with_a_control_character_is_refused_and_said_escaped() {
        assert_eq!(crate::error::Name::check_printable("Mary Jo"), Ok(()));
        let refused = crate::error::Name::check_printable("b\u{1b}[2J").unwrap_err();
        assert_eq!(
            refused.to_string(),
            "\"b\\u{1b}[2J\" cannot be a player's name: it holds a control character, which a terminal would act on rather than show"
        );
    }

    #[test]
    fn names_are_joined_with_commas_and_a_last_and() {
        assert_eq!(and_list::<&str>(&[]), "");
        assert_eq!(and_list(&["alice"]), "alice");
        assert_eq!(and_list(&["alice", "bob"]), "alice and bob");
        assert_eq!(and_list(&["alice", "bob", "carol"]), "alice, bob and carol");
    }
}
