//! The memory a search works in, kept from pass to pass and from search to search within a
//! solve: the states of each step, the aces-aside pass's profiles, the trie of kept states.
//! Only the data lives here, below every pass that fills it, so that the search, the passes
//! and the pruning each name it without naming each other; each pass keeps its own methods
//! on it.

use super::state::{FastMap, KeyMap};
use super::suit_move::SuitMove;
use std::cell::RefCell;

/// A profile and a score added to its entries.
pub(super) type Scored = (u32, i32);

/// Which entries of a profile some choice reaches, a bit per entry (at most 4^4 entries).
pub(super) type Support = [u64; 4];

/// The memory a search works in: its states' tables and lists, kept from pass to pass and
/// from search to search within one solve ([`Tables::kept_for_a_solve`]), emptied rather
/// than made again, so that a pass over many states neither asks for nor gives back its
/// tables as it grows them (measured in docs/solver-speed.md).
#[derive(Default)]
pub(crate) struct Tables {
    /// States of the step being made, by key: where each is in the step's list.
    pub(super) states: KeyMap<u32>,
    /// The lists of states of each step of the plan's pass ([`super::passes`]).
    pub(super) steps: Vec<Vec<PassNode>>,
    /// The aces-aside pass's states of two steps, and its profiles ([`super::profile`]).
    pub(super) profile_steps: [Vec<ProfileNode>; 2],
    pub(super) profiles: ProfileTables,
    /// Where beaten states are found ([`super::dominance`]).
    pub(super) frontier: Frontier,
    /// [`super::search::Search::move_slots`] and [`super::search::Search::made_moves`].
    pub(super) move_slots: Vec<(u32, u32)>,
    pub(super) made_moves: Vec<SuitMove>,
}

/// The tables lent out within a solve: `kept` while a solve is under way on this thread.
struct Lender {
    solves: usize,
    kept: Option<Tables>,
}

thread_local! {
    static LENDER: RefCell<Lender> = const { RefCell::new(Lender { solves: 0, kept: None }) };
}

/// While alive, every search on this thread works in the same tables
/// ([`Tables::kept_for_a_solve`]).
pub(crate) struct KeptTables(());

impl Drop for KeptTables {
    fn drop(&mut self) {
        LENDER.with_borrow_mut(|lender| {
            lender.solves = lender.solves.saturating_sub(1);
            if lender.solves == 0 {
                lender.kept = None;
            }
        });
    }
}

impl Tables {
    /// Keeps the searches' tables on this thread from search to search until the guard
    /// returned is dropped (at the end of a solve): then they are freed, so that nothing
    /// is held between solves.
    pub(crate) fn kept_for_a_solve() -> KeptTables {
        LENDER.with_borrow_mut(|lender| lender.solves += 1);
        KeptTables(())
    }

    /// The tables kept on this thread, or new ones (outside a solve, or while the kept
    /// ones are in use by a search that is taking its turn).
    pub(super) fn lent() -> Tables {
        LENDER
            .with_borrow_mut(|lender| lender.kept.take())
            .unwrap_or_default()
    }

    /// Whether tables are kept on this thread for the next search.
    #[cfg(test)]
    pub(crate) fn kept_on_this_thread() -> bool {
        LENDER.with_borrow(|lender| lender.kept.is_some())
    }

    /// Gives the tables back for the next search of the solve, if one is under way.
    pub(super) fn give_back(self) {
        let tables = self;
        LENDER.with_borrow_mut(|lender| {
            if lender.solves > 0 {
                lender.kept = Some(tables);
            }
        });
    }
}

/// One entry of a step of the plan's pass ([`super::passes`]): a state, its best score, and how it was reached.
#[derive(Clone, Copy)]
pub(crate) struct PassNode {
    pub(super) key: u64,
    pub(super) score: u32,
    pub(super) parent: u32,
    pub(super) choice: u16,
}

/// A state of the aces-aside pass ([`super::profile`]): its key, its best score, and its profile.
#[derive(Clone, Copy)]
pub(crate) struct ProfileNode {
    pub(super) key: u64,
    pub(super) score: i64,
    pub(super) profile: u32,
}

/// The lists and maps of [`super::profile::Profiles`], kept from pass to pass ([`Tables`]).
#[derive(Default)]
pub(crate) struct ProfileTables {
    pub(super) data: Vec<i32>,
    pub(super) support: Vec<Support>,
    pub(super) interned: FastMap<Box<[i32]>, u32>,
    pub(super) interned_flat: FastMap<Support, u32>,
    pub(super) moved: FastMap<(u32, u8, u8, bool), Option<Scored>>,
    pub(super) merged: FastMap<(u32, u32, i64), (u32, i64)>,
}

/// Kept states, by the run counts of each suit in turn. Its lists are kept when it is
/// cleared, for the next group of states to fill.
#[derive(Default)]
pub(crate) struct Frontier {
    /// Every kept state, for the plain scan while they are few.
    pub(super) all: Vec<(u64, u32)>,
    /// Trie nodes; node 0 is the root. Only the first `nodes_used` are in the trie.
    pub(super) nodes: Vec<TrieNode>,
    pub(super) nodes_used: usize,
    /// Leaves: the kept states (by the caller's index) with exactly those run counts. Only
    /// the first `leaves_used` are in the trie.
    pub(super) leaves: Vec<Vec<(u64, u32)>>,
    pub(super) leaves_used: usize,
}

/// A trie node: which run counts indices (below 128) have a child, and the children (node
/// or leaf indices) in the order of those indices.
#[derive(Default)]
pub(super) struct TrieNode {
    pub(super) present: u128,
    pub(super) children: Vec<u32>,
}
