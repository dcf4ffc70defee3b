//! The deck a table plays with, which the player count decides, and the copy limits it sets.

use crate::card::{CardCounts, HandCard};
use crate::error::Error;

/// Carousel: 2 players play one deck and one joker, 3 to 5 players two decks and two
/// jokers. Canadian and Carolina Rummy always play two decks and four jokers (108 cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deck {
    players: u8,
    /// The 108-card deck of Canadian and Carolina Rummy, whatever the player count.
    four_jokers: bool,
}

impl Deck {
    pub const MIN_PLAYERS: usize = 2;
    pub const MAX_PLAYERS: usize = 5;

    pub fn for_players(players: usize) -> Result<Deck, Error> {
        if (Self::MIN_PLAYERS..=Self::MAX_PLAYERS).contains(&players) {
            Ok(Deck {
                players: players as u8,
                four_jokers: false,
            })
        } else {
            Err(Error::PlayerCount(players))
        }
    }

    /// The deck of Canadian and Carolina Rummy: two decks and four jokers, 108 cards.
    pub(crate) fn two_decks_four_jokers() -> Deck {
        Deck {
            players: 4,
            four_jokers: true,
        }
    }

    pub fn players(self) -> usize {
        usize::from(self.players)
    }

    /// How many copies of each face the deck holds.
    pub fn copies(self) -> u32 {
        if self.players == 2 && !self.four_jokers {
            1
        } else {
            2
        }
    }

    /// How many jokers the deck holds.
    pub fn jokers(self) -> u32 {
        if self.four_jokers { 4 } else { self.copies() }
    }

    /// The deck in a few words, as a copy error names it: "a 3-player deck".
    pub(crate) fn described(self) -> String {
        if self.four_jokers {
            format!("the {}-card deck", self.size())
        } else {
            format!("a {}-player deck", self.players)
        }
    }

    /// How many cards the deck holds in all.
    pub fn size(self) -> u32 {
        52 * self.copies() + self.jokers()
    }

    /// How many of this physical card the deck holds.
    pub fn holds(self, card: HandCard) -> u32 {
        match card {
            HandCard::Real(_) => self.copies(),
            HandCard::Joker => self.jokers(),
        }
    }

    /// Refuses a pile that shows more of some card than the deck holds. `place` says which
    /// pile, in words ("in the table before and the hand together"); empty for a lone pile.
    pub fn check_counts(self, counts: &CardCounts, place: &str) -> Result<(), Error> {
        match counts.iter().find(|(card, n)| *n > self.holds(*card)) {
            Some((card, count)) => Err(Error::TooManyCopies {
                card: match card {
                    HandCard::Real(card) => card.to_string(),
                    HandCard::Joker => "* (joker)".to_string(),
                },
                count,
                place: place.to_string(),
                deck: self.described(),
                holds: self.holds(card),
            }),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_hand;

    fn counts(text: &str) -> CardCounts {
        CardCounts::of(parse_hand(text).unwrap())
    }

    #[test]
    fn deck_two_players_hold_one_deck_and_one_joker() {
        let deck = Deck::for_players(2).unwrap();
        assert_eq!(deck.size(), 53);
        assert!(deck.check_counts(&counts("7h *"), "").is_ok());
        let err = deck.check_counts(&counts("7h 7h"), "").unwrap_err();
        assert_eq!(err.to_string(), "7h appears 2 times; a 2-player deck has 1");
        assert!(deck.check_counts(&counts("* *"), "").is_err());
    }

    #[test]
    fn deck_three_to_five_players_hold_two_decks_and_two_jokers() {
        for players in 3..=5 {
            let deck = Deck::for_players(players).unwrap();
            assert_eq!(deck.size(), 106);
            assert!(deck.check_counts(&counts("7h 7h * *"), "").is_ok());
        }
        let deck = Deck::for_players(3).unwrap();
        let err = deck.check_counts(&counts("7h 7h 7H"), "").unwrap_err();
        assert_eq!(err.to_string(), "7h appears 3 times; a 3-player deck has 2");
        let err = deck
            .check_counts(&counts("* * *"), " in the hand")
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "* (joker) appears 3 times in the hand; a 3-player deck has 2"
        );
    }

    #[test]
    fn deck_canadian_holds_two_decks_and_four_jokers() {
        let deck = Deck::two_decks_four_jokers();
        assert_eq!(deck.size(), 108);
        assert!(deck.check_counts(&counts("Qs Qs * * * *"), "").is_ok());
        let err = deck.check_counts(&counts("* * * * *"), "").unwrap_err();
        assert_eq!(
            err.to_string(),
            "* (joker) appears 5 times; the 108-card deck has 4"
        );
    }

    #[test]
    fn deck_player_count_is_two_to_five() {
        assert!(Deck::for_players(1).is_err());
        assert!(Deck::for_players(6).is_err());
    }
}
