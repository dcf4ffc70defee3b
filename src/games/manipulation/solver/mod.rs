//! The solver: the best legal play of a hand onto a table ([`solve`]), and whether a pile
//! of cards can all be laid as melds ([`arrange`]).
//!
//! Both are exact, by two methods that take turns (`best_layout`): an integer program of
//! the play (`ilp`, made of rows, `row`, and solved by its own branch and bound over a dual
//! simplex, `simplex`), and a search (`search`): a dynamic program over ranks, ace to king
//! and on to the high ace, one face (rank and suit) at a time, that counts cards rather
//! than naming them. The search's parts:
//! - `pool`: the cards by face, those that must be laid and those that may, with rule M4
//!   turned into counts (pinned jokers, released jokers);
//! - `state`: the state between faces, packed in a u64, and which runs beat which;
//! - `suit_move`: one face's decision, the step from a state to the next;
//! - `faces`: every way to lay one face's cards;
//! - `profile`: the first pass when aces can go high, choosing the aces set aside;
//! - `passes`: the questions asked of a search, and the pass that records the decisions;
//! - `dominance`: dropping beaten states;
//! - `work`: how much a search may do, in moves tried, and the turns it hands on;
//! - `layout`: the winning counts laid out as melds, loose jokers put on them;
//! - `keep`: the table after a play, with the melds away from the play kept as they were.

// The search's passes keep one shape of signature (methods on the search, small arrays by
// reference) so the hot loops read alike; these pedantic lints would change nothing measured.
#![allow(
    clippy::unused_self,
    clippy::trivially_copy_pass_by_ref,
    clippy::needless_pass_by_value
)]

mod dominance;
mod faces;
mod ilp;
mod keep;
mod layout;
mod memory;
mod passes;
mod pool;
mod profile;
mod row;
mod search;
mod simplex;
mod state;
mod suit_move;
mod work;
mod zero_half;

use crate::card::{Card, CardCounts, HandCard, TableCard};
use crate::deck::Deck;
use crate::error::Error;
use crate::games::manipulation::meld::MeldRules;
use crate::games::manipulation::moves;
use crate::games::manipulation::rules::Rules;
use crate::games::manipulation::scoring::card_value;
use crate::games::manipulation::table::{Hand, Meld, Table};
use layout::Layout;
use passes::best_plan_working;
use pool::{Pool, RANKS, SUITS, face};
use search::{Config, Jokers, Limits, Outcome, Plan};
use work::{Turns, Work};

/// The best play: the cards to play, the table they make, and what is left in hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The hand cards played, in the hand's order. Empty when playing nothing is best.
    pub played: Vec<HandCard>,
    /// The hand cards kept, in the hand's order.
    pub left: Vec<HandCard>,
    /// The table after the play (the table as it was when nothing is played). Melds the
    /// play leaves as they were come first, in their old order.
    pub table: Table,
    /// Per meld of `table`: true when the play made or changed it.
    pub changed: Vec<bool>,
    /// The value of the cards left in hand.
    pub deadwood: u32,
    /// `deadwood` is within the knock limit.
    pub can_knock: bool,
}

/// The best legal play of `hand` onto `table`: the least deadwood left in hand, then the
/// most cards played; playing nothing when nothing helps. Every table card stays on the
/// table (M1), every joker keeps its card unless a real one releases it (M4); hand jokers
/// stand for whatever card helps.
///
/// A table and hand that together hold more of a card than the deck does are not a real
/// position: they are refused, naming the card, rather than answered "play nothing".
pub fn solve(table: &Table, hand: &Hand, rules: &Rules, deck: Deck) -> Result<Solution, Error> {
    solve_by(table, hand, rules, deck, best_layout)
}

/// Each of [`solve`]'s two exact methods alone, for the bench: it times them apart from
/// the turns they take, and the quicker of the two on each position is what a perfect
/// choice of method would cost. Not a way to solve: [`solve`] is quicker than either.
#[doc(hidden)]
pub mod methods {
    use super::{
        Solution, Work, best_searched_layout, play_pool, programmed_layout, searched_layout,
        solve_by,
    };
    use crate::deck::Deck;
    use crate::error::Error;
    use crate::games::manipulation::rules::Rules;
    use crate::games::manipulation::table::Hand;
    use crate::games::manipulation::table::Table;

    /// One of the two methods.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Method {
        /// The rank search.
        Search,
        /// The integer program, solved to the end (the search where the program can't
        /// take the pool: a house joker value in the thousands).
        Program,
    }

    /// [`super::solve`] by `method` alone.
    pub fn solve_alone(
        method: Method,
        table: &Table,
        hand: &Hand,
        rules: &Rules,
        deck: Deck,
    ) -> Result<Solution, Error> {
        let lay_out = match method {
            Method::Search => best_searched_layout,
            Method::Program => programmed_layout,
        };
        solve_by(table, hand, rules, deck, lay_out)
    }

    /// The moves the search alone tries on a position (its measure of work, see
    /// `work::Work`). Unlike its time, this is the same on every run and every machine,
    /// so a change to the search can be judged free of a shared machine's noise.
    pub fn search_work(
        table: &Table,
        hand: &Hand,
        rules: &Rules,
        deck: Deck,
    ) -> Result<usize, Error> {
        let mut work = Work::default();
        if let Some((pool, config, meld_rules)) = play_pool(table, hand, rules, deck)? {
            searched_layout(&pool, &config, meld_rules, &mut work);
        }
        Ok(work.spent)
    }

    /// What the program alone spends on a position, solved to the end: its simplex pivots,
    /// and its effort (see `simplex::BranchAndBound::effort`), what its turns are measured
    /// in. Both are the same on every run, so two builds of the program compare free of the
    /// machine's noise (0 where the program can't take the pool).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    pub struct ProgramWork {
        pub pivots: u64,
        pub effort: u64,
    }

    /// [`ProgramWork`] of a position.
    pub fn program_work(
        table: &Table,
        hand: &Hand,
        rules: &Rules,
        deck: Deck,
    ) -> Result<ProgramWork, Error> {
        let Some((pool, config, meld_rules)) = play_pool(table, hand, rules, deck)? else {
            return Ok(ProgramWork::default());
        };
        Ok(super::ilp::Program::new(&pool, &config).map_or_else(
            ProgramWork::default,
            |mut program| ProgramWork {
                pivots: program.pivots_to_the_end(meld_rules),
                effort: program.effort(),
            },
        ))
    }
}

/// [`solve`], laying the pool out by `method`.
fn solve_by(
    table: &Table,
    hand: &Hand,
    rules: &Rules,
    deck: Deck,
    method: fn(&Pool, &Config, MeldRules) -> Option<Layout>,
) -> Result<Solution, Error> {
    let nothing = Solution::nothing(table, hand, rules);
    // Every search of this solve works in the same memory, freed when it ends.
    let _tables = memory::Tables::kept_for_a_solve();
    let Some((pool, config, meld_rules)) = play_pool(table, hand, rules, deck)? else {
        return Ok(nothing);
    };
    let Some(layout) = method(&pool, &config, meld_rules) else {
        return Ok(nothing);
    };
    if layout.played.is_empty() {
        return Ok(nothing);
    }
    let after = keep::lay_with_least_change(table, &layout, &config, meld_rules);
    let legal = moves::judge(table, Some(hand), &after, meld_rules, deck)
        .is_ok_and(|verdict| verdict.is_legal());
    if !legal {
        return Ok(nothing);
    }
    Ok(Solution::after_play(
        table,
        hand,
        after,
        &layout.played,
        rules,
    ))
}

