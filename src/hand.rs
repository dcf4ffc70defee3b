//! A player's hand, as every game of the family reads it: the cards (jokers bare), a hand
//! given at a round's end as its cards or its count ([`HandReport`]), and a hand as a
//! record writes it ([`HandEntry`]).

use crate::card::{CardCounts, HandCard};
use crate::deck::Deck;
use crate::error::{Error, HandForm, WrittenHand};
use crate::notation::{self, Spaced};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's hand: physical cards, jokers bare, in the order given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand {
    cards: Vec<HandCard>,
}

impl Hand {
    pub fn new(cards: Vec<HandCard>) -> Hand {
        Hand { cards }
    }

    /// Reads a hand and refuses more copies of a card than the deck holds.
    pub fn parse(text: &str, deck: Deck) -> Result<Hand, Error> {
        let cards = notation::parse_hand(text)?;
        deck.check_counts(&CardCounts::of(cards.iter().copied()), " in the hand")?;
        Ok(Hand { cards })
    }

    pub fn cards(&self) -> &[HandCard] {
        &self.cards
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn counts(&self) -> CardCounts {
        CardCounts::of(self.cards.iter().copied())
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Spaced(&self.cards).fmt(f)
    }
}

/// A hand as reported when a round ends: the count a player gives, or the cards left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandReport {
    Count(u32),
    Cards(Hand),
}

impl HandReport {
    /// Reads `12` as a count and anything else as cards (`4s Ah`); an empty text is a hand
    /// of no cards.
    pub fn parse(text: &str, deck: Deck) -> Result<HandReport, Error> {
        let trimmed = text.trim();
        if !trimmed.is_empty() && trimmed.chars().all(|c| c.is_ascii_digit() || c == '-') {
            return match trimmed.parse::<u32>() {
                Ok(count) => Ok(HandReport::Count(count)),
                Err(_) => Err(HandForm::NotACount {
                    text: trimmed.to_string(),
                }
                .into()),
            };
        }
        Hand::parse(trimmed, deck).map(HandReport::Cards)
    }

    /// Whether this is a player with no cards left, that is gone out: a count of 0 (a count
    /// stands for the cards, and 0 of them is none) or no cards. Cards that count 0 (jokers
    /// under `joker-value = 0`) are still cards.
    pub fn is_out(&self) -> bool {
        match self {
            HandReport::Count(count) => *count == 0,
            HandReport::Cards(hand) => hand.is_empty(),
        }
    }

    /// The physical cards, when they were given.
    pub fn cards(&self) -> &[HandCard] {
        match self {
            HandReport::Count(_) => &[],
            HandReport::Cards(hand) => hand.cards(),
        }
    }
}

impl HandReport {
    /// As the log and a record write it: the count, or the cards.
    pub fn text(&self) -> String {
        match self {
            HandReport::Count(n) => n.to_string(),
            HandReport::Cards(hand) => hand.to_string(),
        }
    }

    /// As a record keeps it.
    pub fn entry(&self) -> HandEntry {
        match self {
            HandReport::Count(n) => HandEntry::Count(i64::from(*n)),
            HandReport::Cards(hand) => HandEntry::Cards(hand.to_string()),
        }
    }
}

/// A hand as the record holds it: its count, or the cards left in notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum HandEntry {
    Count(i64),
    Cards(String),
}

impl HandEntry {
    /// The entry as an error about a record shows it.
    pub fn written(&self) -> WrittenHand {
        match self {
            HandEntry::Count(n) => WrittenHand::Count(*n),
            HandEntry::Cards(text) => WrittenHand::Cards(text.clone()),
        }
    }
}

impl<'de> Deserialize<'de> for HandEntry {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entry;
        impl serde::de::Visitor<'_> for Entry {
            type Value = HandEntry;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(
                    "a hand: a whole-number count like 12, or the cards left like \"4s Ah\"",
                )
            }
            fn visit_i64<E>(self, n: i64) -> Result<HandEntry, E> {
                Ok(HandEntry::Count(n))
            }
            fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<HandEntry, E> {
                i64::try_from(n)
                    .map(HandEntry::Count)
                    .map_err(|_| E::custom(format!("{n} is too large for a hand count")))
            }
            fn visit_str<E>(self, text: &str) -> Result<HandEntry, E> {
                Ok(HandEntry::Cards(text.to_string()))
            }
        }
        deserializer.deserialize_any(Entry)
    }
}

/// Adds up card values. Every game bounds a card's value (a joker at most a million), so a
/// deck's cards never reach the stop at `u32::MAX`: the sum is exact.
pub fn sum_values(values: impl IntoIterator<Item = u32>) -> u32 {
    values.into_iter().fold(0, u32::saturating_add)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three() -> Deck {
        Deck::for_players(3).unwrap()
    }

    #[test]
    fn hands_keep_their_order() {
        let hand = Hand::parse("7h 9H * js", three()).unwrap();
        assert_eq!(hand.to_string(), "7h 9h * Js");
        assert!(Hand::parse("* * *", three()).is_err());
    }
}
