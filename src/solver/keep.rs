//! Where a best play is laid with the least upheaval: the search finds *which* cards to play;
//! among the many tables that lay them, players want the one that leaves most of their melds
//! as they were.
//!
//! So only the melds near the played cards are opened up (a card of the same rank, or of the
//! same suit within two ranks; a meld with room for a joker when jokers are played) and laid
//! again with the played cards, every other meld kept as it was. If they can't be, the melds
//! near those are opened too; failing that, the play's own layout of the whole table is used.

use super::best_layout;
use super::layout::{Layout, has_room};
use super::pool::Pool;
use super::search::Config;
use crate::card::{Card, HandCard, TableCard};
use crate::meld::MeldRules;
use crate::table::{Meld, Table};

/// How many times the opened melds grow before the whole table is laid again.
const ROUNDS: usize = 2;

/// Past this share of the table's cards opened, the play's own layout is as good.
const MOST_OPENED: f64 = 0.6;

/// The table after a play: the melds of `table` kept as they were, in their order, then
/// the new ones. `found` is a layout of the whole play, used when nothing less will do.
pub(crate) fn lay_with_least_change(
    table: &Table,
    found: &Layout,
    config: &Config,
    rules: MeldRules,
) -> Table {
    let melds = table.melds();
    let played = found.played.as_slice();
    // Illegal melds can't be kept.
    let mut opened: Vec<bool> = melds.iter().map(|m| m.judge(rules).is_err()).collect();
    let mut near: Vec<Card> = played
        .iter()
        .filter_map(|c| match c {
            HandCard::Real(card) => Some(*card),
            HandCard::Joker => None,
        })
        .collect();
    if played.contains(&HandCard::Joker)
        && let Some(roomy) =
            (0..melds.len()).find(|i| !opened[*i] && has_room(melds[*i].cards(), rules))
    {
        opened[roomy] = true;
    }
    for _ in 0..ROUNDS {
        for (i, meld) in melds.iter().enumerate() {
            if !opened[i] && is_near(meld, &near) {
                opened[i] = true;
            }
        }
        let kept: Vec<&Meld> = (0..melds.len())
            .filter(|i| !opened[*i])
            .map(|i| &melds[i])
            .collect();
        let kept_cards: usize = kept.iter().map(|m| m.cards().len()).sum();
        let all_cards = table.cards().count();
        if (all_cards - kept_cards) as f64 > MOST_OPENED * all_cards as f64 {
            break;
        }
        if let Some(rest) =
            Pool::for_rest(table, played, &kept).and_then(|pool| best_layout(&pool, config, rules))
        {
            return assemble(table, &kept, rest.melds, rules);
        }
        near = (0..melds.len())
            .filter(|i| opened[*i])
            .flat_map(|i| melds[i].cards().iter().map(|c| c.face()))
            .collect();
    }
    // The play's own layout: melds it happens to leave as they were still come first.
    let mut rest: Vec<Meld> = found
        .melds
        .iter()
        .map(|cards| Meld::new(cards.clone(), rules))
        .collect();
    let mut kept: Vec<&Meld> = Vec::new();
    for meld in table.melds() {
        if let Some(at) = rest.iter().position(|m| m == meld) {
            rest.swap_remove(at);
            kept.push(meld);
        }
    }
    let rest = rest.into_iter().map(|m| m.cards().to_vec()).collect();
    assemble(table, &kept, rest, rules)
}

/// Whether a meld holds a card of the same rank as one of `cards`, or of the same suit
/// within two ranks (the ace both below the 2 and above the king).
fn is_near(meld: &Meld, cards: &[Card]) -> bool {
    meld.cards().iter().any(|c| {
        let face = c.face();
        cards.iter().any(|card| {
            face.rank == card.rank
                || (face.suit == card.suit && {
                    let (a, b) = (face.rank.number(), card.rank.number());
                    let gap = a.abs_diff(b);
                    gap <= 2 || 13 - gap <= 1
                })
        })
    })
}

/// The kept melds in the table's order, then the new ones in a steady order.
fn assemble(table: &Table, kept: &[&Meld], rest: Vec<Vec<TableCard>>, rules: MeldRules) -> Table {
    let mut melds: Vec<Meld> = table
        .melds()
        .iter()
        .filter(|m| kept.iter().any(|k| std::ptr::eq(*k, *m)))
        .cloned()
        .collect();
    let mut new_melds: Vec<Meld> = rest
        .into_iter()
        .map(|cards| Meld::new(cards, rules))
        .collect();
    new_melds.sort_by_key(order_key);
    melds.extend(new_melds);
    Table::new(melds)
}

/// New melds read in a steady order: runs by suit then lowest card, sets by rank.
pub(crate) fn order_key(meld: &Meld) -> (u8, u8, u8) {
    let cards = meld.cards();
    let first = cards.first().map(|c| c.face());
    let is_set = cards.len() > 1
        && cards
            .iter()
            .all(|c| Some(c.face().rank) == first.map(|f| f.rank));
    match first {
        Some(face) if is_set => (1, face.rank.number(), 0),
        Some(face) => (0, face.suit.index() as u8, face.rank.number()),
        None => (2, 0, 0),
    }
}
