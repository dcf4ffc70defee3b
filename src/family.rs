//! The family of games, as the rest of the program meets it: a game by its name
//! ([`GameKind`]), what each game offers the program ([`Entry`]: a new game, a saved game
//! resumed, a record scored, its house rules), a game in play ([`InPlay`]) and a record scored
//! ([`Scored`]). The games themselves are listed once, in [`crate::games::GAMES`]; each is
//! written against [`crate::game::Game`] and [`crate::desk::Desk`], and the two traits here are
//! implemented once for every game ([`Session`] and [`ScoredGame`]), so the REPL, the
//! one-shot commands, the saved games, export, the chart and statistics work for every game
//! alike.

use crate::console::Console;
use crate::error::Error;
use crate::export::{Exported, Format};
use crate::render::board::Board;
pub use crate::render::chart::Series;
use crate::render::look::Look;
use crate::rules::{GameRules, HouseRule};
use crate::stats::GameStats;
use std::any::Any;
use std::fmt;
use std::ops::RangeInclusive;

/// A game of the family, by name: what `--game` and a record's `game` key say.
#[derive(Clone, Copy)]
pub struct GameKind(pub &'static dyn Entry);

impl GameKind {
    /// The name `--game` and a record's `game` key use: `carousel`, `canadian`, `carolina`.
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// The game's name for people.
    pub fn title(self) -> &'static str {
        self.0.title()
    }

    /// What the game offers the program.
    pub fn entry(self) -> &'static dyn Entry {
        self.0
    }
}

impl PartialEq for GameKind {
    fn eq(&self, other: &GameKind) -> bool {
        self.name() == other.name()
    }
}

impl Eq for GameKind {}

impl std::hash::Hash for GameKind {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl fmt::Debug for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl serde::Serialize for GameKind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

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

/// How a new game is asked for: the players in seating order, and the teams when given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewGame {
    pub players: Vec<String>,
    pub teams: Option<String>,
}

/// What a game of the family offers the program. One value a game, listed in
/// [`crate::games::GAMES`].
pub trait Entry: Sync {
    /// The name `--game` and a record's `game` key use.
    fn name(&self) -> &'static str;
    /// The game's name for people.
    fn title(&self) -> &'static str;
    /// How many players the game takes.
    fn players(&self) -> RangeInclusive<usize>;
    /// The game's house rules: key, meaning and default.
    fn rules_table(&self) -> &'static [HouseRule];
    /// The house rules at their defaults.
    fn default_rules(&self) -> Box<dyn AnyRules>;
    /// House rules read from a rules file's text.
    fn read_rules(&self, text: &str) -> Result<Box<dyn AnyRules>, Error>;
    /// A new game under `rules` (the game's own).
    fn new_game(&self, new: &NewGame, rules: &dyn AnyRules) -> Result<Box<dyn InPlay>, Error>;
    /// A saved game resumed from its record's text: its log replayed.
    fn resume(&self, text: &str) -> Result<Box<dyn InPlay>, Error>;
    /// A record's text scored: its finished rounds, without replaying a log.
    fn scored(&self, text: &str) -> Result<Box<dyn Scored>, Error>;
    /// Statistics across several of the game's records scored (all of this game).
    fn stats(&self, games: &[&dyn Scored]) -> GameStats;
    /// The game's own command words (each with its aliases, the first its name).
    fn words(&self) -> &'static [&'static [&'static str]];
    /// Runs one of the game's commands that needs no game in play, under `rules` (the
    /// game's own); `None`: the command needs a game.
    fn offline(
        &self,
        word: &'static str,
        rest: &str,
        rules: &dyn AnyRules,
        c: &mut Console,
    ) -> Option<Result<(), Error>>;
    /// The help overview of the game's own commands, and its topics.
    fn overview(&self) -> &'static str;
    fn topic(&self, name: &str) -> Option<&'static str>;
    fn topic_names(&self) -> Vec<&'static str>;
    /// What the game calls a round: `round`, or `hand`.
    fn round_word(&self) -> &'static str;
}

/// A game's house rules, whichever game: read, shown and changed a key at a time.
pub trait AnyRules: fmt::Debug {
    fn table(&self) -> &'static [HouseRule];
    fn value_text(&self, key: &str) -> Option<String>;
    /// A rule's key as typed, and what it means.
    fn key(&self, typed: &str) -> Result<(&'static str, &'static str), Error>;
    /// Sets a rule from words; a value refused changes nothing.
    fn set(&mut self, key: &str, value: &str) -> Result<(), Error>;
    fn to_toml(&self) -> String;
    fn boxed(&self) -> Box<dyn AnyRules>;
    fn as_any(&self) -> &dyn Any;
}

impl<R: GameRules + fmt::Debug + 'static> AnyRules for R {
    fn table(&self) -> &'static [HouseRule] {
        R::table()
    }

    fn value_text(&self, key: &str) -> Option<String> {
        GameRules::value_text(self, key)
    }

    fn key(&self, typed: &str) -> Result<(&'static str, &'static str), Error> {
        R::key(typed)
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), Error> {
        GameRules::set(self, key, value)
    }

    fn to_toml(&self) -> String {
        GameRules::to_toml(self)
    }

    fn boxed(&self) -> Box<dyn AnyRules> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl Clone for Box<dyn AnyRules> {
    fn clone(&self) -> Self {
        self.boxed()
    }
}

