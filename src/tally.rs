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

/// `tally --json` of a game of any game of the family (docs/commands.md#tally), written as
/// it is serialized: each round's object is made as it is written, so a long game's JSON is
/// never held whole. Made by [`Tally::json`].
pub struct Json<'a> {
    sides: &'a [String],
    rounds: &'a dyn RoundTotals,
    totals: &'a [i64],
    end: Option<&'a End>,
    shape: JsonShape,
}

/// What a game's `tally --json` holds beyond the totals every game's does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JsonShape {
    /// The game's name, first (Canadian and Carolina Rummy name theirs).
    pub game: Option<&'static str>,
    /// Each round's winners (Carousel).
    pub round_winners: bool,
    /// The end's bonuses (a game that has them).
    pub bonuses: bool,
}

/// A finished round's points, winners and totals, whatever its game's score.
trait RoundTotals {
    fn count(&self) -> usize;
    fn at(&self, round: usize) -> (&[i64], &[usize], &[i64]);
}

impl<S> RoundTotals for Vec<Scored<S>> {
    fn count(&self) -> usize {
        self.len()
    }

    fn at(&self, round: usize) -> (&[i64], &[usize], &[i64]) {
        let r = &self[round];
        (&r.points, &r.winners, &r.totals)
    }
}

impl<S> Tally<S> {
    /// `tally --json` of the game, as `shape` says a game's is.
    pub fn json(&self, shape: JsonShape) -> Json<'_> {
        Json {
            sides: &self.sides,
            rounds: &self.rounds,
            totals: &self.totals,
            end: self.end.as_ref(),
            shape,
        }
    }
}

/// Values keyed by side, in the sides' order.
struct BySide<'a>(&'a [String], &'a [i64]);

impl serde::Serialize for BySide<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().zip(self.1))
    }
}

/// Sides by name.
struct Named<'a>(&'a [String], &'a [usize]);

impl serde::Serialize for Named<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.1.iter().map(|side| &self.0[*side]))
    }
}

/// The rounds, each made as it is written.
struct Rounds<'a>(&'a Json<'a>);

impl serde::Serialize for Rounds<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let json = self.0;
        let mut seq = s.serialize_seq(Some(json.rounds.count()))?;
        for round in 0..json.rounds.count() {
            let (points, winners, totals) = json.rounds.at(round);
            seq.serialize_element(&RoundJson {
                sides: json.sides,
                points,
                winners: json.shape.round_winners.then_some(winners),
                totals,
            })?;
        }
        seq.end()
    }
}

struct RoundJson<'a> {
    sides: &'a [String],
    points: &'a [i64],
    winners: Option<&'a [usize]>,
    totals: &'a [i64],
}

impl serde::Serialize for RoundJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("points", &BySide(self.sides, self.points))?;
        if let Some(winners) = self.winners {
            map.serialize_entry("winners", &Named(self.sides, winners))?;
        }
        map.serialize_entry("totals", &BySide(self.sides, self.totals))?;
        map.end()
    }
}

impl serde::Serialize for Json<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        if let Some(game) = self.shape.game {
            map.serialize_entry("game", game)?;
        }
        map.serialize_entry("rounds", &Rounds(self))?;
        map.serialize_entry("totals", &BySide(self.sides, self.totals))?;
        map.serialize_entry("finished", &self.end.is_some())?;
        if let Some(end) = self.end {
            if self.shape.bonuses {
                map.serialize_entry("bonuses", &BySide(self.sides, &end.bonuses))?;
            }
            map.serialize_entry("final", &BySide(self.sides, &end.final_totals))?;
        }
        let winners = self.end.map_or(&[][..], |e| e.winners.as_slice());
        map.serialize_entry("game_winners", &Named(self.sides, winners))?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A round's points as given, its winners the sides that scored most.
    #[derive(Clone)]
    struct Points(Vec<i64>);

    impl Scores for Points {
        fn points(&self) -> Vec<i64> {
            self.0.clone()
        }

        fn winners(&self) -> Vec<usize> {
            let best = self.0.iter().copied().max().unwrap_or(0);
            (0..self.0.len()).filter(|s| self.0[*s] == best).collect()
        }
    }

    /// To 100, with 10 a round won as the end's bonus.
    struct To100;

    impl Ending for To100 {
        fn target(&self) -> i64 {
            100
        }

        fn most(&self) -> i64 {
            i64::MAX
        }

        fn bonuses(&self, _totals: &[i64], won: &[u32]) -> Vec<i64> {
            won.iter().map(|w| i64::from(*w) * 10).collect()
        }
    }

    fn tally(rounds: &[[i64; 2]]) -> Tally<Points> {
        let mut tally = Tally::new(vec!["ann".to_string(), "ben".to_string()]);
        for points in rounds {
            tally.push(Points(points.to_vec()), &To100).unwrap();
        }
        tally
    }

    const CAROUSEL: JsonShape = JsonShape {
        game: None,
        round_winners: true,
        bonuses: true,
    };

    const CANADIAN: JsonShape = JsonShape {
        game: Some("canadian"),
        round_winners: false,
        bonuses: false,
    };

    /// The keys in the order docs/commands.md gives them, for each shape, before the end
    /// and after it.
    #[test]
    fn tally_json_keys_come_in_the_contracts_order_for_every_shape() {
        let going = tally(&[[30, 0]]);
        assert_eq!(
            serde_json::to_string(&going.json(CAROUSEL)).unwrap(),
            r#"{"rounds":[{"points":{"ann":30,"ben":0},"winners":["ann"],"totals":{"ann":30,"ben":0}}],"totals":{"ann":30,"ben":0},"finished":false,"game_winners":[]}"#
        );
        let over = tally(&[[30, 0], [0, 40], [80, 0]]);
        assert_eq!(
            serde_json::to_string(&over.json(CAROUSEL)).unwrap(),
            concat!(
                r#"{"rounds":[{"points":{"ann":30,"ben":0},"winners":["ann"],"totals":{"ann":30,"ben":0}},"#,
                r#"{"points":{"ann":0,"ben":40},"winners":["ben"],"totals":{"ann":30,"ben":40}},"#,
                r#"{"points":{"ann":80,"ben":0},"winners":["ann"],"totals":{"ann":110,"ben":40}}],"#,
                r#""totals":{"ann":110,"ben":40},"finished":true,"bonuses":{"ann":20,"ben":10},"#,
                r#""final":{"ann":130,"ben":50},"game_winners":["ann"]}"#
            )
        );
        assert_eq!(
            serde_json::to_string(&going.json(CANADIAN)).unwrap(),
            r#"{"game":"canadian","rounds":[{"points":{"ann":30,"ben":0},"totals":{"ann":30,"ben":0}}],"totals":{"ann":30,"ben":0},"finished":false,"game_winners":[]}"#
        );
    }
}
