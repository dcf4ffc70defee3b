//! What a game of the family says and hears at the table, beyond its rules ([`Desk`]): its
//! own commands, a step's notes in words, where the game stands, the breakdown of a round's
//! score, its scoreboard, export rows and statistics. The referee's shared commands (undo,
//! redo, fix, round, rules, the saved games, help) are written once in `crate::repl` and
//! reach a game through this trait and [`crate::game::Game`].

use crate::console::Console;
use crate::error::Error;
use crate::export::Exported;
use crate::game::Game;
use crate::render::board::Board;
use crate::render::look::Look;
use crate::session::{Note, Session};
use crate::stats::GameStats;
use crate::tally::Tally;

/// One of a game's own commands as the player typed it.
#[derive(Clone, Copy, Debug)]
pub struct Said<'a> {
    /// The command's name, the first of its words.
    pub word: &'static str,
    /// The word typed for it, maybe an alias (`solve` for `hint`): messages repeat it.
    pub typed: &'a str,
    /// What follows the word.
    pub rest: &'a str,
}

/// A game's texts and commands at the table.
pub trait Desk: Game {
    /// The game's kind (its name and title).
    fn kind(&self) -> crate::family::GameKind;

    /// The game's own command words, each with its aliases, the first the name `help` uses.
    fn words() -> &'static [&'static [&'static str]];

    /// Runs one of the game's own commands on the game in play, printing what it did.
    /// `Ok(true)`: the game changed, to be saved.
    fn command(game: &mut Session<Self>, said: Said<'_>, c: &mut Console) -> Result<bool, Error>;

    /// Runs one of the game's commands that needs no game in play (a dispute, a pile laid
    /// out), under the rules the next new game starts with; `None`: the command needs a game.
    fn offline(
        word: &'static str,
        rest: &str,
        rules: &Self::Rules,
        c: &mut Console,
    ) -> Option<Result<(), Error>> {
        let _ = (word, rest, rules, c);
        None
    }

    /// A line that is not a command word but reads as one of the game's steps (Carousel's
    /// `1 2 = MELDS`, `bob=12`): the command it is, with the words after it.
    fn reads_as(line: &str) -> Option<(&'static str, String)> {
        let _ = line;
        None
    }

    /// What a word that is no command probably meant, said after the refusal.
    fn hint(word: &str) -> Option<&'static str> {
        let _ = word;
        None
    }

    /// An error the game lays out itself, in full (an illegal move's verdict with the
    /// table); `None`: the error is said as every error is.
    fn explain(game: &Session<Self>, err: &Error) -> Option<String> {
        let _ = (game, err);
        None
    }

    /// Commands of the game that take a player's name first, for completion.
    fn takes_a_name() -> &'static [&'static str];

    /// What the steps just taken did, in words.
    fn tell(game: &Session<Self>, notes: &[Note<Self>], look: Look) -> String;

    /// What a step did, in a few words, for `history`.
    fn said(game: &Session<Self>, notes: &[Note<Self>]) -> Vec<String>;

    /// Where the game stands: the round, whose turn or what is still to give.
    fn status(game: &Session<Self>, look: Look) -> String;

    /// The prompt: whose turn and where in it, or what the game waits for.
    fn prompt(game: &Session<Self>) -> String;

    /// What a new game says first: the players or sides, the deck, the target.
    fn introduced(game: &Session<Self>) -> String;

    /// Who deals the first round and who plays first, with what can still change before
    /// the first step.
    fn first_round(game: &Session<Self>) -> String;

    /// The word for a round: `round`, or `hand` in Canadian and Carolina Rummy.
    fn round_word() -> &'static str;

    /// A round's result in one line, for the help and the messages: `round knock bob
    /// alice=12 bob=3 carol=9`.
    fn round_example() -> &'static str;

    /// The scoreboard of a game scored so far.
    fn board(setup: &Self, tally: &Tally<Self::Score>) -> Board;

    /// How finished round `round`'s points came about, rule by rule.
    fn why(
        setup: &Self,
        tally: &Tally<Self::Score>,
        results: &[Self::Result],
        round: usize,
        look: Look,
    ) -> String;

    /// How the end's bonuses came about, once the game is over (none: the game has none).
    fn why_end(setup: &Self, tally: &Tally<Self::Score>, look: Look) -> Option<String>;

    /// The game as exported: its rows, and the CSV, Markdown and JSON made of them.
    fn export(
        setup: &Self,
        tally: &Tally<Self::Score>,
        results: &[Self::Result],
    ) -> Box<dyn Exported>;

    /// `tally --json` of the game (docs/commands.md#tally).
    fn tally_json(setup: &Self, tally: &Tally<Self::Score>) -> serde_json::Value;

    /// The game's statistics across its games.
    fn stats(games: &[(&Self, &Tally<Self::Score>)]) -> GameStats;

    /// The record of a game in play, with its log, as TOML (the store seals and heads it).
    fn record_text(game: &Session<Self>) -> String;

    /// The help overview of the game's own commands, and its topics.
    fn overview() -> &'static str;

    fn topic(name: &str) -> Option<&'static str>;

    fn topic_names() -> Vec<&'static str>;
}
