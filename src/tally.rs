//! Running totals for every game of the family: each finished round's points added to the
//! totals, the end once a total reaches the target, and the end's bonuses and winners.
//!
//! A game says what a round scored ([`Scores`]) and what its end gives ([`Ending`]); the
//! adding up, the end at the target and the refusal of a round after the end are written
//! here once. A round is added in time proportional to the players, so a game of n rounds
//! is tallied in O(n), and a correction of round k costs the rounds from k on.

use crate::error::{Error, TallyError};

/// What the tally needs of one round's score.
pub trait Scores: Clone {
    /// Points per side (a player in Carousel), as the scoreboard adds them.
    fn points(&self) -> Vec<i64>;
    /// The sides that won the round (ties: each of them).
    fn winners(&self) -> Vec<usize>;
}

/// What a game's end gives once a total reaches the target: bonuses and the winners.
pub trait Ending {
    /// The target a total ends the game at.
    fn target(&self) -> i64;
    /// The largest total a score may hold; past it a round is refused, never stopped short.
    fn most(&self) -> i64;
    /// The end's bonuses, from the totals and the rounds each side won (0s when the game
    /// has none).
    fn bonuses(&self, totals: &[i64], won: &[u32]) -> Vec<i64>;
    /// What reaches the target, in the words of a game's messages: `a total`, `a side's
    /// total`.
    fn total_word(&self) -> &'static str {
        "a total"
    }
}

/// One finished round: its score, the points it added and the totals after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored<S> {
    pub score: S,
    pub points: Vec<i64>,
    pub winners: Vec<usize>,
    pub totals: Vec<i64>,
}

/// The end of a game: each side's bonus, final total and who won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    /// The round the game ended in, from 1.
    pub round: usize,
    pub bonuses: Vec<i64>,
    pub final_totals: Vec<i64>,
    pub winners: Vec<usize>,
}

/// A game scored so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally<S> {
    /// The sides scored: players in Carousel, sides in Canadian and Carolina Rummy.
    pub sides: Vec<String>,
    pub rounds: Vec<Scored<S>>,
    pub totals: Vec<i64>,
    /// Rounds won by each side.
    pub won: Vec<u32>,
    pub end: Option<End>,
}

impl<S: Scores> Tally<S> {
    pub fn new(sides: Vec<String>) -> Tally<S> {
        let n = sides.len();
        Tally {
            sides,
            rounds: Vec::new(),
            totals: vec![0; n],
            won: vec![0; n],
            end: None,
        }
    }

    /// The refusal of round `number` once the game is over (nothing else is checked).
    pub fn push_after_end(&self, number: usize, ending: &impl Ending) -> Result<(), Error> {
        match &self.end {
            Some(end) => Err(TallyError::AfterTheEnd {
                round: number,
                ended: end.round,
                target: ending.target(),
                total: ending.total_word(),
            }
            .into()),
            None => Ok(()),
        }
    }

    /// Adds round `rounds.len() + 1`. A round after the end, or one that would take a total
    /// past what a score holds, is refused and changes nothing.
    pub fn push(&mut self, score: S, ending: &impl Ending) -> Result<(), Error> {
        let number = self.rounds.len() + 1;
        self.push_after_end(number, ending)?;
        let points = score.points();
        let mut totals = self.totals.clone();
        for (side, (total, gained)) in totals.iter_mut().zip(&points).enumerate() {
            *total = total
                .checked_add(*gained)
                .filter(|t| *t <= ending.most())
                .ok_or_else(|| self.too_large(number, side, ending))?;
        }
        let winners = score.winners();
        let mut won = self.won.clone();
        for w in &winners {
            won[*w] += 1;
        }
        let end = if totals.iter().any(|t| *t >= ending.target()) {
            Some(self.end_of(number, &totals, &won, ending)?)
        } else {
            None
        };
        self.totals.clone_from(&totals);
        self.won = won;
        self.end = end;
        self.rounds.push(Scored {
            score,
            points,
            winners,
            totals,
        });
        Ok(())
    }

    fn end_of(
        &self,
        round: usize,
        totals: &[i64],
        won: &[u32],
        ending: &impl Ending,
    ) -> Result<End, Error> {
        let bonuses = ending.bonuses(totals, won);
        let mut final_totals = Vec::with_capacity(totals.len());
        for (side, (total, bonus)) in totals.iter().zip(&bonuses).enumerate() {
            final_totals.push(
                total
                    .checked_add(*bonus)
                    .filter(|t| *t <= ending.most())
                    .ok_or_else(|| self.too_large(round, side, ending))?,
            );
        }
        let best = final_totals.iter().copied().max().unwrap_or(0);
        let winners = (0..final_totals.len())
            .filter(|s| final_totals[*s] == best)
            .collect();
        Ok(End {
            round,
            bonuses,
            final_totals,
            winners,
        })
    }

    fn too_large(&self, round: usize, side: usize, ending: &impl Ending) -> Error {
        TallyError::TooLarge {
            round,
            side: self.sides.get(side).cloned().unwrap_or_default(),
            most: ending.most(),
        }
        .into()
    }

    /// Takes the rounds from `round` (from 1) on away, as if they had not been played.
    pub fn truncate(&mut self, round: usize) {
        let keep = round.saturating_sub(1).min(self.rounds.len());
        self.rounds.truncate(keep);
        let n = self.sides.len();
        self.totals = self
            .rounds
            .last()
            .map_or_else(|| vec![0; n], |r| r.totals.clone());
        self.won = vec![0; n];
        for r in &self.rounds {
            for w in &r.winners {
                self.won[*w] += 1;
            }
        }
        self.end = None;
    }

    /// The scores the standings go by: the final totals once the game is over.
    pub fn standing(&self) -> &[i64] {
        self.end
            .as_ref()
            .map_or(self.totals.as_slice(), |e| e.final_totals.as_slice())
    }

    /// The sides in the lead (the winners once the game is over); none before a round.
    pub fn leaders(&self) -> Vec<usize> {
        if self.rounds.is_empty() {
            return Vec::new();
        }
        let scores = self.standing();
        let best = scores.iter().copied().max().unwrap_or(0);
        (0..scores.len()).filter(|s| scores[*s] == best).collect()
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }
}
