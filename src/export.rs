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
    fn to_csv(&self) -> Result<String, Error>;
    fn to_markdown(&self) -> String;
    /// One JSON object on one line.
    fn to_json(&self) -> String;

    /// The export in a format.
    fn to_format(&self, format: Format) -> Result<String, Error> {
        Ok(match format {
            Format::Csv => self.to_csv()?,
            Format::Markdown => self.to_markdown(),
            Format::Json => format!("{}\n", self.to_json()),
        })
    }
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
