//! Cards as they lie on a real table: a rank and a suit, and the joker that stands in for one.
//!
//! Three shapes of card matter to the referee. A [`Card`] is a face (seven of hearts). A
//! [`HandCard`] is a physical card a player holds: a real card or a bare joker, since a joker
//! in hand stands for nothing yet. A [`TableCard`] is a physical card on the table, where a
//! joker always stands for a stated card.

use std::fmt;

/// The four suits, in the order canonical output lists a set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The lowercase letter canonical notation uses.
    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 's',
            Suit::Hearts => 'h',
            Suit::Diamonds => 'd',
            Suit::Clubs => 'c',
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

/// A rank from ace (1) to king (13). Whether an ace plays low or high is a property of the
/// run it sits in, not of the card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Rank(u8);

impl Rank {
    pub const ACE: Rank = Rank(1);
    pub const KING: Rank = Rank(13);

    /// A rank from its number, 1 (ace) to 13 (king).
    pub fn new(number: u8) -> Option<Rank> {
        (1..=13).contains(&number).then_some(Rank(number))
    }

    /// Every rank, ace to king.
    pub fn all() -> impl Iterator<Item = Rank> {
        (1..=13).map(Rank)
    }

    /// 1 for an ace up to 13 for a king.
    pub fn number(self) -> u8 {
        self.0
    }

    /// The canonical spelling: `A 2 .. 10 J Q K`.
    pub fn name(self) -> &'static str {
        const NAMES: [&str; 13] = [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ];
        NAMES[usize::from(self.0 - 1)]
    }
}

/// A card's face: a rank and a suit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Card {
    pub rank: Rank,
    pub suit: Suit,
}

impl Card {
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }

    /// Every face of one deck, ace of spades first.
    pub fn all() -> impl Iterator<Item = Card> {
        Rank::all().flat_map(|rank| Suit::ALL.into_iter().map(move |suit| Card { rank, suit }))
    }

    /// A dense index 0..52, for counting cards in arrays.
    pub fn index(self) -> usize {
        usize::from(self.rank.0 - 1) * 4 + self.suit.index()
    }

    /// The face at a dense index made by [`Card::index`].
    pub fn from_index(index: usize) -> Option<Card> {
        if index >= 52 {
            return None;
        }
        Some(Card {
            rank: Rank(u8::try_from(index / 4).ok()? + 1),
            suit: Suit::ALL[index % 4],
        })
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.name(), self.suit.letter())
    }
}

/// A physical card in a hand: a real card or a joker that stands for nothing yet.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum HandCard {
    Real(Card),
    Joker,
}

impl fmt::Display for HandCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandCard::Real(card) => card.fmt(f),
            HandCard::Joker => f.write_str("*"),
        }
    }
}

/// A physical card on the table. A joker there always stands for a stated card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum TableCard {
    Real(Card),
    Joker(Card),
}

impl TableCard {
    /// The card this stands for: itself, or a joker's stated card. Meld rules read this.
    pub fn face(self) -> Card {
        match self {
            TableCard::Real(card) | TableCard::Joker(card) => card,
        }
    }

    /// The physical card, forgetting what a joker stands for. Rule M1 counts these.
    pub fn physical(self) -> HandCard {
        match self {
            TableCard::Real(card) => HandCard::Real(card),
            TableCard::Joker(_) => HandCard::Joker,
        }
    }

    pub fn is_joker(self) -> bool {
        matches!(self, TableCard::Joker(_))
    }
}

impl fmt::Display for TableCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableCard::Real(card) => card.fmt(f),
            TableCard::Joker(card) => write!(f, "*{card}"),
        }
    }
}

/// How many of each physical card a pile holds: 52 faces and the joker.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CardCounts([u32; 53]);

const JOKER_SLOT: usize = 52;

impl Default for CardCounts {
    fn default() -> Self {
        CardCounts([0; 53])
    }
}

impl CardCounts {
    pub fn of<I: IntoIterator<Item = HandCard>>(cards: I) -> CardCounts {
        let mut counts = CardCounts::default();
        for card in cards {
            counts.add(card);
        }
        counts
    }

    pub fn add(&mut self, card: HandCard) {
        self.0[Self::slot(card)] += 1;
    }

    /// Takes one of this card away, if there is one.
    pub fn remove(&mut self, card: HandCard) {
        let slot = &mut self.0[Self::slot(card)];
        *slot = slot.saturating_sub(1);
    }

    pub fn get(&self, card: HandCard) -> u32 {
        self.0[Self::slot(card)]
    }

    fn slot(card: HandCard) -> usize {
        match card {
            HandCard::Real(card) => card.index(),
            HandCard::Joker => JOKER_SLOT,
        }
    }

    /// Every physical card with its count, faces in [`Card::index`] order then jokers.
    pub fn iter(&self) -> impl Iterator<Item = (HandCard, u32)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .map(|(slot, n)| {
                let card = Card::from_index(slot).map_or(HandCard::Joker, HandCard::Real);
                (card, *n)
            })
    }

    /// The cards in `self` beyond those in `other`, each as often as it is in excess.
    pub(crate) fn excess_over(&self, other: &CardCounts) -> Vec<HandCard> {
        self.iter()
            .flat_map(|(card, n)| {
                let extra = n.saturating_sub(other.get(card));
                std::iter::repeat_n(card, extra as usize)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_index_round_trips_for_every_face() {
        for card in Card::all() {
            assert_eq!(Card::from_index(card.index()), Some(card));
        }
        assert_eq!(Card::all().count(), 52);
    }

    #[test]
    fn counts_and_excess() {
        let seven = HandCard::Real(Card::new(Rank::new(7).unwrap(), Suit::Hearts));
        let a = CardCounts::of([seven, seven, HandCard::Joker]);
        let b = CardCounts::of([seven]);
        assert_eq!(a.excess_over(&b), vec![seven, HandCard::Joker]);
        assert!(b.excess_over(&a).is_empty());
    }
}