/// The pool a play of `hand` onto `table` is searched in, and the rules it is searched
/// by; `None` for an empty hand (nothing to play). A table and hand that together hold more
/// of a card than the deck does are refused.
fn play_pool(
    table: &Table,
    hand: &Hand,
    rules: &Rules,
    deck: Deck,
) -> Result<Option<(Pool, Config, MeldRules)>, Error> {
    let together = CardCounts::of(
        table
            .cards()
            .map(TableCard::physical)
            .chain(hand.cards().iter().copied()),
    );
    deck.check_counts(&together, " in the table and the hand together")?;
    if hand.is_empty() {
        return Ok(None);
    }
    let meld_rules = MeldRules::new(rules, deck);
    Ok(Some((
        Pool::for_play(table, hand),
        config(rules, meld_rules),
        meld_rules,
    )))
}

/// Lays out all of `cards` as legal melds, every joker with its stated card, or `None` when
/// no layout exists. A pile holding more of a card than the deck does has none.
pub fn arrange(cards: &[HandCard], rules: &Rules, deck: Deck) -> Option<Table> {
    let meld_rules = MeldRules::new(rules, deck);
    deck.check_counts(&CardCounts::of(cards.iter().copied()), "")
        .ok()?;
    let pool = Pool::for_arrangement(cards);
    let config = config(rules, meld_rules);
    // Any layout will do. The search finds most in one pass, with every joker loose; the
    // program's relaxation settles the rest (and proves a pile has none) where the search
    // would walk every rank of a big pile.
    let mut budget = QUICK_LAYOUT_WORK;
    let quick = keep::layout_with(&pool, &config, meld_rules, 0, &mut budget)
        .and_then(|layout| checked_table(layout, cards, meld_rules));
    if quick.is_some() {
        return quick;
    }
    let layout = match ilp::best_play(&pool, &config, meld_rules) {
        Ok(play) => play.layout,
        Err(ilp::NoPlay::Impossible) => return None,
        Err(ilp::NoPlay::Failed) => {
            searched_layout(&pool, &config, meld_rules, &mut Work::default()).layout()?
        }
    };
    checked_table(layout, cards, meld_rules)
}

/// The table of a layout of `cards`, melds in order, if every meld is legal and it lays
/// exactly those cards.
fn checked_table(layout: Layout, cards: &[HandCard], meld_rules: MeldRules) -> Option<Table> {
    let mut melds = into_melds(layout.melds, meld_rules);
    melds.sort_by_key(keep::order_key);
    let table = Table::new(melds);
    let laid = CardCounts::of(table.cards().map(TableCard::physical));
    let all_legal = table.melds().iter().all(|m| m.judge(meld_rules).is_ok());
    (all_legal && laid == CardCounts::of(cards.iter().copied())).then_some(table)
}

/// The cards of a pile that are in no meld the pile could make, even with all its jokers:
/// why a pile has no arrangement, when it is that plain. In card order, each once.
pub fn cards_in_no_meld(cards: &[HandCard], rules: &Rules, deck: Deck) -> Vec<Card> {
    let meld_rules = MeldRules::new(rules, deck);
    let pool = Pool::for_arrangement(cards);
    let config = config(rules, meld_rules);
    let mut loners: Vec<Card> = ilp::faces_in_no_meld(&pool, &config, u32::from(pool.must_wild))
        .into_iter()
        .filter_map(|(rank, suit)| face(rank, suit))
        .collect();
    loners.sort();
    loners
}

/// Per meld of `after`: true unless it is one of `before`'s melds, card for card (each
/// meld of `before` answers for one meld of `after`).
pub fn changed_melds(before: &Table, after: &Table) -> Vec<bool> {
    let mut unmatched: Vec<&Meld> = before.melds().iter().collect();
    after
        .melds()
        .iter()
        .map(|meld| match unmatched.iter().position(|m| *m == meld) {
            Some(at) => {
                unmatched.swap_remove(at);
                false
            }
            None => true,
        })
        .collect()
}

impl Solution {
    fn nothing(table: &Table, hand: &Hand, rules: &Rules) -> Solution {
        let deadwood = value_of(hand.cards(), rules);
        Solution {
            played: Vec::new(),
            left: hand.cards().to_vec(),
            table: table.clone(),
            changed: vec![false; table.melds().len()],
            deadwood,
            can_knock: deadwood <= rules.knock_limit,
        }
    }

    fn after_play(
        before: &Table,
        hand: &Hand,
        after: Table,
        played: &[HandCard],
        rules: &Rules,
    ) -> Solution {
        let mut to_play = played.to_vec();
        let mut in_order = Vec::new();
        let mut left = Vec::new();
        for card in hand.cards() {
            match to_play.iter().position(|c| c == card) {
                Some(at) => {
                    to_play.swap_remove(at);
                    in_order.push(*card);
                }
                None => left.push(*card),
            }
        }
        let deadwood = value_of(&left, rules);
        Solution {
            played: in_order,
            left,
            changed: changed_melds(before, &after),
            table: after,
            deadwood,
            can_knock: deadwood <= rules.knock_limit,
        }
    }
}

/// The most work the quick search for any layout of a pile may do (see [`Work`]) before
/// the program is asked.
const QUICK_LAYOUT_WORK: usize = 500_000;

/// The best play of a pool, laid out.
///
/// Two exact methods, each quick where the other is slow. The rank search answers at once
/// when the whole pool can be laid with no joker placed where a meld needs it (most real
/// positions let the hand go out so): it asks that first, handing no turn on until it
/// knows or has tried [`HOLD_OUT_QUESTION`] moves, and the program is built only for its
/// first turn. Otherwise the search's proof
/// that nothing better exists grows with the places a joker could fill, while the integer
/// program (`ilp`) bounds what can still be played by its linear relaxation, and often
/// settles within a few hundred pivots; but on some positions its branch and bound wanders
/// where the search is quick. Neither can be told beforehand, so they take turns
/// ([`ProgramTurns`]): the search first, until it has asked whether the hand goes out (see
/// [`FIRST_WORK`]), then the program (see [`FIRST_EFFORT`]), then the search again for as
/// long, then each in turn, each program turn twice the last, each going on where it
/// stopped: whichever finishes first answers, at most a few times the cost of the quicker
/// alone. Work, not time, so the answer (and its layout) is the same on every run. If the
/// program fails (a numerical failure of its solver), the search answers alone.
pub(crate) fn best_layout(pool: &Pool, config: &Config, rules: MeldRules) -> Option<Layout> {
    let mut turns = ProgramTurns {
        pool,
        config,
        program: None,
        rules,
        effort: FIRST_EFFORT,
        answer: None,
    };
    // The search goes first: it answers at once most positions that go out.
    let searched = searched_layout(
        pool,
        config,
        rules,
        &mut Work::taking_turns(&mut turns, FIRST_WORK),
    );
    match (turns.answer, searched) {
        (Some(answer), _) => answer.ok(),
        (None, searched) => searched.layout(),
    }
}