/// Where a game stands, for the list of saved games.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Summary {
    /// Which game of the family: `carousel`, `canadian` or `carolina`.
    pub game: GameKind,
    pub players: Vec<String>,
    /// The round (in Canadian and Carolina Rummy the hand) in play, or the last one played
    /// once the game is over.
    pub round: usize,
    pub finished: bool,
    /// The leaders (the winners once the game is over), players in Carousel and sides in
    /// the other games; none before the first round ends.
    pub leaders: Vec<String>,
    /// The leaders' total (their final score once the game is over); a side's total in
    /// Canadian and Carolina Rummy can be below 0.
    pub score: i64,
}

/// A record of any game of the family, scored: what `tally`, `export`, `chart`, `stats` and
/// the list of saved games read.
pub trait Scored: Any {
    fn kind(&self) -> GameKind;
    fn players(&self) -> &[String];
    /// The scoreboard.
    fn board(&self) -> Board<'_>;
    /// The running totals to draw.
    fn series(&self) -> Series;
    /// The game as exported.
    fn export(&self) -> Box<dyn Exported + '_>;
    /// `tally --json` of the game.
    fn tally_json(&self) -> crate::tally::Json<'_>;
    /// Where the game stands, reading its finished rounds alone: a round in progress counts
    /// as the next.
    fn summary(&self) -> Summary;
    fn as_any(&self) -> &dyn Any;
}

/// A game in play at the table, whichever game: what the REPL's one referee asks of it.
pub trait InPlay {
    fn kind(&self) -> GameKind;
    fn players(&self) -> &[String];
    /// The game's own command words.
    fn words(&self) -> &'static [&'static [&'static str]];
    /// Commands of the game that take a player's name first, for completion.
    fn takes_a_name(&self) -> &'static [&'static str];
    /// The commands a whole turn is typed with in one line, between commas.
    fn turn_words(&self) -> &'static [&'static str];
    /// The commands whose words are a player's private cards.
    fn private_words(&self) -> &'static [&'static str];
    /// A line that reads as one of the game's steps without a command word.
    fn reads_as(&self, line: &str) -> Option<(&'static str, String)>;
    /// What a word that is no command probably meant.
    fn hint(&self, word: &str) -> Option<&'static str>;
    /// An error the game lays out itself, in full.
    fn explain(&self, err: &Error) -> Option<String>;
    /// The game's forms of `fix N ...`.
    fn fix_forms(&self) -> &'static str;
    /// Runs one of the game's own commands; `Ok(true)` when the game changed.
    fn command(&mut self, said: Said<'_>, c: &mut Console) -> Result<bool, Error>;

    fn prompt(&self) -> String;
    fn status(&self, look: Look) -> String;
    fn introduced(&self) -> String;
    fn first_round(&self) -> String;
    fn round_example(&self) -> &'static str;
    fn round_word(&self) -> &'static str;
    fn is_over(&self) -> bool;
    fn has_started(&self) -> bool;
    /// The number of the round in progress (the last one played once the game is over).
    fn number(&self) -> usize;
    /// How many rounds are finished.
    fn finished(&self) -> usize;

    /// Takes back the last `count` steps; says each step undone, and where the game now
    /// stands.
    fn undo(&mut self, count: usize, look: Look) -> Result<String, Error>;
    fn redo(&mut self, count: usize, look: Look) -> Result<String, Error>;
    fn can_redo(&self) -> usize;
    /// `fix N ...` as typed; says what it did.
    fn fix(&mut self, round: usize, words: &str, look: Look) -> Result<String, Error>;
    /// `round RESULT`: the round in progress ends with a result typed in one line.
    fn enter_round(&mut self, text: &str, look: Look) -> Result<String, Error>;
    /// `rules KEY VALUE` for the game in play: a step.
    fn set_rule(&mut self, key: &str, value: &str, look: Look) -> Result<String, Error>;
    fn rules(&self) -> Box<dyn AnyRules>;
    /// `dealer NAME`, before the first step.
    fn set_first_dealer(&mut self, name: &str) -> Result<String, Error>;
    /// Every step so far, or the last `last`, round by round.
    fn history(&self, last: Option<usize>) -> String;
    /// How round `round`'s points came about (`None`: the last round, and the end's bonuses
    /// once the game is over); `end`: the bonuses alone.
    fn why(&self, round: Option<usize>, end: bool, look: Look) -> Result<String, Error>;
    /// The record with its log, as TOML.
    fn record_text(&self) -> String;
    /// The game scored, as the family's tools take it.
    fn scored(&self) -> Box<dyn Scored>;
    /// The game as the live table page shows it; `whys` keeps each round's `why` from one
    /// view to the next.
    fn view(&self, whys: &mut crate::view::Whys) -> crate::view::View;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

/// Reads `format` as `export` takes it and the game in it.
pub fn export(game: &dyn Scored, format: Format) -> Result<String, Error> {
    game.export().to_format(format)
}
