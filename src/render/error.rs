//! Every error the user reads, rendered in one place: the one-shot commands' `carousel: ...`
//! line with its exit status, and the REPL's `refused:` / `error:` lines (with a script's
//! line number, and an illegal move's verdict laid out as `check` lays it out). An error
//! echoes what was typed or read (a token, a name, a file's name): every control character
//! in it is shown escaped here ([`crate::words::printable_lines`]), whatever the error.

use crate::error::Error;
use crate::family::InPlay;
use crate::words::printable_lines;

/// What kind of "no" an error is: the exit status and the REPL's prefix follow from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A well-formed "no" of the rules (exit 1, `refused:`).
    Refused,
    /// Input the program cannot take (exit 2, `error:`).
    NotUnderstood,
}

impl Kind {
    pub(crate) fn of(err: &Error) -> Kind {
        if err.is_refusal() {
            Kind::Refused
        } else {
            Kind::NotUnderstood
        }
    }
}

/// A one-shot command's failure: the line for stderr (no newline), the bare message (for
/// `--json`) and the exit status of docs/commands.md#exit-status.
pub(crate) fn one_shot(err: &anyhow::Error) -> (String, String, u8) {
    let refusal = err
        .downcast_ref::<Error>()
        .is_some_and(|e| Kind::of(e) == Kind::Refused);
    let message = printable_lines(&format!("{err:#}")).into_owned();
    (
        format!("carousel: {message}"),
        message,
        if refusal { 1 } else { 2 },
    )
}

/// A REPL line's failure, as printed on stderr (ending in a newline). `line` numbers a
/// script's lines; `game` is the game in play, which may lay out its own refusals (an
/// illegal move's verdict, drawn against the table).
pub(crate) fn repl_line(
    err: &Error,
    line: Option<usize>,
    game: Option<&dyn InPlay>,
) -> (Kind, String) {
    let at = line.map_or(String::new(), |n| format!("line {n}: "));
    if let Error::InTurnLine {
        part,
        typed,
        kept,
        error,
    } = err
    {
        let (kind, said) = repl_line(error, line, game);
        let stood = match kept.as_slice() {
            [] => "nothing of it was played".to_string(),
            [one] => format!("the part before it ({one}) stands; undo takes it back"),
            more => format!(
                "the parts before it ({}) stand; undo takes them back a step at a time",
                more.join("; ")
            ),
        };
        let note = format!("The line stops at part {part} ({typed}): {stood}.\n");
        return (kind, format!("{said}{}", printable_lines(&note)));
    }
    let kind = Kind::of(err);
    let text = match (game.and_then(|g| g.explain(err)), kind) {
        (Some(explained), _) => format!("{at}{explained}"),
        (None, Kind::Refused) => format!("{at}refused: {err}\n"),
        (None, Kind::NotUnderstood) => format!("{at}error: {err}\n"),
    };
    (kind, printable_lines(&text).into_owned())
}
