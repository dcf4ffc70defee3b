//! A seeded dealer of realistic full-scale positions: a two-deck table of legal melds (jokers
//! with stated cards among them), and a hand, both jokers in play. Shared by the solver bench
//! (which writes `benches/positions.txt` from it) and the solver tests.

#![allow(dead_code)]

use carousel::card::Card;
use carousel::card::HandCard;
use carousel::card::Rank;
use carousel::card::Suit;
use carousel::card::TableCard;
use carousel::deck::Deck;
use carousel::games::manipulation::meld::MeldRules;
use carousel::games::manipulation::table::Hand;
use carousel::games::manipulation::table::Meld;
use carousel::games::manipulation::table::Table;

/// `SplitMix64`: small, seeded, good enough to deal cards.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `low..=high`.
    pub(crate) fn between(&mut self, low: usize, high: usize) -> usize {
        low + self.below(high - low + 1)
    }

    /// True with probability `percent`/100.
    pub(crate) fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }
}

pub(crate) struct Position {
    pub table: Table,
    pub hand: Hand,
}

impl Position {
    /// `TABLE ; HAND` in canonical notation.
    pub(crate) fn to_line(&self) -> String {
        format!("{} ; {}", self.table, self.hand)
    }

    pub(crate) fn from_line(line: &str) -> Option<Position> {
        let (table, hand) = line.split_once(';')?;
        let deck = three_players();
        Some(Position {
            table: Table::parse(table.trim(), MeldRules::default(), deck).ok()?,
            hand: Hand::parse(hand.trim(), deck).ok()?,
        })
    }
}

pub(crate) fn three_players() -> Deck {
    Deck::for_players(3).expect("3 players")
}

fn card(rank: usize, suit: usize) -> Card {
    let number = if rank == 14 { 1 } else { rank as u8 };
    Card::new(Rank::new(number).expect("rank"), Suit::ALL[suit])
}

/// The shoe's cards not yet dealt: copies left per face, by `Card::index`.
struct Shoe {
    left: [u8; 52],
}

impl Shoe {
    fn take_all(&mut self, cards: &[Card]) -> bool {
        let mut need = [0u8; 52];
        for c in cards {
            need[c.index()] += 1;
        }
        if (0..52).any(|i| need[i] > self.left[i]) {
            return false;
        }
        for (left, need) in self.left.iter_mut().zip(need) {
            *left -= need;
        }
        true
    }

    fn put_back(&mut self, card: Card) {
        self.left[card.index()] += 1;
    }
}

/// A random meld shape: a run of 3-8 (aces low or high) or a set of 3-4.
fn random_meld(rng: &mut Rng) -> Vec<Card> {
    if rng.chance(65) {
        let suit = rng.below(4);
        let len = [3, 3, 3, 4, 4, 5, 5, 6, 7, 8][rng.below(10)];
        let start = rng.between(1, 15 - len);
        (start..start + len).map(|r| card(r, suit)).collect()
    } else {
        let rank = rng.between(1, 13);
        let mut suits = [0, 1, 2, 3];
        rng.shuffle(&mut suits);
        let size = if rng.chance(40) { 4 } else { 3 };
        suits[..size].iter().map(|s| card(rank, *s)).collect()
    }
}

