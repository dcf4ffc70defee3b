//! One face's decision: the step from one state of the search to the next. `faces` makes
//! every one a face allows; a plan is a list of them, which `layout` lays out as melds.

use super::state::RunCounts;

/// One face's decision: how its cards are found and where they go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SuitMove {
    /// Runs in progress after this face.
    pub next: RunCounts,
    /// Hand cards of this face played.
    pub played: u8,
    /// Of those, how many release a pinned joker.
    pub released: u8,
    /// Wild jokers laid as this face.
    pub jokers: u8,
    /// Of those, how many go on runs of 3 or more (which must then go on).
    pub jokers_on_long: u8,
    /// Of those, how many go to sets.
    pub jokers_in_sets: u8,
    /// At the low ace: aces set aside for the top of a run. At the high ace: aces laid.
    pub aces_aside: u8,
    /// Runs of 3 or more that go on (the others end before this rank).
    pub continued_long: u8,
    /// Runs from the low ace that go on.
    pub continued_from_ace: u8,
    /// Runs started at this face.
    pub started: u8,
    /// Cards given to this rank's sets.
    pub to_sets: u8,
    /// Filled in once made: the index of `next`, the room for loose jokers the move makes,
    /// and what it adds to the score.
    pub next_index: u8,
    pub room: u8,
    pub score: u32,
}