/// The best play of a pool by the rank search alone.
fn best_searched_layout(pool: &Pool, config: &Config, rules: MeldRules) -> Option<Layout> {
    searched_layout(pool, config, rules, &mut Work::default()).layout()
}

/// The best play of a pool by the integer program alone, solved to the end (by the search
/// where the program can't take the pool or fails).
fn programmed_layout(pool: &Pool, config: &Config, rules: MeldRules) -> Option<Layout> {
    match ilp::best_play(pool, config, rules) {
        Ok(play) => Some(play.layout),
        Err(ilp::NoPlay::Impossible) => None,
        Err(ilp::NoPlay::Failed) => best_searched_layout(pool, config, rules),
    }
}

/// The integer program taking turns with the search: at each of the search's marks it
/// solves on for its turn's effort, then gives the search as many moves as that effort is
/// worth ([`EFFORT_A_MOVE`]), each program turn twice the last.
struct ProgramTurns<'a> {
    pool: &'a Pool,
    config: &'a Config,
    /// Built for its first turn: most positions go out within the search's first.
    program: Option<ilp::Program<'a>>,
    rules: MeldRules,
    /// The program's next turn, in simplex effort (see `ilp::Program::effort`).
    effort: u64,
    /// The program's answer, once it has one (a play, or that there is none): the search
    /// then stops.
    answer: Option<Result<Layout, ilp::NoPlay>>,
}

impl Turns for ProgramTurns<'_> {
    fn turn(&mut self, spent: usize) -> Option<usize> {
        if self.program.is_none() {
            self.program = ilp::Program::new(self.pool, self.config);
        }
        let Some(program) = self.program.as_mut() else {
            // A program the solver can't take: the search goes on alone.
            return Some(usize::MAX);
        };
        let before = program.effort();
        let progress = program.advance(self.effort, self.rules);
        // The search's turn is worth what the program's took, which may end a little past
        // its effort.
        let taken = program.effort() - before;
        let moves = usize::try_from(taken / EFFORT_A_MOVE).unwrap_or(usize::MAX);
        self.effort = self.effort.saturating_mul(2);
        match progress {
            ilp::Progress::Solved(Ok(play)) => {
                self.answer = Some(Ok(play.layout));
                None
            }
            ilp::Progress::Solved(Err(ilp::NoPlay::Impossible)) => {
                self.answer = Some(Err(ilp::NoPlay::Impossible));
                None
            }
            // The program failed: the search goes on alone.
            ilp::Progress::Solved(Err(ilp::NoPlay::Failed)) => Some(usize::MAX),
            ilp::Progress::Unfinished => Some(spent.saturating_add(moves.max(1))),
        }
    }
}

/// The search's first turn, in moves tried over all its passes (see [`Work`]), once it
/// knows whether the hand goes out with every joker loose (it hands no turn on before,
/// up to [`HOLD_OUT_QUESTION`] moves):
/// about 0.02 ms more. It is cut short when the search finds the hand can't go out
/// ([`Work::hand_over`]): the program then takes its turn at once.
///
/// Most positions that go out are answered by that first question, so what is left of the
/// turn serves the positions that keep cards, where the program is the quicker at the
/// median on every hard set. Measured over every class of the bench (each against the
/// last, interleaved): 20,000 moves take 5 to 19% off the hard sets against 50,000, 10,000
/// a further 1 to 9%, 3,000 a further 3 to 11% but add a fifth to the duplicates class, and
/// 5,000 keeps the duplicates as they were and most of the rest. Since the search guesses
/// the aces set aside ([`search`]), 1,000 takes 4% off the median and 3% off the max
/// against 5,000 (geometric mean over every class; up to a tenth off some hard sets, the
/// duplicates as they were); 300 and none at all measure the same as 1,000, and 20,000
/// and 50,000 add 4%.
const FIRST_WORK: usize = 1_000;

/// The program's first turn, in simplex effort (the square of the rows summed over the
/// pivots): about 1,000 pivots of a full-scale program. Most hard positions settle within
/// it, and most of those the search is slow on.
const FIRST_EFFORT: u64 = 3_000_000;

/// The simplex effort a search move is worth: about the ratio of their times within `solve`
/// on the slowest climbed position, four times their ratio timed alone, so that the
/// search's turn after each of the program's takes about as long. Measured in
/// docs/solver-speed.md, with the ratio timed alone, a quarter of it, and why not that.
const EFFORT_A_MOVE: u64 = 32;

/// What a search within a budget gives.
enum Searched {
    Done(Option<Layout>),
    OutOfWork,
}

impl Searched {
    /// The layout found; none when the search stopped before it finished.
    fn layout(self) -> Option<Layout> {
        match self {
            Searched::Done(layout) => layout,
            Searched::OutOfWork => None,
        }
    }
}

/// The best play of a pool by the rank search alone, all its searches doing their work on
/// `work`.
///
/// Jokers are mostly loose (any finished meld takes them), and a joker laid where a meld
/// needs it multiplies the search's work, so the search first asks the cheap questions: a
/// play that keeps nothing in hand with every joker loose, then with one joker laid where
/// needed, then (when those two were quick) two. Failing those, it finds a good play
/// quickly by a narrow search, and then the best play with every joker that may be laid
/// where needed, looking only at plays at least as good as the good one
/// ([`best_needed_plan`]); a good play that keeps nothing needs no such search. The rare
/// play whose loose jokers find no room is searched again with jokers placed anywhere.
///
/// The search reads the ranks up from the ace, or down from the king when the low ranks
/// are the more crowded ([`reads_down`]).
fn searched_layout(
    pool: &Pool,
    config: &Config,
    rules: MeldRules,
    work: &mut Work<'_>,
) -> Searched {
    if !reads_down(pool) {
        return searched_layout_up(pool, config, rules, work);
    }
    let (pool, config) = (pool.mirrored(config.aces_high), config.mirrored());
    match searched_layout_up(&pool, &config, rules, work) {
        Searched::Done(layout) => {
            Searched::Done(layout.map(|layout| layout.mirrored(config.aces_high)))
        }
        Searched::OutOfWork => Searched::OutOfWork,
    }
}

