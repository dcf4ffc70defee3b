//! What the search works on: the cards to lay, counted by face, split into those that must
//! be laid (they are on the table: M1) and those that may be (they are in the hand), with
//! rule M4 turned into counts.
//!
//! M4 as counts: a table joker that stood for X keeps X unless a real X is on the table after.
//! So of the jokers that stood for X, `max(0, before - real X on the table)` are *pinned*:
//! each must still be laid as X. Playing a real X from the hand releases one pinned joker:
//! the real card takes the X place and the joker becomes *wild* (any card), which is never
//! worse than laying the real X as a second X. Every other joker is wild.

use crate::card::{Card, HandCard, Rank, Suit, TableCard};
use crate::table::{Hand, Meld, Table};

/// Ranks indexed 0 (ace) to 12 (king); the search adds 13 for an ace above the king.
pub(crate) const RANKS: usize = 13;
pub(crate) const SUITS: usize = 4;

/// Rank index of the ace above the king.
pub(crate) const ACE_HIGH: usize = RANKS;

/// Counts per face: `[rank index][suit index]`.
pub(crate) type FaceCounts = [[u8; SUITS]; RANKS];

/// The cards of one search, by face.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pool {
    /// Real cards that must be laid: they are on the table.
    pub must_real: FaceCounts,
    /// Jokers that must be laid as this face unless released (M4).
    pub pinned: FaceCounts,
    /// Real cards that may be laid: the hand.
    pub optional_real: FaceCounts,
    /// Jokers that must be laid, each as any card.
    pub must_wild: u8,
    /// Jokers that may be laid (the hand's), each as any card.
    pub optional_wild: u8,
}

impl Pool {
    /// The cards of a move: the table's cards must stay, the hand's may be played.
    pub(crate) fn for_play(table: &Table, hand: &Hand) -> Pool {
        let mut pool = Pool::default();
        let mut stated = FaceCounts::default();
        let mut table_jokers: u32 = 0;
        for card in table.cards() {
            match card {
                TableCard::Real(card) => bump(&mut pool.must_real, card),
                TableCard::Joker(card) => {
                    bump(&mut stated, card);
                    table_jokers += 1;
                }
            }
        }
        let mut pinned_total: u32 = 0;
        for (rank, row) in stated.iter().enumerate() {
            for (suit, was) in row.iter().enumerate() {
                let pinned = was.saturating_sub(pool.must_real[rank][suit]);
                pool.pinned[rank][suit] = pinned;
                pinned_total += u32::from(pinned);
            }
        }
        pool.must_wild = clamp(table_jokers - pinned_total);
        for card in hand.cards() {
            match card {
                HandCard::Real(card) => bump(&mut pool.optional_real, *card),
                HandCard::Joker => pool.optional_wild = pool.optional_wild.saturating_add(1),
            }
        }
        pool
    }

    /// Every one of these cards must be laid; jokers are bare, so wild.
    pub(crate) fn for_arrangement(cards: &[HandCard]) -> Pool {
        let mut pool = Pool::default();
        for card in cards {
            match card {
                HandCard::Real(card) => bump(&mut pool.must_real, *card),
                HandCard::Joker => pool.must_wild = pool.must_wild.saturating_add(1),
            }
        }
        pool
    }

    /// The cards of the table after a move that plays `played`, less the melds `kept` as
    /// they were: everything must be laid, and M4 is counted over the whole table after
    /// (the kept melds' jokers keep their cards).
    pub(crate) fn for_rest(table: &Table, played: &[HandCard], kept: &[&Meld]) -> Option<Pool> {
        let mut pool = Pool::default();
        let mut was = FaceCounts::default();
        let mut real_after = FaceCounts::default();
        let mut jokers: u32 = 0;
        for card in table.cards() {
            match card {
                TableCard::Real(card) => bump(&mut real_after, card),
                TableCard::Joker(card) => {
                    bump(&mut was, card);
                    jokers += 1;
                }
            }
        }
        for card in played {
            match card {
                HandCard::Real(card) => bump(&mut real_after, *card),
                HandCard::Joker => jokers += 1,
            }
        }
        pool.must_real = real_after;
        let mut kept_stated = FaceCounts::default();
        for card in kept.iter().flat_map(|meld| meld.cards()) {
            match *card {
                TableCard::Real(card) => {
                    let slot = &mut pool.must_real[rank_index(card)][card.suit.index()];
                    *slot = slot.checked_sub(1)?;
                }
                TableCard::Joker(card) => {
                    bump(&mut kept_stated, card);
                    jokers = jokers.checked_sub(1)?;
                }
            }
        }
        let mut pinned_total: u32 = 0;
        for rank in 0..RANKS {
            for suit in 0..SUITS {
                let pinned = was[rank][suit]
                    .saturating_sub(real_after[rank][suit])
                    .saturating_sub(kept_stated[rank][suit]);
                pool.pinned[rank][suit] = pinned;
                pinned_total += u32::from(pinned);
            }
        }
        pool.must_wild = clamp(jokers.checked_sub(pinned_total)?);
        Some(pool)
    }

    /// Jokers that are or may become wild: those already wild, and the pinned ones a hand
    /// card can release.
    pub(crate) fn wild_jokers(&self) -> u32 {
        let mut releasable = 0;
        for rank in 0..RANKS {
            for suit in 0..SUITS {
                releasable +=
                    u32::from(self.pinned[rank][suit].min(self.optional_real[rank][suit]));
            }
        }
        releasable + u32::from(self.must_wild) + u32::from(self.optional_wild)
    }

    /// Jokers of every kind in the pool: the most that can ever be laid as wild cards.
    pub(crate) fn jokers(&self) -> u32 {
        let pinned: u32 = self.pinned.iter().flatten().map(|n| u32::from(*n)).sum();
        pinned + u32::from(self.must_wild) + u32::from(self.optional_wild)
    }
}

/// The search's rank index of a card: 0 for an ace, 12 for a king.
pub(crate) fn rank_index(card: Card) -> usize {
    usize::from(card.rank.number() - 1)
}

/// The card at a search face (rank index 0..13, suit index).
pub(crate) fn face(rank: usize, suit: usize) -> Option<Card> {
    let number = u8::try_from(rank % RANKS + 1).ok()?;
    Some(Card::new(Rank::new(number)?, *Suit::ALL.get(suit)?))
}

fn bump(counts: &mut FaceCounts, card: Card) {
    let slot = &mut counts[rank_index(card)][card.suit.index()];
    *slot = slot.saturating_add(1);
}

fn clamp(n: u32) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}
