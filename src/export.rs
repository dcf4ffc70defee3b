//! Where a game leaves the program, as CSV (for a spreadsheet), Markdown (for a chat or a
//! wiki) or JSON (for a program). Each game gathers its own rows (in its folder: every
//! round's hands, points and running totals, and the end); the writing rules every game
//! keeps are here: the formats, a CSV cell a spreadsheet must not read as a formula, a name
//! in Markdown, the outcome's line.

use crate::error::{Error, ExportError};

/// The formats `export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Csv,
    Markdown,
    Json,
}

impl Format {
    pub const NAMES: &'static [&'static str] = &["csv", "markdown", "json"];

    /// `csv`, `markdown` (or `md`), `json`, any case.
    pub fn parse(text: &str) -> Result<Format, Error> {
        match text.trim().to_lowercase().as_str() {
            "csv" => Ok(Format::Csv),
            "markdown" | "md" => Ok(Format::Markdown),
            "json" => Ok(Format::Json),
            other => Err(ExportError::Format {
                name: other.to_string(),
            }
            .into()),
        }
    }
}

/// A game as exported, whichever game: one value feeds the three formats, so they cannot
/// disagree.
pub trait Exported {
    /// Writes the export in `format` to `out` as it is made, a round at a time: a long
    /// game's rows are never all held at once.
    fn write_to(&self, format: Format, out: &mut dyn std::io::Write) -> std::io::Result<()>;

