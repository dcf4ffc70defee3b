//! The family of games, as the rest of the program meets it: a game by its name
//! ([`GameKind`]), what each game offers the program ([`Entry`]: a new game, a saved game
//! resumed, a record scored, its house rules), a game in play ([`InPlay`]) and a record scored
//! ([`Scored`]). The games themselves are listed once, in [`crate::games::GAMES`]; each is
//! written against [`crate::game::Game`] and [`crate::desk::Desk`], and the two traits here are
//! implemented once for every game ([`Session`] and [`ScoredGame`]), so the REPL, the
//! one-shot commands, the saved games, export, the chart and statistics work for every game
//! alike.

use crate::console::Console;
use crate::desk::{Desk, Said};
use crate::error::{Error, NoSuch};
use crate::export::{Exported, Format};
use crate::render::board::Board;
use crate::render::look::Look;
use crate::rules::{GameRules, HouseRule};
use crate::session::{Session, Taken};
use crate::stats::GameStats;
use crate::tally::Tally;
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

    /// A game by its name (`carousel`, `canadian`, `carolina`), case forgiven.
    pub fn parse(name: &str) -> Result<GameKind, Error> {
        let wanted = name.trim().to_ascii_lowercase();
        crate::games::GAMES
            .iter()
            .find(|entry| entry.name() == wanted)
            .map(|entry| GameKind(*entry))
            .ok_or_else(|| {
                NoSuch::Game {
                    name: name.to_string(),
                    games: Self::names().iter().map(|n| (*n).to_string()).collect(),
                }
                .into()
            })
    }

    /// Every game's name, in the order of the list of games.
    pub fn names() -> Vec<&'static str> {
        crate::games::GAMES.iter().map(|e| e.name()).collect()
    }

    /// The game a record's text is of: its top-level `game` key, Carousel (the first game)
    /// without one.
    pub fn of_record(text: &str) -> Result<GameKind, Error> {
        let first = GameKind(crate::games::GAMES[0]);
        let Ok(table) = toml::de::DeTable::parse(text) else {
            // Not TOML: the first game's reader names the line.
            return Ok(first);
        };
        let Some(value) = table.get_ref().get("game") else {
            return Ok(first);
        };
        let line = crate::record::line_of(text, value.span().start);
        let bad = |shown: String| Error::Record {
            place: format!("line {line}, game"),
            problem: format!(
                "{shown} is not a game; the games are {}",
                Self::names().join(", ")
            ),
        };
        match value.get_ref().as_str() {
            Some(name) => Self::parse(name)
                .ok()
                .filter(|kind| kind.name() == name)
                .ok_or_else(|| bad(format!("\"{name}\""))),
            None => Err(bad(format!("a {}", value.get_ref().type_str()))),
        }
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

/// The rules of game `G`, from any game's: a game is only ever given its own.
pub fn rules_of<G: crate::game::Game>(rules: &dyn AnyRules) -> G::Rules
where
    G::Rules: Default + 'static,
{
    rules
        .as_any()
        .downcast_ref::<G::Rules>()
        .cloned()
        .unwrap_or_default()
}

/// The records scored of game `G`, from any game's: a game is only ever given its own.
pub fn scored_of<'a, G: Desk>(games: &[&'a dyn Scored]) -> Vec<(&'a G, &'a Tally<G::Score>)> {
    games
        .iter()
        .filter_map(|g| g.as_any().downcast_ref::<ScoredGame<G>>())
        .map(|g| (&g.setup, &g.tally))
        .collect()
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

impl Summary {
    /// Where the game stands, in a few words: `round 3`, `finished`; a game other than the
    /// first of the family says its name first (`Canadian Rummy hand 2`).
    pub fn place(&self) -> String {
        let named = if self.game == GameKind(crate::games::GAMES[0]) {
            String::new()
        } else {
            format!("{} ", self.game.title())
        };
        if self.finished {
            format!("{named}finished")
        } else {
            format!("{named}{} {}", self.game.entry().round_word(), self.round)
        }
    }
}

/// Running totals to chart: one line a name (a player, or a side).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    pub names: Vec<String>,
    /// Per name, the total after each round (or hand).
    pub totals: Vec<Vec<i64>>,
    pub target: i64,
    /// What a step is called: `round` or `hand`.
    pub step: &'static str,
    /// What the totals leave out, for the chart's heading.
    pub note: &'static str,
}

/// A record of any game of the family, scored: what `tally`, `export`, `chart`, `stats` and
/// the list of saved games read.
pub trait Scored: Any {
    fn kind(&self) -> GameKind;
    fn players(&self) -> &[String];
    /// The scoreboard.
    fn board(&self) -> Board;
    /// The running totals to draw.
    fn series(&self) -> Series;
    /// The game as exported.
    fn export(&self) -> Box<dyn Exported>;
    /// `tally --json` of the game.
    fn tally_json(&self) -> serde_json::Value;
    /// Where the game stands, reading its finished rounds alone: a round in progress counts
    /// as the next.
    fn summary(&self) -> Summary;
    fn as_any(&self) -> &dyn Any;
}

