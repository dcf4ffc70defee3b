//! Where beaten states are dropped: after every rank, a state is dropped when a state kept
//! before it (as good a score, sorted first) can do all it can (see [`Search::dominates`]).
//!
//! States are many and a state can only be beaten by one whose runs beat its runs in every
//! suit, so the kept states sit in a trie by their run counts, suit by suit: a query walks
//! only the branches whose runs beat the state's in that suit.

use super::pool::SUITS;
use super::search::Search;
use super::state::key;

/// A state of a step as the pruning sees it: its key and its score so far.
pub(crate) trait Ranked {
    fn key(&self) -> u64;
    fn score(&self) -> i64;
}

/// Drops every state another state beats: as good a score, [`Search::dominates`], and
/// `also(kept, state)` (a further condition some searches add). States are sorted by the
/// part of their key that is not compared, then best score first, so each is checked only
/// against those kept before it in its group.
pub(crate) fn without_dominated<N: Ranked>(
    search: &Search,
    mut nodes: Vec<N>,
    also: impl Fn(&N, &N) -> bool,
) -> Vec<N> {
    let compared = search.compared_bits();
    let group = |key: u64| key & !compared;
    nodes.sort_by(|a, b| {
        group(a.key())
            .cmp(&group(b.key()))
            .then(b.score().cmp(&a.score()))
            .then(a.key().cmp(&b.key()))
    });
    let mut kept: Vec<N> = Vec::with_capacity(nodes.len());
    let mut frontier = Frontier::new();
    for node in nodes {
        if kept
            .last()
            .is_some_and(|last| group(last.key()) != group(node.key()))
        {
            frontier.clear();
        }
        let covered = |_: u64, index: u32| {
            kept.get(index as usize)
                .is_some_and(|other| also(other, &node))
        };
        if !frontier.beaten(search, node.key(), &covered) {
            frontier.insert(node.key(), kept.len() as u32);
            kept.push(node);
        }
    }
    kept
}

/// Below this many kept states a plain scan is quicker than the trie.
const SCAN_UP_TO: usize = 48;

/// Kept states, by the run counts of each suit in turn.
pub(crate) struct Frontier {
    /// Every kept state, for the plain scan while they are few.
    all: Vec<(u64, u32)>,
    /// Trie nodes; node 0 is the root. Each child: (run counts index, node or leaf index).
    nodes: Vec<Vec<(u8, u32)>>,
    /// Leaves: the kept states (by the caller's index) with exactly those run counts.
    leaves: Vec<Vec<(u64, u32)>>,
}

impl Frontier {
    pub fn new() -> Frontier {
        Frontier {
            all: Vec::new(),
            nodes: vec![Vec::new()],
            leaves: Vec::new(),
        }
    }

    /// Forgets every kept state, keeping the memory.
    pub fn clear(&mut self) {
        self.all.clear();
        self.nodes.truncate(1);
        if let Some(root) = self.nodes.first_mut() {
            root.clear();
        }
        self.leaves.clear();
    }

    /// Whether some kept state beats `key`: its runs beat `key`'s in every suit and
    /// `also(kept key, kept index)` holds.
    pub fn beaten(&self, search: &Search, key: u64, also: &dyn Fn(u64, u32) -> bool) -> bool {
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
        let Some(children) = self.nodes.get(node) else {
            return false;
        };
        children.iter().any(|(kept_runs, next)| {
            if !search.runs.suit_dominates(usize::from(*kept_runs), runs) {
                return false;
            }
            if suit + 1 == SUITS {
                self.leaves.get(*next as usize).is_some_and(|leaf| {
                    leaf.iter()
                        .any(|(kept, index)| search.dominates(*kept, key) && also(*kept, *index))
                })
            } else {
                self.walk(search, key, suit + 1, *next as usize, also)
            }
        })
    }

    /// Keeps a state: its key and the caller's index for it.
    pub fn insert(&mut self, key: u64, index: u32) {
        self.all.push((key, index));
        if self.all.len() == SCAN_UP_TO + 1 {
            for (kept, index) in self.all.clone() {
                self.add_to_trie(kept, index);
            }
        } else if self.all.len() > SCAN_UP_TO + 1 {
            self.add_to_trie(key, index);
        }
    }

    fn add_to_trie(&mut self, key: u64, index: u32) {
        let mut node = 0;
        for suit in 0..SUITS {
            let runs = key::runs(key, suit) as u8;
            let last = suit + 1 == SUITS;
            let found = self
                .nodes
                .get(node)
                .and_then(|children| children.iter().find(|(r, _)| *r == runs))
                .map(|(_, next)| *next as usize);
            let next = match found {
                Some(next) => next,
                None => {
                    let next = if last {
                        self.leaves.push(Vec::new());
                        self.leaves.len() - 1
                    } else {
                        self.nodes.push(Vec::new());
                        self.nodes.len() - 1
                    };
                    if let Some(children) = self.nodes.get_mut(node) {
                        children.push((runs, next as u32));
                    }
                    next
                }
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