    /// The export in a format, as text.
    fn to_format(&self, format: Format) -> Result<String, Error> {
        let mut bytes = Vec::new();
        self.write_to(format, &mut bytes)
            .map_err(|e| csv_failed(&e))?;
        // Every format is written from strings, so the bytes are text.
        Ok(String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
    }

    fn to_csv(&self) -> Result<String, Error> {
        self.to_format(Format::Csv)
    }

    fn to_markdown(&self) -> String {
        self.to_format(Format::Markdown).unwrap_or_default()
    }

    /// One JSON object on one line (without its line end).
    fn to_json(&self) -> String {
        let mut json = self.to_format(Format::Json).unwrap_or_default();
        json.truncate(json.trim_end().len());
        json
    }
}

/// A game's export in parts, as each game gathers it: what every format says besides the
/// rounds (the head, whose `rounds` are left empty when it is written), each round's row,
/// and the game's own CSV and Markdown made from its rows. The formats are chosen here
/// once for the family ([`write_parts`]), JSON written here for every game.
pub(crate) trait Parts: serde::Serialize + Clone {
    type Round: serde::Serialize + Clone;
    /// The rounds gathered (none in a head).
    fn rounds(&self) -> &[Self::Round];
    /// The same game with no rounds gathered: its head.
    fn head(&self) -> Self;
    /// The CSV, a row a round of `rounds`, each dropped once written.
    fn csv(
        &self,
        rounds: impl Iterator<Item = Self::Round>,
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<()>;
    /// The Markdown, the rounds made by `rounds` each time they are read.
    fn markdown<I: Iterator<Item = Self::Round>>(
        &self,
        rounds: &dyn Fn() -> I,
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<()>;
}

/// Writes `head` (its rounds left out) in `format`, with the rounds `rounds` makes, each as
/// it is written.
pub(crate) fn write_parts<H: Parts, I: Iterator<Item = H::Round>>(
    head: &H,
    format: Format,
    rounds: &dyn Fn() -> I,
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    match format {
        Format::Csv => head.csv(rounds(), out),
        Format::Markdown => head.markdown(rounds, out),
        Format::Json => json_with_rounds(head, rounds(), out),
    }
}

/// A scored game to export: its head, and its `count` rounds, each made by `round` as it is
/// written, so that a long game's rows are never all held at once, in any format.
pub(crate) struct Exporting<H, F> {
    pub head: H,
    pub count: usize,
    pub round: F,
}

impl<H: Parts, F: Fn(usize) -> H::Round> Exported for Exporting<H, F> {
    fn write_to(&self, format: Format, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        write_parts(
            &self.head,
            format,
            &|| (0..self.count).map(&self.round),
            out,
        )
    }
}

/// A game gathered whole (the tests' small games) writes as the same game exported a round
/// at a time.
impl<H: Parts> Exported for H {
    fn write_to(&self, format: Format, out: &mut dyn std::io::Write) -> std::io::Result<()> {
        write_parts(&self.head(), format, &|| self.rounds().iter().cloned(), out)
    }
}

/// Writes `head`'s JSON, one line, with `rounds` in place of its empty `rounds` list, each
/// serialized as it comes. The list is found by its key with an empty list after it, which
/// no string of the head can hold: a quote inside a JSON string is always escaped.
pub(crate) fn json_with_rounds<R: serde::Serialize>(
    head: &impl serde::Serialize,
    rounds: impl Iterator<Item = R>,
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    const EMPTY: &str = "\"rounds\":[]";
    let text = serde_json::to_string(head)?;
    let Some(at) = text.find(EMPTY) else {
        return Err(std::io::Error::other(
            "the export's head has no empty rounds list",
        ));
    };
    let (before, after) = text.split_at(at + EMPTY.len() - 1);
    out.write_all(before.as_bytes())?;
    for (i, round) in rounds.enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, &round)?;
    }
    out.write_all(after.as_bytes())?;
    out.write_all(b"\n")
}

/// CSV the writer failed to write, in its words.
pub(crate) fn csv_failed(e: &impl std::fmt::Display) -> Error {
    ExportError::Csv {
        problem: e.to_string(),
    }
    .into()
}

/// The Markdown line after the table: who won, or when the game will end.
pub(crate) fn outcome(finished: bool, winners: &[String], ends: &str) -> String {
    match (finished, winners) {
        (true, [one]) => format!("{} wins.\n\n", cell(one)),
        (true, many) => format!("{} share the win.\n\n", cell(&many.join(" and "))),
        (false, _) => format!("Not finished: {ends}.\n\n"),
    }
}

/// A name in Markdown, as written: every character Markdown would read as markup (a `|`
/// would end a table cell, `*` and `_` emphasize, `[` starts a link, `<` a tag) is escaped
/// with a backslash.
pub(crate) fn cell(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '|' | '*' | '_' | '`' | '[' | ']' | '<' | '>' | '~' | '&' | '#' | '!'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// A text cell of a CSV export (a name, a side, a header): one a spreadsheet would read as a
/// formula, starting with `=`, `+`, `-` or `@`, is written with a `'` before it, which the
/// spreadsheet shows as text. Number cells are written as they are, so a negative total
/// stays a number.
pub(crate) fn text_cell(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@']) {
        format!("'{text}")
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_text_cells_a_spreadsheet_would_read_as_formulas_are_quoted_and_numbers_stay() {
        for formula in ["=SUM(A1)", "+1", "-bob", "@cmd"] {
            assert_eq!(text_cell(formula), format!("'{formula}"));
        }
        assert_eq!(text_cell("alice"), "alice");
        assert_eq!(text_cell(""), "");
    }

    #[test]
    fn markdown_escapes_the_markup_a_name_could_hold() {
        assert_eq!(cell("alice"), "alice");
        assert_eq!(cell("a|b"), "a\\|b");
        assert_eq!(cell("*x* _y_ `z`"), "\\*x\\* \\_y\\_ \\`z\\`");
        assert_eq!(cell("![i](u) <b>"), "\\!\\[i\\](u) \\<b\\>");
        assert_eq!(cell("o'hara Jean-Luc"), "o'hara Jean-Luc");
    }

    /// A name that reads like the rounds' key is a string, escaped: the rounds go where the
    /// head's own empty list is.
    #[test]
    fn rounds_go_into_the_heads_own_list_whatever_a_name_holds() {
        #[derive(serde::Serialize)]
        struct Head {
            players: Vec<String>,
            rounds: Vec<u32>,
            last: bool,
        }
        let head = Head {
            players: vec!["\"rounds\":[]".to_string()],
            rounds: Vec::new(),
            last: true,
        };
        let mut out = Vec::new();
        json_with_rounds(&head, [1, 2].into_iter(), &mut out).unwrap();
        let whole = Head {
            rounds: vec![1, 2],
            ..head
        };
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{}\n", serde_json::to_string(&whole).unwrap())
        );
    }

    #[test]
    fn formats_by_name() {
        assert_eq!(Format::parse("CSV").unwrap(), Format::Csv);
        assert_eq!(Format::parse("md").unwrap(), Format::Markdown);
        assert!(
            Format::parse("xls")
                .unwrap_err()
                .to_string()
                .contains("\"xls\"")
        );
    }
}