/// Whether the search should read the ranks down from the king: when the pool holds more
/// cards of the five lowest ranks (ace to 5) than of the five highest (9 to king).
///
/// The search's work grows with the ways the cards it has read could lie, and it prunes
/// those ways best once it knows what the play must keep and how the runs and jokers stand.
/// Read last, a crowded end meets a search already narrowed; read first, it multiplies
/// every way at once, and when the low end is crowded the aces set aside for the top of
/// their runs multiply it again. Measured on the bench's hard sets, this choice is within
/// 15% of the quicker reading at the median (reading up alone was up to 10 times slower).
fn reads_down(pool: &Pool) -> bool {
    let cards = |ranks: std::ops::Range<usize>| -> u32 {
        ranks
            .flat_map(|rank| {
                (0..SUITS).map(move |suit| {
                    u32::from(pool.must_real[rank][suit])
                        + u32::from(pool.optional_real[rank][suit])
                        + u32::from(pool.pinned[rank][suit])
                })
            })
            .sum()
    };
    cards(0..5) > cards(8..RANKS)
}

/// [`searched_layout`], reading up from the ace.
fn searched_layout_up(
    pool: &Pool,
    config: &Config,
    rules: MeldRules,
    work: &mut Work<'_>,
) -> Searched {
    match best_needed_plan(pool, config, work) {
        Ok(plan) => {
            if let Some(layout) = layout::lay_out(pool, &plan, config, Jokers::Needed, rules) {
                return Searched::Done(Some(layout));
            }
        }
        Err(Outcome::Impossible) => return Searched::Done(None),
        Err(Outcome::OutOfWork) => return Searched::OutOfWork,
        Err(_) => {}
    }
    match best_plan_working(pool, config, Jokers::Placed, Limits::NONE, work) {
        Outcome::Found(plan) => {
            Searched::Done(layout::lay_out(pool, &plan, config, Jokers::Placed, rules))
        }
        Outcome::Impossible | Outcome::NoRoomSeen => Searched::Done(None),
        Outcome::OutOfWork => Searched::OutOfWork,
    }
}

/// How many states the narrow search for a good play keeps after each rank
/// ([`passes::good_value`]). Measured over every class of the bench in moves tried: 32
/// takes 15% off the search's work in all (half on one hard set); 8 to 24 and 48 to 64
/// take 10 to 14% off (narrower finds poorer plays, which bound the exact search less;
/// wider costs more), and 128 adds 3%.
const GOOD_PLAY_BEAM: usize = 32;

/// The best play with jokers laid only where needed (see [`searched_layout`]).
///
/// When the hand can't go out, the best play with jokers laid where needed is searched at
/// once, bounded by a good play a narrow search finds: on hard positions each joker laid
/// where needed lays about one more card, so the best plays with fewer such jokers (the
/// stages before) bound it by about a card's value less closely, and cost a quarter to a
/// third of the search. A good play that keeps nothing (the question whether the hand goes
/// out with two jokers laid where needed was not asked) is as good as the best: a narrow
/// search lays one out. When the narrow search finds nothing, the stages run as before:
/// the best play with every joker loose, then with one joker laid where needed, then two,
/// each bounded by the last.
fn best_needed_plan(pool: &Pool, config: &Config, work: &mut Work<'_>) -> Result<Plan, Outcome> {
    let search = |needed_jokers, most_left, work: &mut Work<'_>| {
        let limits = Limits {
            needed_jokers,
            most_left,
        };
        best_plan_working(pool, config, Jokers::Needed, limits, work)
    };
    let total = optional_value(pool, config);
    let kept = |plan: &Plan| total.saturating_sub(plan.played_value);
    let most_needed = u8::try_from(pool.wild_jokers().min(2)).unwrap_or(2);
    // Plays that keep nothing in hand, with no joker laid where needed, then one, then two
    // (unless the first two took long: see ASK_OUT_WITH_TWO_UP_TO).
    let asking_from = work.spent;
    for needed_jokers in 0..=most_needed {
        if needed_jokers == 2 && work.spent - asking_from >= ASK_OUT_WITH_TWO_UP_TO {
            break;
        }
        // Whether the hand goes out with every joker loose is answered before any turn is
        // handed on, unless it takes long (see HOLD_OUT_QUESTION): most positions go out
        // so, and the program need not be built.
        let held = (needed_jokers == 0).then(|| work.hold_turns_for(HOLD_OUT_QUESTION));
        let outcome = search(needed_jokers, Some(0), work);
        if let Some(held) = held {
            work.end_hold(held);
        }
        match outcome {
            Outcome::Found(plan) => return Ok(plan),
            Outcome::NoRoomSeen => return Err(Outcome::NoRoomSeen),
            Outcome::OutOfWork => return Err(Outcome::OutOfWork),
            Outcome::Impossible => {}
        }
    }
    // The hand can't go out: the program, quicker on most such positions, takes its turn.
    work.hand_over();
    if total == 0 && pool.optional_wild == 0 {
        // The searches above already were the best plays.
        return Err(Outcome::Impossible);
    }
    if most_needed > 0 {
        let limits = Limits {
            needed_jokers: most_needed,
            most_left: None,
        };
        if let Some(value) = passes::good_value(pool, config, limits, GOOD_PLAY_BEAM, work) {
            // The good play keeps no more than this, so the best keeps no more either.
            let most_left = total.saturating_sub(value);
            if most_left == 0 {
                // Every play that keeps nothing is as good as the best (it lays every hand
                // joker too): one found by a narrow search will do.
                let keeping_nothing = Limits {
                    needed_jokers: most_needed,
                    most_left: Some(0),
                };
                if let Some(plan) =
                    passes::narrow_plan(pool, config, keeping_nothing, GOOD_PLAY_BEAM, work)
                {
                    return Ok(plan);
                }
            }
            match search(most_needed, Some(most_left), work) {
                Outcome::Found(plan) => return Ok(plan),
                Outcome::NoRoomSeen => return Err(Outcome::NoRoomSeen),
                Outcome::OutOfWork => return Err(Outcome::OutOfWork),
                // Not to be: the good play is within the bound. The stages will tell.
                Outcome::Impossible => {}
            }
        }
    }
    let mut best = match search(0, None, work) {
        Outcome::Found(plan) => Some(plan),
        Outcome::NoRoomSeen => return Err(Outcome::NoRoomSeen),
        Outcome::OutOfWork => return Err(Outcome::OutOfWork),
        Outcome::Impossible => None,
    };
    for needed_jokers in 1..=most_needed {
        if best.as_ref().is_some_and(|plan| kept(plan) == 0) {
            break;
        }
        match search(needed_jokers, best.as_ref().map(kept), work) {
            Outcome::Found(plan) => {
                if best.as_ref().is_none_or(|b| better(&plan, b)) {
                    best = Some(plan);
                }
            }
            Outcome::NoRoomSeen => return Err(Outcome::NoRoomSeen),
            Outcome::OutOfWork => return Err(Outcome::OutOfWork),
            Outcome::Impossible => {}
        }
    }
    best.ok_or(Outcome::Impossible)
}

