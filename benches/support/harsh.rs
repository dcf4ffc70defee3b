//! Positions built to be harsh on the solver, shared by its tests and its bench: tables of
//! random melds over a window of ranks and some suits, jokers among them (some standing for
//! a card the hand holds, some twins: two jokers standing for one card), and hands favouring
//! awkward cards, so that the best play often keeps cards in hand. Rules vary too: one deck
//! now and then, aces low only, other joker values.
//!
//! A position is written `PLAYERS ACES JOKER ; TABLE ; HAND` (e.g. `3 high 25 ; 7h 8h 9h ;
//! 10h Kd`) in the bench's files of hard positions.

#![allow(dead_code)]

use crate::deal::Rng;
use carousel::card::Card;
use carousel::card::HandCard;
use carousel::card::Rank;
use carousel::card::Suit;
use carousel::card::TableCard;
use carousel::deck::Deck;
use carousel::games::manipulation::meld::MeldRules;
use carousel::games::manipulation::rules::Rules;
use carousel::games::manipulation::table::Hand;
use carousel::games::manipulation::table::Meld;
use carousel::games::manipulation::table::Table;

/// A position with its rules and deck.
#[derive(Clone)]
pub(crate) struct Case {
    pub table: Table,
    pub hand: Hand,
    pub rules: Rules,
    pub deck: Deck,
}

impl Case {
    /// How to run it from the command line, for a failure message.
    pub(crate) fn describe(&self) -> String {
        format!(
            "--table '{}' --hand '{}' (players {}, aces low only {}, joker value {})",
            self.table,
            self.hand,
            self.deck.players(),
            self.rules.aces_low_only,
            self.rules.joker_value
        )
    }

    /// `PLAYERS ACES JOKER ; TABLE ; HAND`.
    pub(crate) fn to_line(&self) -> String {
        format!(
            "{} {} {} ; {} ; {}",
            self.deck.players(),
            if self.rules.aces_low_only {
                "low"
            } else {
                "high"
            },
            self.rules.joker_value,
            self.table,
            self.hand
        )
    }

    pub(crate) fn from_line(line: &str) -> Option<Case> {
        let mut parts = line.split(';');
        let head: Vec<&str> = parts.next()?.split_whitespace().collect();
        let (table, hand) = (parts.next()?.trim(), parts.next()?.trim());
        let [players, aces, joker] = head.as_slice() else {
            return None;
        };
        let deck = Deck::for_players(players.parse().ok()?).ok()?;
        let rules = Rules {
            aces_low_only: *aces == "low",
            joker_value: joker.parse().ok()?,
            ..Rules::default()
        };
        let meld_rules = MeldRules::new(&rules, deck);
        Some(Case {
            table: Table::parse(table, meld_rules, deck).ok()?,
            hand: Hand::parse(hand, deck).ok()?,
            rules,
            deck,
        })
    }

    /// Whether the table and hand hold no more of a card than the deck does.
    pub(crate) fn is_real(&self) -> bool {
        let together = carousel::card::CardCounts::of(
            self.table
                .cards()
                .map(TableCard::physical)
                .chain(self.hand.cards().iter().copied()),
        );
        self.deck.check_counts(&together, "").is_ok()
    }
}

/// Reads a file of positions, one a line (`#` starts a comment).
pub(crate) fn read_cases(path: &std::path::Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| Case::from_line(l).unwrap_or_else(|| panic!("not a position: {l}")))
        .collect()
}

/// A sparse table: 30-59 cards from all ranks and suits, a hand of 10-25.
pub(crate) fn sparse(seed: u64) -> Case {
    let mut rng = Rng::new(seed ^ 0x5a75);
    let table = rng.between(30, 59);
    let hand = rng.between(10, 25);
    position(seed, table, hand, (1, 14), 4, 70, rng.chance(30))
}

/// A table from a window of 8 ranks (all suits): cards meet often, runs overlap.
pub(crate) fn window(seed: u64) -> Case {
    let mut rng = Rng::new(seed ^ 0x3d8);
    let low = rng.between(1, 7) as u8;
    let table = rng.between(30, 60);
    let hand = rng.between(10, 20);
    position(seed, table, hand, (low, low + 7), 4, 50, rng.chance(30))
}

