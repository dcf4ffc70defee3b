//! Where a best play is laid with the least upheaval: the search finds *which* cards to play;
//! among the many tables that lay them, players want the one that leaves most of their melds
//! as they were. This keeps every meld of the table before that it can, a batch at a time,
//! each batch checked by a search over the cards left.

use super::layout::Layout;
use super::pool::Pool;
use super::quick_layout;
use super::search::Config;
use crate::card::{HandCard, TableCard};
use crate::meld::MeldRules;
use crate::table::{Meld, Table};

/// The table after a play: the melds of `table` kept as they were, in their order, then
/// the new ones. `found` is a layout of the whole play, used when no meld can be kept.
/// (Batches are checked with loose jokers only, so a keeping that needs a joker where a
/// meld needs it is not found: this is about tidiness, not the best play.)
pub(crate) fn lay_with_least_change(
    table: &Table,
    found: &Layout,
    config: &Config,
    rules: MeldRules,
) -> Table {
    let played = found.played.as_slice();
    let keepable: Vec<&Meld> = table
        .melds()
        .iter()
        .filter(|meld| meld.judge(rules).is_ok())
        .collect();
    let mut keeper = Keeper {
        table,
        played,
        config,
        rules,
        kept: Vec::new(),
        rest: None,
    };
    keeper.try_keep(&keepable);
    let rest = keeper.rest.take().unwrap_or_else(|| found.melds.clone());
    let mut melds: Vec<Meld> = keeper.kept.iter().map(|meld| (*meld).clone()).collect();
    let mut new_melds: Vec<Meld> = rest
        .into_iter()
        .map(|cards| Meld::new(cards, rules))
        .collect();
    new_melds.sort_by_key(order_key);
    melds.extend(new_melds);
    // Kept melds go back in the order the table had them.
    let position = |meld: &Meld| table.melds().iter().position(|m| m == meld);
    melds.sort_by_key(|meld| position(meld).unwrap_or(usize::MAX));
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

struct Keeper<'a> {
    table: &'a Table,
    played: &'a [HandCard],
    config: &'a Config,
    rules: MeldRules,
    kept: Vec<&'a Meld>,
    /// The melds laid around the kept ones, once some keeping succeeded.
    rest: Option<Vec<Vec<TableCard>>>,
}

impl<'a> Keeper<'a> {
    /// Keeps the whole batch if the rest can still be laid; else each half in turn.
    fn try_keep(&mut self, batch: &[&'a Meld]) {
        if batch.is_empty() {
            return;
        }
        let mut trial = self.kept.clone();
        trial.extend_from_slice(batch);
        if let Some(rest) = self.lay_rest(&trial) {
            self.kept = trial;
            self.rest = Some(rest);
            return;
        }
        if batch.len() > 1 {
            let (first, second) = batch.split_at(batch.len() / 2);
            self.try_keep(first);
            self.try_keep(second);
        }
    }

    /// Melds for every card not in `kept`, if there are any.
    fn lay_rest(&self, kept: &[&Meld]) -> Option<Vec<Vec<TableCard>>> {
        let pool = Pool::for_rest(self.table, self.played, kept)?;
        quick_layout(&pool, self.config, self.rules).map(|layout| layout.melds)
    }
}