/// The most moves the question whether the hand goes out with every joker loose holds
/// the turns for (besides its guesses at the aces set aside, which hold them throughout).
///
/// Most positions that go out so are answered within a few thousand moves, and the
/// program need not be built; a question that takes longer is mostly one whose answer is
/// no, which the program settles in its first turn. Measured over every class of the bench
/// against no limit: 10,000 took 4% off the medians (geometric mean), the hill-climbed
/// `aspiration` set 0.99 ms to 0.64, `fewer instructions` 1.26 to 0.63 and `good play
/// first` 0.78 to 0.65, the rest as they were; 20,000 took less off, and 30,000 or 50,000
/// nothing. Once the program's pivots were perturbed, vectorized and refactored less often,
/// 2,000 took a further 6% off the medians against 10,000 (the window tables' 0.27 ms to
/// 0.22, the hill-climbed `aspiration` 0.63 to 0.49, `aces guessed` 0.79 to 0.66) and 2% off
/// the maxima; holding nothing at all took a little more off the medians but nearly
/// quadrupled the duplicates' max (0.15 ms to 0.56), positions the question answers in a
/// few hundred moves.
const HOLD_OUT_QUESTION: usize = 2_000;

/// The most work (see [`Work`]) the questions whether the hand goes out with no joker laid
/// where a meld needs it, then with one, may take for the same question with two to be
/// asked too.
///
/// Each joker laid where needed multiplies a search's work, so where the first two questions
/// took long the third takes several times as long; and it need not be asked, since the
/// search for the best play after it answers it too (a play that keeps nothing is within
/// any bound). Where the first two were quick, the third is quick as well, and it spots a
/// hand that goes out before the search for a good play is paid for. Measured in moves
/// over every class (with a good play that keeps nothing laid out by a narrow search, see
/// [`best_needed_plan`]): skipping it past this cuts the hard sets' work by 1% to 21% per
/// set and their maxima by up to a third, and no class does more; skipping it always also
/// saves 2% to 5% on sparse tables and duplicates but costs the window tables 10%.
const ASK_OUT_WITH_TWO_UP_TO: usize = 10_000;

/// What cards count in hand (saturating: a house joker value may be huge).
fn value_of(cards: &[HandCard], rules: &Rules) -> u32 {
    cards
        .iter()
        .map(|c| card_value(*c, rules))
        .fold(0, u32::saturating_add)
}

/// Whether play `a` beats play `b`: more value, then more cards.
fn better(a: &Plan, b: &Plan) -> bool {
    (a.played_value, a.played_count) > (b.played_value, b.played_count)
}

/// The value of every real card the pool may play.
fn optional_value(pool: &Pool, config: &Config) -> u32 {
    let mut value = 0;
    for (rank, row) in pool.optional_real.iter().enumerate() {
        for n in row {
            value += config.rank_values[rank] * u32::from(*n);
        }
    }
    value
}

fn config(rules: &Rules, meld_rules: MeldRules) -> Config {
    let mut rank_values = [0; RANKS];
    for (rank, value) in rank_values.iter_mut().enumerate() {
        *value = face(rank, 0).map_or(0, |card| card_value(HandCard::Real(card), rules));
    }
    Config {
        aces_high: meld_rules.aces_high,
        two_aces_in_a_run: meld_rules.two_aces_in_a_run,
        rank_values,
        joker_value: rules.joker_value,
    }
}

