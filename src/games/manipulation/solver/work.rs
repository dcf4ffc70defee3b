//! How much a search may do, counted in moves tried, and the turns it hands on to whoever
//! runs another method beside it.

/// Whoever takes turns with a search: the caller, running another method between the
/// search's steps, so that the search goes on where it stopped rather than starting again.
pub(crate) trait Turns {
    /// The search has done `spent` work: returns the work at which to call again, or `None`
    /// to stop the search (the other method has answered).
    fn turn(&mut self, spent: usize) -> Option<usize>;
}

/// The work of one or more searches, in moves tried (see
/// [`Search::count_step`](super::search::Search::count_step)): a count that grows with the
/// time taken, where a count of states would not (a state of the first pass can cost forty
/// of the second). It is checked after every step: a search stops past `most`
/// ([`Outcome::OutOfWork`](super::search::Outcome::OutOfWork)), and hands the turn on at
/// each mark.
pub(crate) struct Work<'a> {
    pub spent: usize,
    most: usize,
    mark: usize,
    turns: Option<&'a mut dyn Turns>,
    /// Told to stop: every search on this work stops at once, asking no one again.
    stopped: bool,
}

/// Turns held by [`Work::hold_turns_for`]: the mark before, and the one the hold set.
pub(crate) struct Held {
    before: usize,
    until: usize,
}

impl Default for Work<'_> {
    fn default() -> Self {
        Work::at_most(usize::MAX)
    }
}

impl<'a> Work<'a> {
    /// Work that stops past `most`.
    pub(crate) fn at_most(most: usize) -> Work<'a> {
        Work {
            spent: 0,
            most,
            mark: usize::MAX,
            turns: None,
            stopped: false,
        }
    }

    /// Work that hands the turn to `turns` once `first` is spent, then where it says.
    pub(crate) fn taking_turns(turns: &'a mut dyn Turns, first: usize) -> Work<'a> {
        Work {
            spent: 0,
            most: usize::MAX,
            mark: first,
            turns: Some(turns),
            stopped: false,
        }
    }

    /// Hands the turn on at the next step, whatever has been spent (when turns are taken).
    pub(crate) fn hand_over(&mut self) {
        if self.turns.is_some() {
            self.mark = self.mark.min(self.spent);
        }
    }

    /// Holds the turns for at most `moves` more (`usize::MAX`: until the hold ends): none
    /// is handed on before, unless [`Work::end_hold`] ends the hold first.
    pub(crate) fn hold_turns_for(&mut self, moves: usize) -> Held {
        // Without turns, a mark would only stop the search.
        let until = if self.turns.is_some() {
            self.spent.saturating_add(moves)
        } else {
            usize::MAX
        };
        Held {
            before: std::mem::replace(&mut self.mark, until),
            until,
        }
    }

    /// Ends a hold: turns go on from the mark before it, or, if a turn was handed on when
    /// the hold ran out, from where that turn said.
    pub(crate) fn end_hold(&mut self, held: Held) {
        if self.mark == held.until {
            self.mark = held.before;
        }
    }

    /// Counts `n` more work.
    pub(super) fn add(&mut self, n: usize) {
        self.spent = self.spent.saturating_add(n);
    }

    /// Whether the search must stop now: past its most, or told to by whoever takes turns.
    pub(super) fn must_stop(&mut self) -> bool {
        if self.stopped || self.spent > self.most {
            return true;
        }
        // One turn a step at most: a mark already passed is asked at the next step.
        if self.spent >= self.mark {
            let Some(next) = self.turns.as_mut().and_then(|turns| turns.turn(self.spent)) else {
                self.stopped = true;
                return true;
            };
            self.mark = next;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::Work;
    use crate::games::manipulation::solver::tests::Counted;

    #[test]
    fn a_hold_on_the_turns_runs_out_after_its_moves_and_ends_where_it_was_asked_to() {
        // A turn is due at once; the hold puts it off for 100 moves.
        let mut turns = Counted(0);
        let mut work = Work::taking_turns(&mut turns, 0);
        let held = work.hold_turns_for(100);
        work.add(99);
        assert!(!work.must_stop());
        work.add(1);
        assert!(!work.must_stop());
        // The hold ran out and a turn was handed on: it says where the next one is.
        work.end_hold(held);
        work.add(1);
        assert!(!work.must_stop());
        assert_eq!(turns.0, 2);
        // A hold ended before it runs out: the turn put off comes at once.
        let mut turns = Counted(0);
        let mut work = Work::taking_turns(&mut turns, 0);
        let held = work.hold_turns_for(100);
        work.add(5);
        assert!(!work.must_stop());
        work.end_hold(held);
        assert!(!work.must_stop());
        assert_eq!(turns.0, 1);
        // Without turns, a hold never stops the search.
        let mut alone = Work::default();
        let held = alone.hold_turns_for(10);
        alone.add(100);
        assert!(!alone.must_stop());
        alone.end_hold(held);
        assert!(!alone.must_stop());
    }
}
