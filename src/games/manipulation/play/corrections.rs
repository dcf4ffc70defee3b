//! Corrections of the round in play: the table mirror and a player's card count set right.
//! (A round entered whole and a finished round fixed are the family's: `crate::session`.)

use super::{CardCounts, Error, HandCard, Note, Phase, Round, Setup, Table, scoring};
use crate::error::{Count, Stage};

impl Round {
    pub(super) fn correct_table(
        &mut self,
        setup: &Setup,
        table: &Table,
    ) -> Result<Vec<Note>, Error> {
        let cards_before = self.table.cards().count();
        let cards_after = table.cards().count();
        let held: u32 = self.held.iter().sum();
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
        self.table = table.clone();
        // The corrected table is where the rest of the turn is judged from.
        self.turn_start = table.clone();
        self.laid.clear();
        Ok(vec![Note::TableCorrected {
            cards_before,
            cards_after,
            stock: self.stock(),
            illegal,
        }])
    }

    pub(super) fn correct_held(
        &mut self,
        setup: &Setup,
        player: usize,
        held: u32,
    ) -> Result<Vec<Note>, Error> {
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
        let was = self.held[player];
        let others = self.out_of_stock().saturating_sub(was);
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
        self.held[player] = held;
        Ok(vec![Note::CardsCorrected {
            player,
            was,
            held,
            stock: self.stock(),
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