/// A game's setup and its finished rounds scored.
pub struct ScoredGame<G: Desk> {
    pub setup: G,
    pub tally: Tally<G::Score>,
    pub results: Vec<G::Result>,
}

impl<G: Desk> ScoredGame<G> {
    /// Scores `results` under `setup`.
    pub fn of(setup: G, results: Vec<G::Result>) -> Result<ScoredGame<G>, Error> {
        let tally = crate::game::tally_of(&setup, &results)?;
        Ok(ScoredGame {
            setup,
            tally,
            results,
        })
    }
}

fn summary_of<G: Desk>(setup: &G, tally: &Tally<G::Score>, round: usize) -> Summary {
    let scores = tally.standing();
    let leaders = tally
        .leaders()
        .into_iter()
        .map(|s| tally.sides[s].clone())
        .collect::<Vec<_>>();
    Summary {
        game: setup.kind(),
        players: setup.players().to_vec(),
        round: if tally.is_over() {
            tally.rounds.len()
        } else {
            round
        },
        finished: tally.is_over(),
        score: scores.iter().copied().max().unwrap_or(0),
        leaders,
    }
}

fn series_of<G: Desk>(setup: &G, tally: &Tally<G::Score>) -> Series {
    let board = G::board(setup, tally);
    Series {
        names: tally.sides.clone(),
        totals: (0..tally.sides.len())
            .map(|s| tally.rounds.iter().map(|r| r.totals[s]).collect())
            .collect(),
        target: setup.target_total(),
        step: G::round_word(),
        note: if board.bonus_rows() {
            " (before the end's bonuses)"
        } else {
            ""
        },
    }
}

/// The target, as a total: every game's [`crate::tally::Ending`] gives it.
trait Target {
    fn target_total(&self) -> i64;
}

impl<G: Desk> Target for G {
    fn target_total(&self) -> i64 {
        crate::tally::Ending::target(self)
    }
}

impl<G: Desk> Scored for ScoredGame<G> {
    fn kind(&self) -> GameKind {
        self.setup.kind()
    }

    fn players(&self) -> &[String] {
        self.setup.players()
    }

    fn board(&self) -> Board {
        G::board(&self.setup, &self.tally)
    }

    fn series(&self) -> Series {
        series_of(&self.setup, &self.tally)
    }

    fn export(&self) -> Box<dyn Exported> {
        G::export(&self.setup, &self.tally, &self.results)
    }

    fn tally_json(&self) -> serde_json::Value {
        G::tally_json(&self.setup, &self.tally)
    }

    fn summary(&self) -> Summary {
        summary_of(&self.setup, &self.tally, self.results.len() + 1)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A game in play at the table, whichever game: what the REPL's one referee asks of it.
pub trait InPlay {
    fn kind(&self) -> GameKind;
    fn players(&self) -> &[String];
    /// The game's own command words.
    fn words(&self) -> &'static [&'static [&'static str]];
    /// Commands of the game that take a player's name first, for completion.
    fn takes_a_name(&self) -> &'static [&'static str];
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
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<G: Desk> Session<G> {
    /// Every step undone or redone, as the log writes it, then where the game stands.
    fn steps_said(&self, verb: &str, steps: &[Taken<G>], look: Look) -> String {
        let mut out = String::new();
        for step in steps {
            out.push_str(&format!("{verb}: {}\n", self.step_text(&step.step)));
        }
        out.push_str(&G::status(self, look));
        out
    }
}

impl<G: Desk> InPlay for Session<G> {
    fn kind(&self) -> GameKind {
        self.setup().kind()
    }

    fn players(&self) -> &[String] {
        self.setup().players()
    }

    fn words(&self) -> &'static [&'static [&'static str]] {
        G::words()
    }

    fn takes_a_name(&self) -> &'static [&'static str] {
        G::takes_a_name()
    }

    fn reads_as(&self, line: &str) -> Option<(&'static str, String)> {
        G::reads_as(line)
    }

    fn hint(&self, word: &str) -> Option<&'static str> {
        G::hint(word)
    }

    fn explain(&self, err: &Error) -> Option<String> {
        G::explain(self, err)
    }

    fn fix_forms(&self) -> &'static str {
        G::FIX_FORMS
    }

    fn command(&mut self, said: Said<'_>, c: &mut Console) -> Result<bool, Error> {
        G::command(self, said, c)
    }

    fn prompt(&self) -> String {
        G::prompt(self)
    }

    fn status(&self, look: Look) -> String {
        G::status(self, look)
    }

    fn introduced(&self) -> String {
        G::introduced(self)
    }

    fn first_round(&self) -> String {
        G::first_round(self)
    }

