//! What a game of the family is, to the rest of the program: one trait, [`Game`].
//!
//! A game says who plays under which house rules, how a round is played step by step, how a
//! finished round is written and scored, and what its end gives. Everything every game
//! shares is written once on top of it: the log of steps with undo, redo, a finished round
//! corrected and the house rules changed ([`crate::session`]), the running totals and the
//! end ([`crate::tally`]), the record and its reading ([`crate::record`]).
//!
//! A game is implemented by its setup (the players, the house rules, who dealt first): the
//! setup is what every method needs, so the trait's methods take it as `self`.

use crate::error::{AfterTheEnd, Error, NoSuch};
use crate::rules::GameRules;
use crate::tally::{Ending, Scores};
use std::fmt::Debug;

/// A game of the family, implemented by the game's setup.
pub trait Game: Clone + Debug + PartialEq + Ending + Sized + 'static {
    /// The game's word for its first step, before which the seating may change: `the
    /// first draw of the game`.
    const FIRST_STEP: &'static str;
    /// What the game calls a round: `round`, or `hand`.
    const ROUND_WORD: &'static str;
    /// The game's forms of `fix N ...`, said when a correction is in none of them.
    const FIX_FORMS: &'static str;
    /// What a step of the game tried after the end is called, for the refusal.
    const AFTER_THE_END: AfterTheEnd;

    /// Its house rules.
    type Rules: GameRules + Debug + PartialEq;
    /// A step of the round being played, in the game's own terms (a draw, a move, a hand
    /// given). Entering a round's result whole, correcting a finished round and changing a
    /// house rule are the family's steps, not the game's.
    type Event: Clone + Debug + PartialEq;
    /// The round being played: small, so a step is tried on a copy.
    type Round: Clone + Debug + PartialEq;
    /// A finished round's result as the record writes it.
    type Result: Clone + Debug + PartialEq;
    /// A finished round scored.
    type Score: Scores + Debug + PartialEq;
    /// What a step of the game did, for the players to read.
    type Note: Clone + Debug + PartialEq;

    /// The players, in seating order.
    fn players(&self) -> &[String];
    /// The sides that score: the players in Carousel, the sides in Canadian Rummy.
    fn sides(&self) -> Vec<String>;
    fn rules(&self) -> &Self::Rules;
    /// The same game under other house rules, or why it cannot be played under them (a deal
    /// the deck cannot make).
    fn with_rules(&self, rules: Self::Rules) -> Result<Self, Error>;
    /// Who deals the first round.
    fn first_dealer(&self) -> usize;
    #[must_use]
    fn with_first_dealer(&self, dealer: usize) -> Self;

    /// Round `number` dealt by `dealer`.
    fn deal(&self, number: usize, dealer: usize) -> Self::Round;
    /// Who dealt the round.
    fn dealer(&self, round: &Self::Round) -> usize;
    /// Whether nothing has happened in the round since its deal.
    fn is_fresh(&self, round: &Self::Round) -> bool;
    /// Plays one step of round `number`. When the step ends the round and its result is
    /// whole, the result comes back to be scored. A refused step may leave `round` half
    /// changed: the session tries every step on a copy.
    fn play(
        &self,
        round: &mut Self::Round,
        number: usize,
        event: &Self::Event,
    ) -> Result<Played<Self>, Error>;
    /// What the round does by itself after any step (Carousel's last lap when a turn would
    /// begin with the stock empty).
    fn settle(&self, round: &mut Self::Round) -> Vec<Self::Note> {
        let _ = round;
        Vec::new()
    }
    /// Whether round `number` may end now with a result given whole.
    fn may_end(&self, round: &Self::Round, number: usize) -> Result<(), Error>;

    /// Scores finished round `number` on its own, with every check a record's round gets.
    fn score(&self, result: &Self::Result, number: usize) -> Result<Self::Score, Error>;

    /// A step of the game as the log writes it, one line.
    fn event_text(&self, event: &Self::Event) -> String;
    /// A line of the log read back as a step of the game.
    fn parse_event(&self, text: &str) -> Result<Self::Event, Error>;
    /// A round's result in the one line `round` takes and the log keeps.
    fn result_text(&self, result: &Self::Result) -> String;
    /// A round's result read from its one line.
    fn parse_result(&self, text: &str) -> Result<Self::Result, Error>;
    /// Finished round `round`'s result with one thing corrected, as typed after `fix N`
    /// (`hand bob 12`, `knock bob`, `out carol`): the game's own corrections. `None`: the
    /// words are none of them (the family reads `fix N delete` and a whole result itself).
    fn change(
        &self,
        round: usize,
        result: &Self::Result,
        words: &str,
    ) -> Result<Option<Self::Result>, Error>;
    /// Whether two results say the same (a hand's cards however spaced or ordered).
    fn same_result(&self, a: &Self::Result, b: &Self::Result) -> bool {
        a == b
    }
    /// Why a saved record's round `number` does not say what its log gives, in the game's
    /// words (the key, both values and the `fix` to type).
    fn mismatch(&self, number: usize, said: &Self::Result, gave: &Self::Result) -> Error;
}

/// What a step of the game did: its notes, and the round's result when it ended the round.
#[derive(Clone, Debug, PartialEq)]
pub struct Played<G: Game> {
    pub notes: Vec<G::Note>,
    pub ended: Option<G::Result>,
}

impl<G: Game> Played<G> {
    /// A step that goes on with the round.
    pub fn notes(notes: Vec<G::Note>) -> Played<G> {
        Played { notes, ended: None }
    }
}

/// Scores every finished round of a record in order, to the end at the target. A round
/// recorded after a total reached it is refused.
pub fn tally_of<G: Game>(
    setup: &G,
    results: &[G::Result],
) -> Result<crate::tally::Tally<G::Score>, Error> {
    let mut tally = crate::tally::Tally::new(setup.sides());
    for (i, result) in results.iter().enumerate() {
        tally_round(setup, &mut tally, result, i + 1)?;
    }
    Ok(tally)
}

/// Scores round `number` (from 1) and adds it to `tally`; a round after the end is refused.
pub fn tally_round<G: Game>(
    setup: &G,
    tally: &mut crate::tally::Tally<G::Score>,
    result: &G::Result,
    number: usize,
) -> Result<(), Error> {
    if tally.is_over() {
        // Said before the round is scored, as a record's reader says it.
        tally.push_after_end(number, setup)?;
    }
    tally.push(setup.score(result, number)?, setup)
}

/// Finds a player by name, forgiving case and accepting a unique beginning (`car`).
pub fn find_player(players: &[String], name: &str) -> Result<usize, Error> {
    let name = name.trim();
    let lower = name.to_lowercase();
    if let Some(p) = players.iter().position(|p| p.to_lowercase() == lower) {
        return Ok(p);
    }
    let starts: Vec<usize> = (0..players.len())
        .filter(|p| !lower.is_empty() && players[*p].to_lowercase().starts_with(&lower))
        .collect();
    match starts.as_slice() {
        [one] => Ok(*one),
        [] => Err(NoSuch::Player {
            name: name.to_string(),
            players: players.to_vec(),
        }
        .into()),
        many => Err(NoSuch::AmbiguousPlayer {
            name: name.to_string(),
            matches: many.iter().map(|p| players[*p].clone()).collect(),
        }
        .into()),
    }
}