fn into_melds(melds: Vec<Vec<TableCard>>, rules: MeldRules) -> Vec<Meld> {
    melds
        .into_iter()
        .map(|cards| Meld::new(cards, rules))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn pile(text: &str) -> Vec<HandCard> {
        Hand::parse(text, Deck::for_players(3).expect("a deck"))
            .expect("a hand")
            .cards()
            .to_vec()
    }

    fn named(text: &str, rules: &Rules) -> String {
        let deck = Deck::for_players(3).expect("a deck");
        let cards: Vec<String> = cards_in_no_meld(&pile(text), rules, deck)
            .iter()
            .map(ToString::to_string)
            .collect();
        cards.join(" ")
    }

    /// A position whose best play keeps cards in hand, on a table of duplicates and jokers,
    /// where the search's proof takes many passes (from the bench's hard set).
    fn hard_pool() -> (Pool, Config, MeldRules) {
        pool_of(
            "6s 7s 8s 9s | Js Jh Jd Jc | 6s 7s 8s 9s 10s Js | 4d 5d 6d 7d 8d 9d | As Ah Ad Ac \
             | 7h 8h 9h 10h | 4s 4h 4d 4c | As Ah Ad Ac | 10h Jh Qh Kh | 6d 7d 8d 9d",
            "Ks Kh 2h * 7c 10c 2h 4c Kd Kc 5h Qh 3c 4s 3d 9h 10d 3h 7c 10c Qd * 5d",
        )
    }

    /// Counts the turns a search hands on, and goes on at once.
    pub(super) struct Counted(pub(super) usize);

    impl Turns for Counted {
        fn turn(&mut self, spent: usize) -> Option<usize> {
            self.0 += 1;
            Some(spent + 1)
        }
    }

    /// A full-scale table and hand that goes out only with aces laid high (in every
    /// screened hard set of the bench since `own simplex`).
    pub(super) const GOES_OUT_WITH_ACES_HIGH: (&str, &str) = (
        "8d 9d 10d Jd Qd | 4h 5h 6h 7h 8h 9h | Ah 2h 3h | 2h 3h 4h 5h | Ac 2c 3c 4c 5c 6c 7c \
         | 8s 9s 10s | Ks Kh Kd Kc | 3d 4d 5d 6d 7d | Ad 2d 3d 4d | 6h 6d 6c | 10s Js Qs Ks \
         | *7h 8h 9h 10h Jh Qh Kh | 6s 7s 8s | 9s 9d 9c | Js Jh Jd | 9c 10c Jc Qc \
         | 10h 10d 10c | Jc Qc Kc Ac | *As 2s 3s 4s 5s 6s 7s",
        "Kd As 5s 7d 8d 8c 5d 8c Ah As 2d Qs Ad 2c 5c 3c 4s",
    );

    /// The pool, search configuration and meld rules of a play of `hand` onto `table`
    /// (three players, default rules).
    pub(super) fn pool_of(table: &str, hand: &str) -> (Pool, Config, MeldRules) {
        let deck = Deck::for_players(3).expect("a deck");
        let rules = Rules::default();
        let meld_rules = MeldRules::new(&rules, deck);
        let table = Table::parse(table, meld_rules, deck).expect("a table");
        let hand = Hand::parse(hand, deck).expect("a hand");
        play_pool(&table, &hand, &rules, deck)
            .expect("a real position")
            .expect("a hand")
    }

    /// A play searched both ways: up from the ace, and down from the king (the pool
    /// mirrored, the play mirrored back). Returns the value each leaves in hand, and checks
    /// that the play read down lays the table's and the played cards in legal melds.
    fn both_readings(table: &str, hand: &str, rules: &Rules) -> (u32, u32) {
        let deck = Deck::for_players(3).expect("a deck");
        let meld_rules = MeldRules::new(rules, deck);
        let table = Table::parse(table, meld_rules, deck).expect("a table");
        let hand = Hand::parse(hand, deck).expect("a hand");
        let pool = Pool::for_play(&table, &hand);
        let config = config(rules, meld_rules);
        let kept =
            |layout: &Layout| value_of(hand.cards(), rules) - value_of(&layout.played, rules);
        let up = searched_layout_up(&pool, &config, meld_rules, &mut Work::default())
            .layout()
            .expect("a play reading up");
        let mirrored = (pool.mirrored(config.aces_high), config.mirrored());
        let down = searched_layout_up(&mirrored.0, &mirrored.1, meld_rules, &mut Work::default())
            .layout()
            .expect("a play reading down")
            .mirrored(config.aces_high);
        let mut laid: Vec<HandCard> = table.cards().map(TableCard::physical).collect();
        laid.extend(down.played.iter().copied());
        let kept_down = kept(&down);
        assert!(
            checked_table(down, &laid, meld_rules).is_some(),
            "the play read down is not a legal layout of the cards"
        );
        (kept(&up), kept_down)
    }

    #[test]
    fn reading_down_from_the_king_finds_as_good_a_play_as_reading_up() {
        let crowded_low = (
            "Qs Ks As | As Ah *Ad Ac | 3s 3h 3d | 6s 7s 8s 9s | 2s 2h 2d 2c | *4s 4h 4d 4c \
             | 5s 5h 5d 5c | 4c 5c 6c 7c 8c | 7h 8h 9h 10h Jh Qh | 5s 5h 5d | 10s 10d 10c",
            "Ah 3d 6h 3s 4s Jc 3h Ad 4s Ad 2d 4d Ks 2h Kc 7h 7d Jh 10d 7c 3c Kc 4h 7d 3c",
        );
        let runs_through_the_aces = (
            "Qh Kh Ah | Ah 2h 3h | Js Qs Ks As | As 2s 3s 4s | 7c 7d 7h",
            "Kh Ac 2c Qc Kc Jh 3c 9d",
        );
        for aces_low_only in [false, true] {
            let rules = Rules {
                aces_low_only,
                ..Rules::default()
            };
            for (table, hand) in [crowded_low, runs_through_the_aces] {
                if aces_low_only && table.contains("Ks As") {
                    continue;
                }
                let (up, down) = both_readings(table, hand, &rules);
                assert_eq!(up, down, "aces low only: {aces_low_only}; {table}");
            }
        }
    }

    #[test]
    fn the_search_reads_down_when_the_low_ranks_are_the_more_crowded() {
        let deck = Deck::for_players(3).expect("a deck");
        let pool_of = |table: &str, hand: &str| {
            let table = Table::parse(table, MeldRules::default(), deck).expect("a table");
            Pool::for_play(&table, &Hand::parse(hand, deck).expect("a hand"))
        };
        assert!(reads_down(&pool_of("As 2s 3s | 2h 2d 2c", "4h 5h 9c")));
        assert!(!reads_down(&pool_of("Js Qs Ks | 10h 10d 10c", "4h 5h 9c")));
        // Even: up, as the search always read.
        assert!(!reads_down(&pool_of("As 2s 3s | Js Qs Ks", "7h")));
    }

    #[test]
    fn the_search_work_of_a_position_is_the_same_every_run_and_grows_with_the_hand() {
        let deck = Deck::for_players(3).expect("a deck");
        let rules = Rules::default();
        let meld_rules = MeldRules::new(&rules, deck);
        let table = Table::parse("6s 7s 8s 9s | Js Jh Jd Jc | 4s 4h 4d 4c", meld_rules, deck)
            .expect("a table");
        let work = |hand: &str| {
            let hand = Hand::parse(hand, deck).expect("a hand");
            methods::search_work(&table, &hand, &rules, deck).expect("a position")
        };
        let small = work("5h 6h 7h");
        let big = work("Ks Kh 2h * 7c 10c 2h 4c Kd Kc 5h Qh 3c 4s 3d 9h 10d 3h");
        assert!(small > 0);
        assert!(big > 10 * small, "{big} moves against {small}");
        assert_eq!(
            work("Ks Kh 2h * 7c 10c 2h 4c Kd Kc 5h Qh 3c 4s 3d 9h 10d 3h"),
            big
        );
    }

    #[test]
    fn a_narrow_search_finds_a_play_no_better_than_the_best_and_a_full_width_one_the_best() {
        for aces_high in [true, false] {
            let (pool, mut config, _) = hard_pool();
            config.aces_high = aces_high;
            let limits = Limits {
                needed_jokers: 2,
                most_left: None,
            };
            let Outcome::Found(best) =
                best_plan_working(&pool, &config, Jokers::Needed, limits, &mut Work::default())
            else {
                panic!("the hard pool has a best play");
            };
            let good = |beam: usize| {
                passes::good_value(&pool, &config, limits, beam, &mut Work::default())
                    .expect("a good play")
            };
            let (narrow, full) = (good(GOOD_PLAY_BEAM), good(usize::MAX));
            assert_eq!(full, best.played_value, "aces high: {aces_high}");
            assert!(narrow <= best.played_value, "aces high: {aces_high}");
            // The narrow search misses the best here: it is a bound, not the answer.
            assert!(narrow < best.played_value, "aces high: {aces_high}");
        }
    }

    /// A position of the bench (three players, the default rules) in notation, and its pool
    /// as the search reads it: mirrored where it reads the ranks down.
    struct Read {
        table: Table,
        hand: Hand,
        rules: Rules,
        deck: Deck,
        pool: Pool,
        config: Config,
    }

    fn read_as_searched(table: &str, hand: &str) -> Read {
        let deck = Deck::for_players(3).expect("a deck");
        let rules = Rules::default();
        let table = Table::parse(table, MeldRules::new(&rules, deck), deck).expect("a table");
        let hand = Hand::parse(hand, deck).expect("a hand");
        let (pool, config, _) = play_pool(&table, &hand, &rules, deck)
            .expect("a real position")
            .expect("a hand");
        let (pool, config) = if reads_down(&pool) {
            (pool.mirrored(config.aces_high), config.mirrored())
        } else {
            (pool, config)
        };
        Read {
            table,
            hand,
            rules,
            deck,
            pool,
            config,
        }
    }

    #[test]
    fn a_hand_that_goes_out_only_with_two_jokers_laid_where_needed_is_found_unasked() {
        // From the bench's hard set: both pinned jokers are released by the hand's aces
        // and laid where melds need them; asking whether the hand goes out with none, then
        // one, takes long enough that the same question with two is not asked.
        let Read {
            table,
            hand,
            rules,
            deck,
            pool,
            config,
        } = read_as_searched(
            "*Ah 2h 3h | 2s 2h 2d 2c | 2s 3s 4s 5s 6s | 3d 4d 5d 6d | 8c 9c 10c Jc Qc Kc \
             | 5c 6c 7c 8c | Ac 2c 3c 4c | 10s 10h 10d | Qh Qd Qc | Ks Kh Kd Kc \
             | 3d 4d 5d 6d 7d | 8d 9d 10d Jd | 7s 7h 7d 7c | As *Ah Ad Ac",
            "As 5h Ks 3s 6c 2d 8h 9s 8d 10h Js 7s Jd Ah Ah Qs",
        );
        let goes_out_with = |needed_jokers| {
            let limits = Limits {
                needed_jokers,
                most_left: Some(0),
            };
            let mut work = Work::default();
            let outcome = best_plan_working(&pool, &config, Jokers::Needed, limits, &mut work);
            (matches!(outcome, Outcome::Found(_)), work.spent)
        };
        let ((none, none_work), (one, one_work)) = (goes_out_with(0), goes_out_with(1));
        assert!(!none && !one);
        assert!(none_work + one_work >= ASK_OUT_WITH_TWO_UP_TO);
        assert!(goes_out_with(2).0);

        let best = best_needed_plan(&pool, &config, &mut Work::default())
            .unwrap_or_else(|_| panic!("a play"));
        assert_eq!(best.played_value, optional_value(&pool, &config));
        let solution = solve(&table, &hand, &rules, deck).expect("a real position");
        assert!(solution.left.is_empty());
        assert_eq!(solution.deadwood, 0);
    }

    #[test]
    fn a_good_play_that_keeps_nothing_is_laid_out_by_a_narrow_search() {
        // From the bench: the hand goes out with its two jokers laid where melds need them;
        // the first two questions whether it goes out take long, so the third is not asked,
        // and the narrow search's good play keeps nothing.
        let Read {
            table,
            hand,
            rules,
            deck,
            pool,
            config,
        } = read_as_searched(
            "4s 4d 4c | 5h 6h 7h 8h 9h | 10h 10d 10c | 7s 7h 7d 7c | 3d 4d 5d 6d 7d 8d \
             | 2c 3c 4c | Ks Kd Kc | 2s 2h 2d | Qh Qd Qc | Kh Kd Kc | Js Jh Jc | 10h Jh Qh \
             | 6h 6d 6c | 3s 3h 3d 3c | 10d Jd Qd | As Ah Ad Ac | As Ah Ac | 6s 7s 8s",
            "5s 4h 10s 3s 4s 8s 3h 6c 9c 10s * * 9c 8h Ad Jd Js",
        );
        let keeping_nothing = Limits {
            needed_jokers: 2,
            most_left: Some(0),
        };
        let narrow = passes::narrow_plan(
            &pool,
            &config,
            keeping_nothing,
            GOOD_PLAY_BEAM,
            &mut Work::default(),
        )
        .expect("a play that keeps nothing");
        assert_eq!(narrow.played_value, optional_value(&pool, &config));

        // The exact search for a play that keeps nothing, asked after the good play, takes
        // 56,036 moves on its own; the answer comes without it, in 260,201 moves in all
        // (270,504 with it), most of them spent on the first two questions.
        let mut full = Work::default();
        let found = best_plan_working(&pool, &config, Jokers::Needed, keeping_nothing, &mut full);
        assert!(matches!(found, Outcome::Found(_)));
        let mut work = Work::at_most(265_000);
        let best = best_needed_plan(&pool, &config, &mut work)
            .unwrap_or_else(|_| panic!("found within 265,000 moves"));
        assert_eq!(best.played_value, optional_value(&pool, &config));
        let solution = solve(&table, &hand, &rules, deck).expect("a real position");
        assert!(solution.left.is_empty());
    }

    #[test]
    fn a_search_turn_stops_once_its_work_is_spent() {
        let (pool, config, rules) = hard_pool();
        let limits = Limits {
            needed_jokers: 2,
            most_left: None,
        };
        let mut work = Work::at_most(1_000);
        let outcome = best_plan_working(&pool, &config, Jokers::Needed, limits, &mut work);
        assert!(matches!(outcome, Outcome::OutOfWork));
        // It stops at the end of the step that went over: not far past its budget.
        assert!(
            work.spent > 1_000 && work.spent < 20_000,
            "spent {}",
            work.spent
        );
        assert!(matches!(
            searched_layout(&pool, &config, rules, &mut Work::at_most(1_000)),
            Searched::OutOfWork
        ));
    }

    #[test]
    fn the_passes_of_a_search_turn_share_one_budget() {
        let (pool, config, rules) = hard_pool();
        // Given just what its stages took together, the search answers; given one move
        // less, it stops, though each stage alone took far less.
        let mut staged = Work::default();
        assert!(best_needed_plan(&pool, &config, &mut staged).is_ok());
        assert!(matches!(
            searched_layout(&pool, &config, rules, &mut Work::at_most(staged.spent)),
            Searched::Done(Some(_))
        ));
        assert!(matches!(
            searched_layout(&pool, &config, rules, &mut Work::at_most(staged.spent - 1)),
            Searched::OutOfWork
        ));
    }

    #[test]
    fn the_search_is_given_a_turn_worth_the_programs_last_and_each_program_turn_doubles() {
        let (pool, config, rules) = hard_pool();
        let mut turns = ProgramTurns {
            pool: &pool,
            config: &config,
            program: None,
            rules,
            effort: 20_000,
            answer: None,
        };
        let mut spent = 5_000;
        let mut last_taken = 0;
        for turn in 0..3 {
            let before = turns.program.as_ref().map_or(0, ilp::Program::effort);
            let Some(next) = turns.turn(spent) else {
                panic!("the program finished its turn {turn}: give it less");
            };
            let taken = turns.program.as_ref().map_or(0, ilp::Program::effort) - before;
            let asked = 20_000 << turn;
            // A turn ends at the first pivot past its effort: never short of it, and not
            // more than a pivot past (a pivot's effort is the square of the rows).
            assert!(
                taken >= asked && taken < asked + 10_000,
                "{taken} for {asked}"
            );
            assert!(taken > last_taken);
            let moves = usize::try_from(taken / EFFORT_A_MOVE).expect("a count");
            assert_eq!(next - spent, moves);
            (spent, last_taken) = (next, taken);
        }
    }

    #[test]
    fn the_answer_and_its_layout_are_the_same_on_every_run() {
        // The turns are measured in work, not time: which method answers, and so the
        // layout, never depends on how quick the machine is.
        let (table, hand) = (
            "6s 7s 8s 9s | Js Jh Jd Jc | 6s 7s 8s 9s 10s Js | 4d 5d 6d 7d 8d 9d | As Ah Ad Ac \
             | 7h 8h 9h 10h | 4s 4h 4d 4c | As Ah Ad Ac | 10h Jh Qh Kh | 6d 7d 8d 9d",
            "Ks Kh 2h * 7c 10c 2h 4c Kd Kc 5h Qh 3c 4s 3d 9h 10d 3h 7c 10c Qd * 5d",
        );
        let deck = Deck::for_players(3).expect("a deck");
        let rules = Rules::default();
        let table = Table::parse(table, MeldRules::new(&rules, deck), deck).expect("a table");
        let hand = Hand::parse(hand, deck).expect("a hand");
        let first = solve(&table, &hand, &rules, deck).expect("a real position");
        for _ in 0..3 {
            assert_eq!(
                solve(&table, &hand, &rules, deck).expect("a real position"),
                first
            );
        }
    }

    /// Takes turns with a search, counting them, and stops it at its `stop_at`th turn.
    struct CountedTurns {
        marks: Vec<usize>,
        stop_at: usize,
    }

    impl Turns for CountedTurns {
        fn turn(&mut self, spent: usize) -> Option<usize> {
            self.marks.push(spent);
            (self.marks.len() < self.stop_at).then_some(spent + 1_000)
        }
    }

    #[test]
    fn a_search_taking_turns_goes_on_where_it_stopped() {
        let (pool, config, rules) = hard_pool();
        let mut alone = Work::default();
        let layout = searched_layout(&pool, &config, rules, &mut alone).layout();
        assert!(layout.is_some());
        // Handing the turn on every thousand moves, it does the same work and finds the
        // same play: it does not start again after a turn.
        let mut turns = CountedTurns {
            marks: Vec::new(),
            stop_at: usize::MAX,
        };
        let mut work = Work::taking_turns(&mut turns, 1_000);
        let taking_turns = searched_layout(&pool, &config, rules, &mut work).layout();
        assert_eq!(work.spent, alone.spent);
        assert_eq!(
            taking_turns.map(|l| l.melds),
            layout.map(|l| l.melds),
            "the same play"
        );
        assert!(turns.marks.len() > 10, "{} turns", turns.marks.len());
        // A thousand moves apart, but for the one turn handed over when the hand is found
        // not to go out.
        let early = turns
            .marks
            .windows(2)
            .filter(|w| w[1] < w[0] + 1_000)
            .count();
        assert!(early <= 1, "{:?}", turns.marks);
    }

    #[test]
    fn a_search_hands_the_turn_over_once_it_finds_the_hand_cannot_go_out() {
        // The search's only marks are far off: every turn it hands on is handed over.
        let handed_over = |(pool, config, rules): (Pool, Config, MeldRules)| {
            let mut turns = CountedTurns {
                marks: Vec::new(),
                stop_at: usize::MAX,
            };
            let mut work = Work::taking_turns(&mut turns, usize::MAX);
            let searched = searched_layout(&pool, &config, rules, &mut work);
            let spent = work.spent;
            (turns.marks, spent, searched)
        };
        let (marks, spent, _) = handed_over(hard_pool());
        let first = *marks.first().expect("a turn handed over");
        assert!(0 < first && first < spent, "at {first} of {spent}");
        // A hand that goes out hands nothing over.
        let (marks, _, searched) = handed_over(pool_of("4h 5h 6h | Kc Kd Ks", "7h 8h Kh"));
        assert!(matches!(searched, Searched::Done(Some(_))));
        assert!(marks.is_empty(), "{marks:?}");
    }

    #[test]
    fn whether_the_hand_goes_out_with_every_joker_loose_is_answered_before_any_turn() {
        // Turns from the first move on: none is handed on while the search asks whether
        // the hand goes out with every joker loose.
        let goes_out = pool_of("4h 5h 6h | Kc Kd Ks | 9s 9h 9d", "7h 8h Kh * 9c");
        let mut turns = CountedTurns {
            marks: Vec::new(),
            stop_at: usize::MAX,
        };
        let (pool, config, rules) = goes_out;
        let mut work = Work::taking_turns(&mut turns, 1);
        let searched = searched_layout(&pool, &config, rules, &mut work);
        assert!(work.spent > 1);
        assert!(matches!(searched, Searched::Done(Some(_))));
        assert!(turns.marks.is_empty(), "{:?}", turns.marks);
        // A hand that can't go out so hands the turn on once that is known.
        let (pool, config, rules) = hard_pool();
        let mut turns = CountedTurns {
            marks: Vec::new(),
            stop_at: 2,
        };
        let mut alone = Work::default();
        let limits = Limits {
            needed_jokers: 0,
            most_left: Some(0),
        };
        let asked = |pool: &Pool, config: &Config, work: &mut Work<'_>| {
            best_plan_working(pool, config, Jokers::Needed, limits, work)
        };
        let first_question = if reads_down(&pool) {
            asked(
                &pool.mirrored(config.aces_high),
                &config.mirrored(),
                &mut alone,
            )
        } else {
            asked(&pool, &config, &mut alone)
        };
        assert!(matches!(first_question, Outcome::Impossible));
        let mut work = Work::taking_turns(&mut turns, 1);
        let _ = searched_layout(&pool, &config, rules, &mut work);
        // Not before the question is answered or its hold runs out (its moves past the
        // guesses at the aces), and no later than the first step of the next question.
        let first = *turns.marks.first().expect("a turn handed on");
        let held = alone.spent.min(HOLD_OUT_QUESTION);
        assert!(
            (held..alone.spent + 1_000).contains(&first),
            "at {first}, the question took {}",
            alone.spent
        );
    }

    /// Asks to be called again at once, every time.
    struct EagerTurns {
        marks: Vec<usize>,
    }

    impl Turns for EagerTurns {
        fn turn(&mut self, spent: usize) -> Option<usize> {
            assert!(
                self.marks.last() != Some(&spent),
                "asked twice with nothing done between"
            );
            self.marks.push(spent);
            Some(spent)
        }
    }

    #[test]
    fn a_search_hands_the_turn_on_at_most_once_a_step() {
        let (pool, config, rules) = hard_pool();
        let mut turns = EagerTurns { marks: Vec::new() };
        let searched = searched_layout(
            &pool,
            &config,
            rules,
            &mut Work::taking_turns(&mut turns, 0),
        );
        assert!(matches!(searched, Searched::Done(Some(_))));
        assert!(turns.marks.len() > 10, "{} turns", turns.marks.len());
    }

    #[test]
    fn a_search_stops_when_whoever_takes_turns_with_it_says() {
        let (pool, config, rules) = hard_pool();
        // Stopped at any turn, in any of its stages and passes, it asks no more.
        for stop_at in 1..=6 {
            let mut turns = CountedTurns {
                marks: Vec::new(),
                stop_at,
            };
            let searched = searched_layout(
                &pool,
                &config,
                rules,
                &mut Work::taking_turns(&mut turns, 0),
            );
            assert!(matches!(searched, Searched::OutOfWork));
            assert_eq!(turns.marks.len(), stop_at);
        }
    }

    #[test]
    fn a_card_no_meld_of_the_pile_could_take_is_named() {
        assert_eq!(named("7h 8h 9h Qs 4d", &Rules::default()), "4d Qs");
        // Each card fits some meld; only together do they fail.
        assert_eq!(named("7h 8h 9h 9h", &Rules::default()), "");
    }

    #[test]
    fn the_piles_jokers_fill_the_melds_a_card_could_make() {
        // One joker makes a run of 9h 10h and a stated Jh; a queen needs two more cards.
        assert_eq!(named("9h 10h * Qs", &Rules::default()), "Qs");
        assert_eq!(named("9h 10h * * Qs", &Rules::default()), "");
    }

    #[test]
    fn a_high_ace_fits_only_where_aces_may_go_high() {
        assert_eq!(named("Qh Kh Ah", &Rules::default()), "");
        let low = Rules {
            aces_low_only: true,
            ..Rules::default()
        };
        assert_eq!(named("Qh Kh Ah", &low), "Ah Qh Kh");
    }
}