/// Many duplicate cards: two or three suits over 6 ranks, two decks, so most faces are on
/// the table twice or in the hand beside their twin.
pub(crate) fn duplicates(seed: u64) -> Case {
    let mut rng = Rng::new(seed ^ 0xd0b);
    let low = rng.between(1, 9) as u8;
    let suits = rng.between(2, 3);
    let table = rng.between(15, 30);
    let hand = rng.between(8, 14);
    let mut case = position(seed, table, hand, (low, low + 5), suits, 20, rng.chance(30));
    if case.deck.players() == 2 {
        // Two decks, so that there are duplicates: the same cards are still a real position.
        case.deck = Deck::for_players(3).expect("3 players");
    }
    case
}

/// A face by run position (14 is the ace again) and suit index.
pub(crate) fn face(position: u8, suit: usize) -> Card {
    Card::new(
        Rank::new(if position == 14 { 1 } else { position }).unwrap(),
        Suit::ALL[suit],
    )
}

/// A position built from random melds over a window of run positions and some suits, then
/// a hand from the cards left, with awkward cards (high ones, the real cards of table
/// jokers) favoured `awkward` percent of the time. `table_size` is the target table size.
pub(crate) fn position(
    seed: u64,
    table_size: usize,
    hand_size: usize,
    window: (u8, u8),
    suits: usize,
    awkward: usize,
    twins: bool,
) -> Case {
    let mut rng = Rng::new(seed);
    let players = if rng.chance(20) { 2 } else { 3 };
    let deck = Deck::for_players(players).unwrap();
    let rules = Rules {
        aces_low_only: rng.chance(15),
        joker_value: [25, 25, 25, 0, 7][rng.below(5)],
        ..Rules::default()
    };
    let meld_rules = MeldRules::new(&rules, deck);
    let mut suit_order: Vec<usize> = (0..4).collect();
    rng.shuffle(&mut suit_order);
    suit_order.truncate(suits);
    let (low, high) = window;
    let mut shoe: Vec<Card> = Vec::new();
    for pos in low..=high {
        if pos == 14 && low == 1 {
            continue; // the ace is already in the window, low
        }
        for s in &suit_order {
            for _ in 0..deck.copies() {
                shoe.push(face(pos, *s));
            }
        }
    }
    let take = |shoe: &mut Vec<Card>, card: Card| -> bool {
        match shoe.iter().position(|c| *c == card) {
            Some(at) => {
                shoe.swap_remove(at);
                true
            }
            None => false,
        }
    };
    // Some jokers are kept back for the hand.
    let mut jokers = deck.jokers() as usize;
    let mut hand_jokers = 0;
    while jokers > 0 && rng.chance(30) {
        jokers -= 1;
        hand_jokers += 1;
    }
    let mut joker_faces: Vec<Card> = Vec::new();
    let mut melds: Vec<Meld> = Vec::new();
    let mut size = 0;
    for _ in 0..400 {
        if size + 3 > table_size {
            break;
        }
        let mut cards: Vec<Card> = Vec::new();
        if rng.chance(55) {
            let s = suit_order[rng.below(suit_order.len())];
            let len = rng.between(3, 6).min(usize::from(high - low) + 1);
            let start = low + rng.below(usize::from(high - low) + 2 - len) as u8;
            cards = (start..start + len as u8).map(|p| face(p, s)).collect();
        } else if suit_order.len() >= 3 {
            let pos = low + rng.below(usize::from(high - low) + 1) as u8;
            let n = rng.between(3, suit_order.len().min(4));
            let mut ss = suit_order.clone();
            rng.shuffle(&mut ss);
            cards = ss[..n].iter().map(|s| face(pos, *s)).collect();
        }
        if cards.is_empty() || size + cards.len() > table_size {
            continue;
        }
        let mut trial = shoe.clone();
        if !cards.iter().all(|c| take(&mut trial, *c)) {
            continue;
        }
        let mut laid: Vec<TableCard> = cards.iter().map(|c| TableCard::Real(*c)).collect();
        if jokers > 0 && !twins && rng.chance(25) {
            // A joker in place of a card (the card goes back to the shoe), or on an end.
            let at = rng.below(laid.len());
            let stated = laid[at].face();
            if rng.chance(60) {
                laid[at] = TableCard::Joker(stated);
                trial.push(stated);
                jokers -= 1;
                joker_faces.push(stated);
            } else if let Some(extra) = (1..=14u8)
                .flat_map(|p| (0..4).map(move |s| face(p, s)))
                .find(|f| {
                    let mut with = laid.clone();
                    with.push(TableCard::Joker(*f));
                    carousel::games::manipulation::meld::is_legal(&with, meld_rules)
                })
            {
                laid.push(TableCard::Joker(extra));
                jokers -= 1;
                joker_faces.push(extra);
            }
        }
        if !carousel::games::manipulation::meld::is_legal(&laid, meld_rules) {
            continue;
        }
        shoe = trial;
        size += laid.len();
        melds.push(Meld::new(laid, meld_rules));
    }
    if twins {
        // Twin jokers: two real cards of the table, of one face where two decks allow
        // (an ace or a run's end when there is one), become jokers standing for them; the
        // real cards go to the hand or out of the game.
        let mut spots: Vec<(usize, usize)> = Vec::new();
        for (m, meld) in melds.iter().enumerate() {
            for (i, _) in meld.cards().iter().enumerate() {
                spots.push((m, i));
            }
        }
        rng.shuffle(&mut spots);
        let face_at = |melds: &[Meld], (m, i): (usize, usize)| melds[m].cards()[i].face();
        let first = spots
            .iter()
            .copied()
            .find(|s| face_at(&melds, *s).rank == Rank::ACE)
            .or_else(|| spots.first().copied());
        if let Some(first) = first {
            let x = face_at(&melds, first);
            let second = spots
                .iter()
                .copied()
                .find(|s| s.0 != first.0 && face_at(&melds, *s) == x)
                .or_else(|| spots.iter().copied().find(|s| s.0 != first.0));
            let mut spots = vec![first];
            spots.extend(second);
            for _ in 0..jokers.min(spots.len()) {
                let (m, i) = spots.pop().unwrap();
                let mut cards = melds[m].cards().to_vec();
                let real = cards[i].face();
                cards[i] = TableCard::Joker(real);
                melds[m] = Meld::new(cards, meld_rules);
                jokers -= 1;
                joker_faces.push(real);
                if rng.chance(50) {
                    shoe.push(real);
                }
            }
        }
    }
    rng.shuffle(&mut shoe);
    let mut hand: Vec<HandCard> = Vec::new();
    // Now and then the real card of a table joker, to release it.
    for stated in &joker_faces {
        if rng.chance(50) && take(&mut shoe, *stated) {
            hand.push(HandCard::Real(*stated));
        }
    }
    while jokers > 0 && rng.chance(35) {
        hand_jokers += 1;
        jokers -= 1;
    }
    hand.extend(std::iter::repeat_n(HandCard::Joker, hand_jokers));
    // Awkward cards: mostly a card that meets no card of the hand so far (no other card of
    // its rank, none of its suit within two ranks), high ones first; else any.
    while hand.len() < hand_size && !shoe.is_empty() {
        let lonely = |c: &Card| {
            hand.iter().all(|h| match h {
                HandCard::Real(h) => {
                    h.rank != c.rank
                        && (h.suit != c.suit || h.rank.number().abs_diff(c.rank.number()) > 2)
                }
                HandCard::Joker => true,
            })
        };
        let pick = if rng.chance(awkward) {
            shoe.iter()
                .position(|c| lonely(c) && (c.rank.number() >= 9 || c.rank.number() == 1))
                .or_else(|| shoe.iter().position(lonely))
                .unwrap_or(0)
        } else {
            0
        };
        hand.push(HandCard::Real(shoe.swap_remove(pick)));
    }
    rng.shuffle(&mut hand);
    Case {
        table: Table::new(melds),
        hand: Hand::new(hand),
        rules,
        deck,
    }
}
