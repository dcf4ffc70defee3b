//! The table and the hand as the referee holds them: parsed, counted against the deck, every
//! joker on the table with its stated card, every meld in canonical order.

use crate::card::{Card, CardCounts, HandCard, TableCard};
use crate::deck::Deck;
use crate::error::Error;
use crate::games::manipulation::meld::{self, MeldRules};
pub use crate::hand::Hand;
use crate::notation::{self, Spaced, TypedMeld, TypedTableCard};
use std::fmt;

/// One meld on the table, its cards in canonical order. It may be illegal: the referee must
/// be able to hold, print and explain a bad meld.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Meld {
    cards: Vec<TableCard>,
}

impl Meld {
    pub fn new(mut cards: Vec<TableCard>, rules: MeldRules) -> Meld {
        meld::canonical_order(&mut cards, rules);
        Meld { cards }
    }

    pub fn cards(&self) -> &[TableCard] {
        &self.cards
    }

    pub fn judge(&self, rules: MeldRules) -> Result<meld::MeldKind, String> {
        meld::judge(&self.cards, rules)
    }
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Spaced(&self.cards).fmt(f)
    }
}

/// The melds on the table, in the order they were given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Table {
    melds: Vec<Meld>,
}

impl Table {
    pub fn new(melds: Vec<Meld>) -> Table {
        Table { melds }
    }

    /// Reads a table, refuses more copies of a card than the deck holds, and infers each
    /// bare `*` when exactly one stated card makes its meld legal.
    pub fn parse(text: &str, rules: MeldRules, deck: Deck) -> Result<Table, Error> {
        let typed = notation::parse_table(text)?;
        let counts = CardCounts::of(typed.iter().flatten().map(|card| match card {
            TypedTableCard::Real(card) => HandCard::Real(*card),
            TypedTableCard::Joker(_) => HandCard::Joker,
        }));
        deck.check_counts(&counts, "")?;
        let melds = typed
            .iter()
            .enumerate()
            .map(|(i, meld)| infer_jokers(meld, i + 1, rules).map(|cards| Meld::new(cards, rules)))
            .collect::<Result<Vec<Meld>, Error>>()?;
        Ok(Table { melds })
    }

    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }

    pub fn is_empty(&self) -> bool {
        self.melds.is_empty()
    }

    /// Every card on the table.
    pub fn cards(&self) -> impl Iterator<Item = TableCard> + '_ {
        self.melds.iter().flat_map(|m| m.cards.iter().copied())
    }

    /// The physical cards on the table, jokers counted as jokers.
    pub fn physical_counts(&self) -> CardCounts {
        CardCounts::of(self.cards().map(TableCard::physical))
    }
}

impl fmt::Display for Table {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, meld) in self.melds.iter().enumerate() {
            if i > 0 {
                f.write_str(" | ")?;
            }
            meld.fmt(f)?;
        }
        Ok(())
    }
}

/// Gives each bare joker of a typed meld the one stated card that makes the meld legal.
fn infer_jokers(
    meld: &TypedMeld,
    number: usize,
    rules: MeldRules,
) -> Result<Vec<TableCard>, Error> {
    let mut cards: Vec<TableCard> = Vec::with_capacity(meld.len());
    let mut bare = 0;
    for card in meld {
        match card {
            TypedTableCard::Real(card) => cards.push(TableCard::Real(*card)),
            TypedTableCard::Joker(Some(card)) => cards.push(TableCard::Joker(*card)),
            TypedTableCard::Joker(None) => bare += 1,
        }
    }
    if bare == 0 {
        return Ok(cards);
    }
    let choices = joker_choices(&cards, bare, rules);
    if let [only] = choices.as_slice() {
        cards.extend(only.iter().map(|card| TableCard::Joker(*card)));
        return Ok(cards);
    }
    let typed: Vec<String> = meld
        .iter()
        .map(|card| match card {
            TypedTableCard::Real(card) => card.to_string(),
            TypedTableCard::Joker(Some(card)) => format!("*{card}"),
            TypedTableCard::Joker(None) => "*".to_string(),
        })
        .collect();
    Err(Error::JokerChoice {
        meld_number: number,
        meld: typed.join(" "),
        choices: choices
            .iter()
            .map(|stated| {
                let jokers: Vec<String> = stated.iter().map(|c| format!("*{c}")).collect();
                jokers.join(" ")
            })
            .collect(),
    })
}

/// Every set of stated cards (jokers are alike, so unordered) that makes the meld legal.
/// More than two bare jokers in one meld are not inferred: no deck holds that many.
fn joker_choices(known: &[TableCard], bare: usize, rules: MeldRules) -> Vec<Vec<Card>> {
    let mut choices = Vec::new();
    let mut trial = known.to_vec();
    match bare {
        1 => {
            for card in Card::all() {
                trial.push(TableCard::Joker(card));
                if meld::is_legal(&trial, rules) {
                    choices.push(vec![card]);
                }
                trial.pop();
            }
        }
        2 => {
            let all: Vec<Card> = Card::all().collect();
            for (i, first) in all.iter().enumerate() {
                for second in &all[i..] {
                    trial.push(TableCard::Joker(*first));
                    trial.push(TableCard::Joker(*second));
                    if meld::is_legal(&trial, rules) {
                        choices.push(vec![*first, *second]);
                    }
                    trial.truncate(known.len());
                }
            }
        }
        _ => {}
    }
    choices
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three() -> Deck {
        Deck::for_players(3).unwrap()
    }

    fn table(text: &str) -> Result<Table, Error> {
        Table::parse(text, MeldRules::default(), three())
    }

    #[test]
    fn tables_print_canonically() {
        let t = table("5s 3S 4s | 6h 6d 6C *6s").unwrap();
        assert_eq!(t.to_string(), "3s 4s 5s | *6s 6h 6d 6c");
        assert_eq!(table("").unwrap().to_string(), "");
    }

    #[test]
    fn joker_bare_is_inferred_when_one_card_fits() {
        assert_eq!(table("6h 6d 6c *").unwrap().to_string(), "*6s 6h 6d 6c");
        assert_eq!(table("5h * 7h").unwrap().to_string(), "5h *6h 7h");
        assert_eq!(table("5h * * 8h").unwrap().to_string(), "5h *6h *7h 8h");
        assert_eq!(
            table("Kh * 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Ah")
                .unwrap()
                .to_string(),
            "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh *Ah"
        );
    }

    #[test]
    fn joker_bare_with_several_choices_lists_them() {
        let err = table("7h 8h *").unwrap_err();
        assert_eq!(
            err.to_string(),
            "\"*\" (meld 1: 7h 8h *): a bare * must stand for exactly one card here; it could be *6h, *9h: write the joker with its card"
        );
        let err = table("3h 8c *").unwrap_err().to_string();
        assert!(err.contains("no card the joker could stand for"), "{err}");
        let err = table("7h 7d *").unwrap_err().to_string();
        assert!(err.contains("*7s, *7c"), "{err}");
    }

    #[test]
    fn deck_limit_covers_the_table() {
        let err = table("7h 8h 9h | 7h 8h 9h | 7h 8h 9h").unwrap_err();
        assert_eq!(err.to_string(), "7h appears 3 times; a 3-player deck has 2");
        let two = Deck::for_players(2).unwrap();
        assert!(Table::parse("7h 8h 9h | 7h 7d 7c", MeldRules::default(), two).is_err());
        assert!(Table::parse("* * *", MeldRules::default(), three()).is_err());
    }
}
