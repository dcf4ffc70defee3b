//! Carousel (Manipulation Rummy): everything that is this game's alone.
//!
//! Its melds (sets and runs, jokers standing for a card) and tables, the moves judged by
//! M1-M4, the round's scoring and its breakdown, the record and its scoring, its house
//! rules, the best play (`solver`), the game at the table (`play`) with its commands and
//! words (`desk`, `text`, `help`), its export rows and its statistics. What the family
//! shares (cards, decks, notation, the log, the tally, saving) lives at the top of the
//! crate. The game is listed in [`crate::games::GAMES`] by [`CAROUSEL`].

pub mod breakdown;
pub mod desk;
pub mod export;
pub mod game;
pub(crate) mod help;
pub mod meld;
pub mod moves;
pub mod play;
pub mod rules;
pub mod scoring;
pub mod solver;
pub(crate) mod stats;
pub mod table;
pub(crate) mod text;
pub(crate) mod view;

use crate::console::Console;
use crate::desk::Desk;
use crate::desk::ScoredGame;
use crate::error::Error;
use crate::family::{AnyRules, Entry, GameKind, InPlay, NewGame, Scored};
use crate::rules::HouseRule;
use crate::stats::GameStats;
use game::GameRecord;
use play::{Game, Setup};
use rules::Rules;
use std::ops::RangeInclusive;

/// A record scored a round at a time ([`ScoredGame::by_round`]); `None`: read it whole.
pub(crate) fn scored_by_round(text: &str) -> Option<ScoredGame<Setup>> {
    ScoredGame::by_round(
        text,
        |head| {
            let record = GameRecord::from_toml(head)?;
            Ok((play::setup_of(&record)?, record.rounds))
        },
        game::foreign_key,
    )
}

/// Carousel, as the family lists it.
pub const CAROUSEL: GameKind = GameKind(&Carousel);

/// What Carousel offers the program.
pub struct Carousel;

impl Entry for Carousel {
    fn name(&self) -> &'static str {
        "carousel"
    }

    fn title(&self) -> &'static str {
        "Carousel"
    }

    fn players(&self) -> RangeInclusive<usize> {
        2..=5
    }

    fn rules_table(&self) -> &'static [HouseRule] {
        &Rules::TABLE
    }

    fn default_rules(&self) -> Box<dyn AnyRules> {
        Box::new(Rules::default())
    }

    fn read_rules(&self, text: &str) -> Result<Box<dyn AnyRules>, Error> {
        Ok(Box::new(Rules::from_toml(text)?))
    }

    fn new_game(&self, new: &NewGame, rules: &dyn AnyRules) -> Result<Box<dyn InPlay>, Error> {
        if new.teams.is_some() {
            return Err(crate::error::CommandError::NoTeams { game: "Carousel" }.into());
        }
        let rules = crate::desk::rules_of::<Setup>(rules);
        Ok(Box::new(Game::new(new.players.clone(), rules)?))
    }

    fn resume(&self, text: &str) -> Result<Box<dyn InPlay>, Error> {
        Ok(Box::new(Game::from_record(&GameRecord::from_toml(text)?)?))
    }

    fn scored(&self, text: &str) -> Result<Box<dyn Scored>, Error> {
        if let Some(game) = scored_by_round(text) {
            return Ok(Box::new(game));
        }
        let record = GameRecord::from_toml(text)?;
        Ok(Box::new(ScoredGame::of(
            play::setup_of(&record)?,
            &record.rounds,
        )?))
    }

    fn stats(&self, games: &[&dyn Scored]) -> GameStats {
        stats::stats(&crate::desk::scored_of::<Setup>(games))
    }

    fn words(&self) -> &'static [&'static [&'static str]] {
        desk::WORDS
    }

    fn offline(
        &self,
        word: &'static str,
        rest: &str,
        rules: &dyn AnyRules,
        c: &mut Console,
    ) -> Option<Result<(), Error>> {
        Setup::offline(word, rest, &crate::desk::rules_of::<Setup>(rules), c)
    }

    fn overview(&self) -> &'static str {
        help::OVERVIEW
    }

    fn topic(&self, name: &str) -> Option<&'static str> {
        help::topic(name)
    }

    fn topic_names(&self) -> Vec<&'static str> {
        help::names()
    }

    fn round_word(&self) -> &'static str {
        <Setup as Desk>::round_word()
    }
}