    fn round_example(&self) -> &'static str {
        G::round_example()
    }

    fn round_word(&self) -> &'static str {
        G::round_word()
    }

    fn is_over(&self) -> bool {
        Session::is_over(self)
    }

    fn has_started(&self) -> bool {
        Session::has_started(self)
    }

    fn number(&self) -> usize {
        Session::number(self)
    }

    fn finished(&self) -> usize {
        self.results().len()
    }

    fn undo(&mut self, count: usize, look: Look) -> Result<String, Error> {
        let undone = Session::undo(self, count)?;
        let undone: Vec<Taken<G>> = undone.into_iter().rev().collect();
        Ok(self.steps_said("Undone", &undone, look))
    }

    fn redo(&mut self, count: usize, look: Look) -> Result<String, Error> {
        let redone = Session::redo(self, count)?;
        Ok(self.steps_said("Redone", &redone, look))
    }

    fn can_redo(&self) -> usize {
        Session::can_redo(self)
    }

    fn fix(&mut self, round: usize, words: &str, look: Look) -> Result<String, Error> {
        let notes = Session::fix(self, round, words)?;
        Ok(G::tell(self, &notes, look))
    }

    fn enter_round(&mut self, text: &str, look: Look) -> Result<String, Error> {
        let notes = Session::enter_round(self, text)?;
        Ok(G::tell(self, &notes, look))
    }

    fn set_rule(&mut self, key: &str, value: &str, look: Look) -> Result<String, Error> {
        let notes = Session::set_rule(self, key, value)?;
        Ok(G::tell(self, &notes, look))
    }

    fn rules(&self) -> Box<dyn AnyRules> {
        Box::new(self.setup().rules().clone())
    }

    fn set_first_dealer(&mut self, name: &str) -> Result<String, Error> {
        let player = crate::games::manipulation::play::find_player(self.players(), name)?;
        Session::set_first_dealer(self, player)?;
        Ok(G::first_round(self))
    }

    fn history(&self, last: Option<usize>) -> String {
        let steps = self.steps();
        if steps.is_empty() {
            return "No steps yet.\n".to_string();
        }
        let from = last.map_or(0, |n| steps.len().saturating_sub(n));
        let mut out = String::new();
        let mut round = 0;
        let word = G::round_word();
        let mut title = word.chars();
        let title: String = title
            .next()
            .map(|c| c.to_uppercase().chain(title).collect())
            .unwrap_or_default();
        for (i, step) in steps.iter().enumerate().skip(from) {
            if step.round != round {
                round = step.round;
                let dealer = (self.setup().first_dealer() + round - 1) % self.players().len();
                out.push_str(&format!(
                    "{title} {round}, dealt by {}:\n",
                    self.players()[dealer]
                ));
            }
            let text = self.step_text(&step.step);
            let said = G::said(self, &step.notes);
            if said.is_empty() {
                out.push_str(&format!("{:>4}  {text}\n", i + 1));
            } else {
                out.push_str(&format!("{:>4}  {text}   ({})\n", i + 1, said.join("; ")));
            }
        }
        out
    }

    fn why(&self, round: Option<usize>, end: bool, look: Look) -> Result<String, Error> {
        let tally = self.tally();
        let scored = tally.rounds.len();
        let word = G::round_word();
        if end {
            return G::why_end(self.setup(), tally, look).ok_or_else(|| {
                crate::error::Why::NoEnd {
                    game: self.kind().title(),
                    over: self.is_over(),
                }
                .into()
            });
        }
        match round {
            Some(n) if n >= 1 && n <= scored => {
                Ok(G::why(self.setup(), tally, self.results(), n, look))
            }
            Some(n) => Err(crate::error::Why::NoRound {
                round: n,
                scored,
                word,
            }
            .into()),
            None if scored == 0 => Err(crate::error::Why::NothingScored { word }.into()),
            None => {
                let mut out = G::why(self.setup(), tally, self.results(), scored, look);
                if let (true, Some(end)) = (self.is_over(), G::why_end(self.setup(), tally, look)) {
                    out.push_str(&end);
                }
                Ok(out)
            }
        }
    }

    fn record_text(&self) -> String {
        G::record_text(self)
    }

    fn scored(&self) -> Box<dyn Scored> {
        Box::new(ScoredGame {
            setup: self.setup().clone(),
            tally: self.tally().clone(),
            results: self.results().to_vec(),
        })
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// Reads `format` as `export` takes it and the game in it.
pub fn export(game: &dyn Scored, format: Format) -> Result<String, Error> {
    game.export().to_format(format)
}

/// Statistics across games of every game of the family: each game counted on its own, in
/// the order of the list of games.
pub fn stats(games: &[Box<dyn Scored>]) -> Vec<GameStats> {
    crate::games::GAMES
        .iter()
        .filter_map(|entry| {
            let kind = GameKind(*entry);
            let mine: Vec<&dyn Scored> = games
                .iter()
                .filter(|g| g.kind() == kind)
                .map(AsRef::as_ref)
                .collect();
            (!mine.is_empty()).then(|| entry.stats(&mine))
        })
        .collect()
}
