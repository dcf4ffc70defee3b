//! The arguments of `carousel play`. The REPL itself is `crate::repl`: `main` hands it
//! these, so the one-shot commands and the REPL do not call each other.

use clap::Args;
use std::path::PathBuf;

/// Referee a game at the table, round after round (what `carousel` alone does)
///
/// Opens an interactive session: start a game with `new alice bob carol`, then type each
/// turn as it is played (`draw`, `meld 7h 8h 9h`, `1 2 = ...`, `done`, `knock 4`); `help`
/// explains every command. The game is saved after every step, by default in your data
/// directory. With GAME.toml, goes on with that saved game, or saves a new one there.
/// When stdin is not a terminal, reads the commands line by line with no prompt, so a game
/// can be replayed from a file; the exit status is then 2 if a line was not understood,
/// 1 if one was refused by the rules, else 0. It is 3 when the session ends with steps not
/// saved (a full disk: save FILE writes the game elsewhere). A game open in one session is
/// locked: a second session on it is refused.
#[derive(Args, Debug, Default)]
#[command(after_help = "Examples:
  carousel play friday.toml
  carousel play replay.toml < examples/three-players.carousel
  carousel play friday.toml --share")]
pub struct PlayArgs {
    /// The game file: resumed when it exists, else where a new game is saved
    #[arg(value_name = "GAME.toml")]
    pub game: Option<PathBuf>,
    /// House rules for a new game: a TOML file of [rules] keys, Carousel's or Canadian and
    /// Carolina Rummy's (a new game of the other game is refused, naming the key)
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// When reading a script, print each line after its prompt, as a terminal shows it:
    /// the output is then a transcript of the game
    #[arg(long)]
    pub echo: bool,
    /// Share the game with the phones at the table: a read-only page on the local network,
    /// its address printed with a QR code (help share in the REPL). --share=ADDRESS
    /// listens there: a port, an address, or both (--share=127.0.0.1:8044)
    #[arg(
        long,
        value_name = "ADDRESS",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = ""
    )]
    pub share: Option<String>,
}
