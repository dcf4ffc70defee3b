//! How wide the output may be and whether it may be coloured: decided once, at the edge,
//! and passed to every drawing function so that tests can draw at any width.

use std::io::IsTerminal;
use unicode_width::UnicodeWidthStr;

/// The width to draw for and whether to colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    pub width: usize,
    pub colour: bool,
}

/// The width when nothing says otherwise (output to a pipe or a file).
pub(crate) const DEFAULT_WIDTH: usize = 80;

impl Look {
    /// Plain text for `width` columns.
    pub fn plain(width: usize) -> Look {
        Look {
            width,
            colour: false,
        }
    }

    /// For standard output: the width from `COLUMNS` when it is set, else the terminal's,
    /// else 80; colour only at a terminal and never under `NO_COLOR`.
    pub fn of_stdout() -> Look {
        let terminal = std::io::stdout().is_terminal();
        let width = std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.trim().parse::<usize>().ok())
            .filter(|w| *w > 0)
            .or_else(|| {
                terminal
                    .then(|| comfy_table::Table::new().width())
                    .flatten()
                    .map(usize::from)
                    // A terminal that says it has no columns does not know its width.
                    .filter(|w| *w > 0)
            })
            .unwrap_or(DEFAULT_WIDTH);
        let no_colour = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Look {
            width: width.max(20),
            colour: terminal && !no_colour,
        }
    }

    /// `text` in a style, when colour is on.
    pub(crate) fn paint(&self, style: anstyle::Style, text: &str) -> String {
        if self.colour {
            format!("{style}{text}{style:#}")
        } else {
            text.to_string()
        }
    }

    /// The leader's name stands out.
    pub(crate) fn leader(&self, text: &str) -> String {
        self.paint(
            anstyle::Style::new()
                .bold()
                .fg_color(Some(anstyle::AnsiColor::Green.into())),
            text,
        )
    }

    pub(crate) fn bold(&self, text: &str) -> String {
        self.paint(anstyle::Style::new().bold(), text)
    }
}

/// The widest line of `text`, in terminal columns.
pub(crate) fn width_of(text: &str) -> usize {
    text.lines().map(visible_width).max().unwrap_or(0)
}

/// The columns `text` takes on a terminal: colour escapes (`ESC [ ... m`) take none.
pub(crate) fn visible_width(text: &str) -> usize {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            plain.push(c);
        }
    }
    UnicodeWidthStr::width(plain.as_str())
}

/// Lists `items` separated by `"; "`, filled into lines of at most `width` columns the way
/// [`wrap`] fills words, except that an item is never split: `rounds won 3` stays together.
pub(crate) fn wrap_items(items: &[String], width: usize, indent: usize) -> String {
    let mut out = String::new();
    let mut line = " ".repeat(indent);
    let mut fresh = true;
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item};")
        } else {
            item.clone()
        };
        let gap = usize::from(!fresh);
        if !fresh && visible_width(&line) + gap + visible_width(&piece) > width {
            out.push_str(&line);
            out.push('\n');
            line = " ".repeat(indent);
        } else if !fresh {
            line.push(' ');
        }
        line.push_str(&piece);
        fresh = false;
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// Fills `text` into lines of at most `width` columns (a word longer than that gets a line
/// of its own), the lines after the first indented by `indent` spaces.
pub(crate) fn wrap(text: &str, width: usize, indent: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    let mut used = 0;
    // Spaces since the last word: kept inside a line (they may align), dropped at a break.
    let mut spaces = 0;
    let mut fresh = true;
    for (i, word) in text.split(' ').enumerate() {
        if i > 0 {
            spaces += 1;
        }
        if word.is_empty() {
            continue;
        }
        let w = visible_width(word);
        if !fresh && used + spaces + w > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line = " ".repeat(indent);
            used = indent;
        } else {
            line.push_str(&" ".repeat(spaces));
            used += spaces;
        }
        line.push_str(word);
        used += w;
        spaces = 0;
        fresh = false;
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_fills_lines_and_indents_the_rest() {
        assert_eq!(wrap("a bb ccc dddd", 6, 2), "a bb\n  ccc\n  dddd\n");
        assert_eq!(wrap("short", 40, 0), "short\n");
        assert_eq!(wrap(" 1  two", 40, 0), " 1  two\n");
        assert_eq!(
            wrap("averyveryverylongword x", 5, 0),
            "averyveryverylongword\nx\n"
        );
    }

    #[test]
    fn wrap_items_breaks_between_items_never_inside_one() {
        let items: Vec<String> = ["games 1", "rounds won 3", "knocks 1"]
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(
            wrap_items(&items, 20, 2),
            "  games 1;\n  rounds won 3;\n  knocks 1\n"
        );
        assert_eq!(
            wrap_items(&items, 80, 2),
            "  games 1; rounds won 3; knocks 1\n"
        );
    }

    #[test]
    fn colour_escapes_take_no_columns() {
        let on = Look {
            width: 80,
            colour: true,
        };
        assert_eq!(visible_width(&on.leader("bob")), 3);
        let text = format!(
            "Game over after round 4: {} wins with 288.",
            on.leader("bob")
        );
        assert_eq!(wrap(&text, 40, 2).lines().count(), 2);
        assert_eq!(wrap(&text, 43, 2).lines().count(), 1);
    }

    #[test]
    fn colour_is_only_painted_when_on() {
        assert_eq!(Look::plain(80).leader("bob"), "bob");
        let on = Look {
            width: 80,
            colour: true,
        };
        assert!(on.leader("bob").contains("\u{1b}["));
    }
}
