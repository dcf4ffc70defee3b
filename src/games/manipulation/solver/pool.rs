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
use crate::games::manipulation::table::{Hand, Table};

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

    /// The cards of the table after a move that plays `played`, less the cards of the melds
    /// `kept` (the table's kept as they were, and any new ones laid apart from the search):
    /// everything must be laid, and M4 is counted over the whole table after (the kept
    /// melds' jokers keep their cards).
    pub(crate) fn for_rest(
        table: &Table,
        played: &[HandCard],
        kept: &[&[TableCard]],
    ) -> Option<Pool> {
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
        for card in kept.iter().copied().flatten() {
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

    /// The same cards read down from the king ([`mirrored_rank`]): the search reads the
    /// ranks this way when the low ranks are the more crowded.
    pub(crate) fn mirrored(&self, aces_high: bool) -> Pool {
        Pool {
            must_real: mirrored_ranks(&self.must_real, aces_high),
            pinned: mirrored_ranks(&self.pinned, aces_high),
            optional_real: mirrored_ranks(&self.optional_real, aces_high),
            must_wild: self.must_wild,
            optional_wild: self.optional_wild,
        }
    }
}

/// The search's rank index of a card: 0 for an ace, 12 for a king.
pub(crate) fn rank_index(card: Card) -> usize {
    usize::from(card.rank.number() - 1)
}

/// Where rank index `rank` goes when the pool is read down from the king ([`Pool::mirrored`]).
/// With aces high, the ace stays at index 0 (the low and the high ace trade places, and a
/// run from one end is a run from the other); with aces low only, the ace goes last.
pub(crate) fn mirrored_rank(rank: usize, aces_high: bool) -> usize {
    if aces_high {
        if rank == 0 { 0 } else { RANKS - rank }
    } else {
        RANKS - 1 - rank
    }
}

/// Anything kept per rank index, each rank moved to its [`mirrored_rank`].
pub(crate) fn mirrored_ranks<T: Copy + Default>(
    by_rank: &[T; RANKS],
    aces_high: bool,
) -> [T; RANKS] {
    let mut out = [T::default(); RANKS];
    for (rank, value) in by_rank.iter().enumerate() {
        out[mirrored_rank(rank, aces_high)] = *value;
    }
    out
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_the_ranks_down_twice_reads_them_up_and_keeps_neighbours_together() {
        for aces_high in [false, true] {
            let last = if aces_high { RANKS } else { RANKS - 1 };
            // Search positions 0..=last, the last the high ace when aces are high.
            let position = |rank: usize| if aces_high && rank == RANKS { 0 } else { rank };
            let mirrored_position = |p: usize| last - p;
            for rank in 0..RANKS {
                let there = mirrored_rank(rank, aces_high);
                assert_eq!(mirrored_rank(there, aces_high), rank);
            }
            // Positions p and p + 1 hold ranks that sit side by side read down too.
            for p in 0..last {
                let (a, b) = (position(p), position(p + 1));
                let (ma, mb) = (mirrored_position(p), mirrored_position(p + 1));
                assert_eq!(
                    mirrored_rank(a, aces_high),
                    position(ma),
                    "aces high {aces_high}"
                );
                assert_eq!(
                    mirrored_rank(b, aces_high),
                    position(mb),
                    "aces high {aces_high}"
                );
                assert_eq!(ma, mb + 1);
            }
        }
    }

    #[test]
    fn a_pool_read_down_twice_is_itself() {
        let mut pool = Pool::default();
        for (rank, row) in pool.must_real.iter_mut().enumerate() {
            row[rank % SUITS] = 1;
        }
        pool.optional_real[0][2] = 2;
        pool.optional_real[12][1] = 1;
        pool.pinned[3][0] = 1;
        pool.must_wild = 1;
        for aces_high in [false, true] {
            assert_eq!(pool.mirrored(aces_high).mirrored(aces_high), pool);
            assert_ne!(pool.mirrored(aces_high), pool);
        }
    }
}
