//! Corrections: a round entered whole, a finished round fixed, the table mirror and a
//! player's card count set right.

use super::{
    CardCounts, Error, HandCard, Note, Phase, Round, RoundRecord, Setup, State, Table, scoring,
    tally_of,
};
use crate::error::{AfterTheEnd, Count, NoSuch, Stage, Unscored};

impl State {
    /// A round's result entered whole: the round in progress ends with it, whatever was
    /// played of it, and is scored with every check `score` makes.
    pub(super) fn enter_round(
        &mut self,
        setup: &Setup,
        record: &RoundRecord,
    ) -> Result<Vec<Note>, Error> {
        match &self.phase {
            Phase::Play => {}
            Phase::Hands { .. } => {
                return Err(Stage::RoundOverAlready {
                    round: self.round.number,
                }
                .into());
            }
            Phase::Over => {
                return Err(Stage::GameOver {
                    tried: AfterTheEnd::Round,
                }
                .into());
            }
        }
        self.finish_round(setup, record.clone())
    }

    /// Records a finished round, scores it, then deals the next one or ends the game.
    pub(super) fn finish_round(
        &mut self,
        setup: &Setup,
        record: RoundRecord,
    ) -> Result<Vec<Note>, Error> {
        let knocker = record
            .knocker
            .as_deref()
            .and_then(|k| setup.players.iter().position(|p| p == k));
        self.rounds.push(record);
        self.tally = tally_of(setup, &self.rounds)?;
        let number = self.round.number;
        let score = self
            .tally
            .rounds
            .last()
            .map(|r| r.score.clone())
            .ok_or(Unscored::Round)?;
        let mut notes = vec![Note::Scored {
            round: number,
            knocker,
            score,
        }];
        if self.tally.end.is_some() {
            self.phase = Phase::Over;
            notes.push(Note::GameOver);
        } else {
            // The deal passes left from whoever dealt this round.
            self.round = Round::deal_by(number + 1, setup.left_of(self.round.dealer), setup);
            self.phase = Phase::Play;
            notes.push(Note::NewRound {
                round: number + 1,
                dealer: self.round.dealer,
                first: self.round.turn,
                stock: self.round.stock(),
            });
        }
        Ok(notes)
    }

    /// Finished round `number` (from 1), or why there is none.
    pub(super) fn finished_round(&self, number: usize) -> Result<&RoundRecord, Error> {
        let finished = self.rounds.len();
        self.rounds
            .get(number.wrapping_sub(1))
            .ok_or_else(|| NoSuch::Round { number, finished }.into())
    }

    /// Corrects finished round `number` (or takes it out), and scores the game again from
    /// there: every later total follows. When the correction moves the game's end, the game
    /// ends, or goes on with a new round dealt.
    pub(super) fn fix_round(
        &mut self,
        setup: &Setup,
        number: usize,
        record: Option<&RoundRecord>,
    ) -> Result<Vec<Note>, Error> {
        self.finished_round(number)?;
        let mut rounds = self.rounds.clone();
        match record {
            Some(record) => rounds[number - 1] = record.clone(),
            None => {
                rounds.remove(number - 1);
            }
        }
        let tally = tally_of(setup, &rounds).map_err(|e| Unscored::Correction {
            round: number,
            error: Box::new(e),
        })?;
        let was_over = self.phase == Phase::Over;
        self.rounds = rounds;
        self.tally = tally;
        let mut notes = vec![Note::Fixed {
            round: number,
            deleted: record.is_none(),
        }];
        let next = self.rounds.len() + 1;
        match (self.tally.end.is_some(), was_over) {
            (true, false) => {
                self.phase = Phase::Over;
                notes.push(Note::GameOver);
            }
            (false, true) => {
                self.round = Round::deal(next, setup);
                self.phase = Phase::Play;
                notes.push(Note::NewRound {
                    round: next,
                    dealer: self.round.dealer,
                    first: self.round.turn,
                    stock: self.round.stock(),
                });
            }
            (true, true) => {}
            // The round in play keeps its deal, under its new number.
            (false, false) => self.round.number = next,
        }
        Ok(notes)
    }

    pub(super) fn not_over(&self) -> Result<(), Error> {
        if self.phase == Phase::Over {
            return Err(Stage::GameOver {
                tried: AfterTheEnd::Correction,
            }
            .into());
        }
        Ok(())
    }

    pub(super) fn correct_table(
        &mut self,
        setup: &Setup,
        table: &Table,
    ) -> Result<Vec<Note>, Error> {
        self.not_over()?;
        let cards_before = self.round.table.cards().count();
        let cards_after = table.cards().count();
        let held: u32 = self.round.held.iter().sum();
        if cards_after as u32 + held > setup.deck.size() {
            return Err(Count::TableMoreThanDeck {
                table: cards_after as u32,
                held,
                deck: setup.deck.size(),
            }
            .into());
        }
        let illegal = table
            .melds()
            .iter()
            .enumerate()
            .filter_map(|(i, m)| m.judge(setup.meld_rules).err().map(|e| (i + 1, e)))
            .collect();
        self.round.table = table.clone();
        // The corrected table is where the rest of the turn is judged from.
        self.round.turn_start = table.clone();
        self.round.laid.clear();
        Ok(vec![Note::TableCorrected {
            cards_before,
            cards_after,
            stock: self.round.stock(),
            illegal,
        }])
    }

    pub(super) fn correct_held(
        &mut self,
        setup: &Setup,
        player: usize,
        held: u32,
    ) -> Result<Vec<Note>, Error> {
        self.not_over()?;
        let name = setup.name(player);
        if let Phase::Hands { hands, .. } = &self.phase
            && hands[player].is_some()
        {
            return Err(Stage::HandGiven {
                player: name.to_string(),
            }
            .into());
        }
        if held == 0 {
            return Err(Count::NoCards {
                player: name.to_string(),
            }
            .into());
        }
        let was = self.round.held[player];
        let others = self.round.out_of_stock().saturating_sub(was);
        if others
            .checked_add(held)
            .is_none_or(|n| n > setup.deck.size())
        {
            return Err(Count::MoreThanDeck {
                player: name.to_string(),
                held,
                deck: setup.deck.size(),
            }
            .into());
        }
        self.round.held[player] = held;
        Ok(vec![Note::CardsCorrected {
            player,
            was,
            held,
            stock: self.round.stock(),
        }])
    }
}

/// The least and the most that `held` cards can count, drawn from the deck less the cards
/// seen `elsewhere` (the table, the hands given as cards): three cards of a one-deck game
/// count at most 25 + 10 + 10, not 3 x 25.
pub(super) fn count_range(setup: &Setup, held: u32, elsewhere: &CardCounts) -> (u32, u32) {
    let deck = setup.deck;
    let mut values: Vec<u32> = std::iter::once(HandCard::Joker)
        .chain(crate::card::Card::all().map(HandCard::Real))
        .flat_map(|card| {
            let left = deck.holds(card).saturating_sub(elsewhere.get(card));
            std::iter::repeat_n(scoring::card_value(card, &setup.rules), left as usize)
        })
        .collect();
    values.sort_unstable();
    let take = (held as usize).min(values.len());
    let low = crate::hand::sum_values(values[..take].iter().copied());
    let high = crate::hand::sum_values(values[values.len() - take..].iter().copied());
    (low, high)
}
