//! Where beaten states are dropped: after every rank, a state is dropped when a state kept
//! before it (as good a score, sorted first) can do all it can (see [`Search::dominates`]).
//!
//! States are many and a state can only be beaten by one whose runs beat its runs in every
//! suit, so the kept states sit in a trie by their run counts, suit by suit: a query walks
//! only the branches whose runs beat the state's in that suit.
//!
//! A narrow search also drops all but its best-scoring states ([`keep_best`]).

use super::memory::{Frontier, TrieNode};
use super::pool::SUITS;
use super::search::{Jokers, Search};
use super::state::key;

/// A state of a step as the pruning sees it: its key and its score so far.
pub(crate) trait Ranked {
    fn key(&self) -> u64;
    fn score(&self) -> i64;
}

/// Drops every state another state beats: as good a score, [`Search::dominates`], and
/// `also(kept, state)` (a further condition some searches add). States are sorted by the
/// part of their key that is not compared, then best score first, so each is checked only
/// against those kept before it in its group. The states kept stay in `nodes`, in that
/// order; `frontier` is the memory the check works in.
pub(crate) fn without_dominated<N: Ranked + Copy>(
    search: &Search,
    frontier: &mut Frontier,
    nodes: &mut Vec<N>,
    also: impl Fn(&N, &N) -> bool,
) {
    let compared = search.compared_bits();
    let group = |key: u64| key & !compared;
    nodes.sort_by(|a, b| {
        group(a.key())
            .cmp(&group(b.key()))
            .then(b.score().cmp(&a.score()))
            .then(a.key().cmp(&b.key()))
    });
    frontier.clear();
    // The states kept so far are `nodes[..kept]`: each is written over one already read.
    let mut kept = 0;
    for at in 0..nodes.len() {
        let node = nodes[at];
        if kept > 0 && group(nodes[kept - 1].key()) != group(node.key()) {
            frontier.clear();
        }
        let covered = |_: u64, index: u32| {
            nodes[..kept]
                .get(index as usize)
                .is_some_and(|other| also(other, &node))
        };
        if !frontier.beaten(search, node.key(), &covered) {
            frontier.insert(node.key(), kept as u32);
            nodes[kept] = node;
            kept += 1;
        }
    }
    nodes.truncate(kept);
}

/// Keeps the `most` best-scoring of `nodes` (all when there are no more).
pub(crate) fn keep_best<N: Ranked>(nodes: &mut Vec<N>, most: usize) {
    if nodes.len() > most && most > 0 {
        nodes.select_nth_unstable_by_key(most - 1, |node| std::cmp::Reverse(node.score()));
        nodes.truncate(most);
    }
}

impl Search<'_, '_> {
    /// What dominance compares rather than matches, in this search's keys.
    fn compared_bits(&self) -> u64 {
        match self.jokers {
            Jokers::Needed => key::COMPARED_WITH_BALANCE,
            Jokers::Placed => key::COMPARED_BITS,
        }
    }

    /// Whether state `a` can do all state `b` can (scores aside). With jokers laid only
    /// where needed, fewer jokers laid is better as long as the loose ones have room: the
    /// room counted is never less than the loose jokers can be.
    fn dominates(&self, a: u64, b: u64) -> bool {
        if !self.runs.key_dominates(a, b) {
            return false;
        }
        let (balance_a, balance_b) = (key::balance(a), key::balance(b));
        key::uses(a) <= key::uses(b)
            && (balance_a == balance_b || (balance_a < balance_b && key::room(a) >= key::MOST_ROOM))
    }
}

/// Below this many kept states a plain scan is quicker than the trie.
const SCAN_UP_TO: usize = 48;

impl TrieNode {
    fn clear(&mut self) {
        self.present = 0;
        self.children.clear();
    }

    /// Where the child for run counts `runs` is or would go among the children.
    fn rank(&self, runs: u32) -> usize {
        (self.present & ((1u128 << runs) - 1)).count_ones() as usize
    }
}