/// Deals a full-scale position: the hand first, at random from the two-deck shoe (as a
/// player's hand is: drawn, not chosen); then a table of up to `table_size` cards in legal
/// melds made from the rest, as many random melds as fit, trimmed down; both jokers in play,
/// each either in the hand or on the table standing for a card.
pub(crate) fn deal(seed: u64, table_size: usize, hand_size: usize) -> Position {
    let mut rng = Rng::new(seed);
    let mut cards: Vec<Card> = Card::all().flat_map(|c| [c, c]).collect();
    rng.shuffle(&mut cards);
    let hand_jokers = (0..2).filter(|_| rng.chance(40)).count();
    let dealt: Vec<Card> = cards.split_off(cards.len() - hand_size.saturating_sub(hand_jokers));
    let mut shoe = Shoe { left: [0; 52] };
    for card in &cards {
        shoe.left[card.index()] += 1;
    }
    // Melds from the rest of the shoe, many random tries.
    let mut melds: Vec<Vec<TableCard>> = Vec::new();
    for _ in 0..4000 {
        let shape = random_meld(&mut rng);
        if shoe.take_all(&shape) {
            melds.push(shape.into_iter().map(TableCard::Real).collect());
        }
    }
    // Cards left that extend a meld (a run's end, a set's fourth suit) join it.
    for _ in 0..3 {
        for meld in &mut melds {
            for index in 0..52 {
                while shoe.left[index] > 0 {
                    let Some(face) = Card::from_index(index) else {
                        break;
                    };
                    let mut trial = meld.clone();
                    trial.push(TableCard::Real(face));
                    if !carousel::games::manipulation::meld::is_legal(&trial, MeldRules::default())
                    {
                        break;
                    }
                    *meld = trial;
                    shoe.left[index] -= 1;
                }
            }
        }
    }
    // The table's jokers: each in a meld in place of a card (that card back to the shoe), or
    // on a run's end or a set's missing suit.
    for _ in hand_jokers..2 {
        let m = rng.below(melds.len());
        if rng.chance(50) {
            let i = rng.below(melds[m].len());
            let replaced = melds[m][i].face();
            if !melds[m][i].is_joker() {
                melds[m][i] = TableCard::Joker(replaced);
                shoe.put_back(replaced);
                continue;
            }
        }
        let extra = joker_extension(&melds[m])
            .or_else(|| melds.iter().find_map(|meld| joker_extension(meld)));
        if let Some(face) = extra {
            let at = melds
                .iter()
                .position(|meld| joker_extension(meld) == Some(face))
                .unwrap_or(m);
            melds[at].push(TableCard::Joker(face));
        } else {
            let i = rng.below(melds[m].len());
            let replaced = melds[m][i].face();
            melds[m][i] = TableCard::Joker(replaced);
            shoe.put_back(replaced);
        }
    }
    // Trim the table down to its size: ends off long runs, the fourth card off sets, whole
    // three-card melds without a joker; the cards go back to the shoe.
    let mut size: usize = melds.iter().map(Vec::len).sum();
    let mut guard = 0;
    while size > table_size && guard < 100_000 {
        guard += 1;
        let m = rng.below(melds.len());
        let len = melds[m].len();
        let is_set = melds[m]
            .iter()
            .all(|c| c.face().rank == melds[m][0].face().rank);
        if len > 3 {
            let mut trial = melds[m].clone();
            trial.sort_by_key(|c| c.face().rank);
            let at = if is_set {
                rng.below(len)
            } else {
                [0, len - 1][rng.below(2)]
            };
            if trial[at].is_joker() {
                continue;
            }
            let gone = trial.remove(at);
            if carousel::games::manipulation::meld::is_legal(&trial, MeldRules::default()) {
                melds[m] = trial;
                shoe.put_back(gone.face());
                size -= 1;
            }
        } else if !melds[m].iter().any(|c| c.is_joker()) && rng.chance(30) {
            for c in melds.remove(m) {
                shoe.put_back(c.face());
            }
            size -= len;
        }
    }
    rng.shuffle(&mut melds);
    let rules = MeldRules::default();
    let table = Table::new(melds.into_iter().map(|m| Meld::new(m, rules)).collect());
    let mut hand: Vec<HandCard> = vec![HandCard::Joker; hand_jokers];
    hand.extend(dealt.into_iter().map(HandCard::Real));
    rng.shuffle(&mut hand);
    Position {
        table,
        hand: Hand::new(hand),
    }
}

/// A card a joker could stand for to extend a meld: a set's missing suit, or the card
/// below (else above) a run.
fn joker_extension(meld: &[TableCard]) -> Option<Card> {
    let faces: Vec<Card> = meld.iter().map(|c| c.face()).collect();
    let first = *faces.first()?;
    if faces.iter().all(|f| f.rank == first.rank) {
        return Suit::ALL
            .iter()
            .find(|s| faces.iter().all(|f| f.suit != **s))
            .map(|s| Card::new(first.rank, *s));
    }
    let rules = MeldRules::default();
    for number in 1..=14 {
        let candidate = card(number, first.suit.index());
        let mut trial = meld.to_vec();
        trial.push(TableCard::Joker(candidate));
        if carousel::games::manipulation::meld::is_legal(&trial, rules) {
            return Some(candidate);
        }
    }
    None
}

/// A full-scale position of random size: table 60-95 cards, hand 10-25 (as many as are left).
pub(crate) fn deal_full_scale(seed: u64) -> Position {
    let mut rng = Rng::new(seed ^ 0x5eed);
    let table_size = rng.between(60, 95);
    let hand_size = rng.between(10, 25).min(106 - table_size);
    deal(seed, table_size, hand_size)
}

/// The size class a position falls in, for reports: by hand size and by table size.
pub(crate) fn size_classes(position: &Position) -> [&'static str; 2] {
    let hand = match position.hand.cards().len() {
        0..=14 => "hand 10-14",
        15..=19 => "hand 15-19",
        _ => "hand 20-25",
    };
    let table = match position.table.cards().count() {
        0..=74 => "table 60-74",
        75..=84 => "table 75-84",
        _ => "table 85-95",
    };
    [hand, table]
}