impl Frontier {
    /// Forgets every kept state, keeping the memory.
    pub(super) fn clear(&mut self) {
        self.all.clear();
        self.nodes_used = 0;
        self.leaves_used = 0;
    }

    /// A node or leaf taken into the trie, emptied: one kept from before, or a new one.
    fn fresh<T: Default>(list: &mut Vec<T>, used: &mut usize, empty: impl FnOnce(&mut T)) -> usize {
        let at = *used;
        match list.get_mut(at) {
            Some(kept) => empty(kept),
            None => list.push(T::default()),
        }
        *used += 1;
        at
    }

    /// Whether some kept state beats `key`: its runs beat `key`'s in every suit and
    /// `also(kept key, kept index)` holds.
    pub(super) fn beaten(
        &self,
        search: &Search,
        key: u64,
        also: &dyn Fn(u64, u32) -> bool,
    ) -> bool {
        if self.all.len() <= SCAN_UP_TO {
            return self
                .all
                .iter()
                .any(|(kept, index)| search.dominates(*kept, key) && also(*kept, *index));
        }
        self.walk(search, key, 0, 0, also)
    }

    fn walk(
        &self,
        search: &Search,
        key: u64,
        suit: usize,
        node: usize,
        also: &dyn Fn(u64, u32) -> bool,
    ) -> bool {
        let runs = key::runs(key, suit);
        let Some(trie) = self.nodes.get(node) else {
            return false;
        };
        // Only the children whose runs beat `key`'s in this suit.
        let mut candidates = trie.present & search.runs.dominated_by(runs);
        while candidates != 0 {
            let kept_runs = candidates.trailing_zeros();
            candidates &= candidates - 1;
            let Some(next) = trie.children.get(trie.rank(kept_runs)) else {
                continue;
            };
            let beaten = if suit + 1 == SUITS {
                self.leaves.get(*next as usize).is_some_and(|leaf| {
                    leaf.iter()
                        .any(|(kept, index)| search.dominates(*kept, key) && also(*kept, *index))
                })
            } else {
                self.walk(search, key, suit + 1, *next as usize, also)
            };
            if beaten {
                return true;
            }
        }
        false
    }

    /// Keeps a state: its key and the caller's index for it.
    pub(super) fn insert(&mut self, key: u64, index: u32) {
        self.all.push((key, index));
        if self.all.len() == SCAN_UP_TO + 1 {
            Self::fresh(&mut self.nodes, &mut self.nodes_used, TrieNode::clear);
            for at in 0..self.all.len() {
                let (kept, index) = self.all[at];
                self.add_to_trie(kept, index);
            }
        } else if self.all.len() > SCAN_UP_TO + 1 {
            self.add_to_trie(key, index);
        }
    }

    fn add_to_trie(&mut self, key: u64, index: u32) {
        let mut node = 0;
        for suit in 0..SUITS {
            // Run counts indices take 7 bits of the key: below 128.
            let runs = (key::runs(key, suit) & 0x7f) as u32;
            let last = suit + 1 == SUITS;
            let found = self.nodes.get(node).and_then(|trie| {
                (trie.present & (1u128 << runs) != 0)
                    .then(|| trie.children.get(trie.rank(runs)))
                    .flatten()
                    .map(|next| *next as usize)
            });
            let next = if let Some(next) = found {
                next
            } else {
                let next = if last {
                    Self::fresh(&mut self.leaves, &mut self.leaves_used, Vec::clear)
                } else {
                    Self::fresh(&mut self.nodes, &mut self.nodes_used, TrieNode::clear)
                };
                if let Some(trie) = self.nodes.get_mut(node) {
                    let at = trie.rank(runs);
                    trie.children.insert(at, next as u32);
                    trie.present |= 1u128 << runs;
                }
                next
            };
            if last {
                if let Some(leaf) = self.leaves.get_mut(next) {
                    leaf.push((key, index));
                }
            } else {
                node = next;
            }
        }
    }
}
