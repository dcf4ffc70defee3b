//! The solver checked against an independent brute force on many random small positions,
//! and against the referee on random full-size ones.

mod brute;
mod counts;
#[path = "../benches/support/deal.rs"]
mod deal;

use carousel::card::Card;
use carousel::card::CardCounts;
use carousel::card::HandCard;
use carousel::card::Rank;
use carousel::card::Suit;
use carousel::card::TableCard;
use carousel::deck::Deck;
use carousel::games::manipulation::meld;
use carousel::games::manipulation::meld::MeldRules;
use carousel::games::manipulation::moves;
use carousel::games::manipulation::rules::Rules;
use carousel::games::manipulation::solver::methods::{Method, solve_alone};
use carousel::games::manipulation::solver::{Solution, arrange, changed_melds, solve};
use carousel::games::manipulation::table::Hand;
use carousel::games::manipulation::table::Meld;
use carousel::games::manipulation::table::Table;
use deal::Rng;
use proptest::prelude::*;

/// A small position: a few melds from a few ranks and suits (so cards meet), a short hand,
/// now and then jokers on the table (some freed by a real card, some not) or in hand.
struct Small {
    table: Table,
    hand: Hand,
    rules: Rules,
    deck: Deck,
}

fn small_position(seed: u64) -> Small {
    position_of_size(seed, 10, 5, 5)
}

/// A position of at most `most_table` table cards and `most_hand` hand cards (jokers
/// aside), its melds from a window of `width` ranks.
fn position_of_size(seed: u64, most_table: usize, most_hand: usize, width: u8) -> Small {
    let mut rng = Rng::new(seed);
    let players = if rng.chance(25) { 2 } else { 3 };
    let deck = Deck::for_players(players).unwrap();
    let rules = Rules {
        aces_low_only: rng.chance(15),
        joker_value: [25, 25, 25, 0, 7][rng.below(5)],
        ..Rules::default()
    };
    let meld_rules = MeldRules::new(&rules, deck);
    // A window of `width` run ranks (14 is the ace again), or one around the ace where it
    // may go either way, and 2 to 4 suits.
    let low = rng.between(1, usize::from(15 - width)) as u8;
    let window: Vec<u8> = if rng.chance(25) {
        (0..width).map(|i| (11 + i) % 13 + 1).collect()
    } else {
        (low..low + width)
            .map(|p| if p == 14 { 1 } else { p })
            .collect()
    };
    let ranks: Vec<Rank> = window.iter().map(|n| Rank::new(*n).unwrap()).collect();
    let mut suits = Suit::ALL.to_vec();
    rng.shuffle(&mut suits);
    suits.truncate(rng.between(2, 4));
    let mut left: Vec<Card> = Vec::new();
    for rank in &ranks {
        for suit in &suits {
            for _ in 0..deck.copies() {
                left.push(Card::new(*rank, *suit));
            }
        }
    }
    rng.shuffle(&mut left);
    let mut jokers = deck.jokers() as usize;
    let take = |left: &mut Vec<Card>, card: Card| -> bool {
        match left.iter().position(|c| *c == card) {
            Some(at) => {
                left.swap_remove(at);
                true
            }
            None => false,
        }
    };
    let mut melds: Vec<Meld> = Vec::new();
    let mut table_cards = 0;
    for _ in 0..rng.between(0, most_table / 3) {
        let mut cards: Vec<TableCard> = Vec::new();
        if rng.chance(60) {
            let suit = suits[rng.below(suits.len())];
            let len = rng.between(3, 4);
            let start = rng.below(ranks.len() - len + 1);
            for rank in &ranks[start..start + len] {
                cards.push(TableCard::Real(Card::new(*rank, suit)));
            }
        } else if suits.len() >= 3 {
            let rank = ranks[rng.below(ranks.len())];
            let size = rng.between(3, suits.len().min(4));
            for suit in &suits[..size] {
                cards.push(TableCard::Real(Card::new(rank, *suit)));
            }
        }
        if cards.is_empty() || table_cards + cards.len() > most_table {
            continue;
        }
        let mut trial = left.clone();
        if !cards.iter().all(|c| take(&mut trial, c.face())) {
            continue;
        }
        // A joker in place of one of its cards; the real card stays in the deck.
        if jokers > 0 && rng.chance(30) {
            let at = rng.below(cards.len());
            let face = cards[at].face();
            cards[at] = TableCard::Joker(face);
            trial.push(face);
            jokers -= 1;
        }
        if !meld::is_legal(&cards, meld_rules) {
            continue;
        }
        left = trial;
        table_cards += cards.len();
        melds.push(Meld::new(cards, meld_rules));
    }
    // Now and then a table that is not legal before the move: two cards of a run.
    if rng.chance(5) && left.len() >= 2 {
        let first = left[0];
        if let Some(at) = left.iter().position(|c| {
            c.suit == first.suit && c.rank.number().abs_diff(first.rank.number()) == 1
        }) {
            let second = left.swap_remove(at);
            if let Some(first_at) = left.iter().position(|c| *c == first) {
                left.swap_remove(first_at);
                melds.push(Meld::new(
                    vec![TableCard::Real(first), TableCard::Real(second)],
                    meld_rules,
                ));
            } else {
                left.push(second);
            }
        }
    }
    rng.shuffle(&mut left);
    let mut hand: Vec<HandCard> = left
        .into_iter()
        .take(rng.between(1, most_hand))
        .map(HandCard::Real)
        .collect();
    while jokers > 0 && rng.chance(30) {
        hand.push(HandCard::Joker);
        jokers -= 1;
    }
    Small {
        table: Table::new(melds),
        hand: Hand::new(hand),
        rules,
        deck,
    }
}

/// Everything a solution must be, whoever checks it: a legal move (or nothing, with the
/// table as it was), the cards it says, the deadwood it says.
fn assert_sound(table: &Table, hand: &Hand, rules: &Rules, deck: Deck, s: &Solution) {
    let meld_rules = MeldRules::new(rules, deck);
    if s.played.is_empty() {
        assert_eq!(&s.table, table, "nothing played, yet the table changed");
    } else {
        let verdict = moves::judge(table, Some(hand), &s.table, meld_rules, deck).unwrap();
        assert!(
            verdict.is_legal(),
            "illegal play {table} + {hand} -> {}\n{verdict}",
            s.table
        );
        let mut expected = CardCounts::of(s.played.iter().copied());
        for card in s.table.cards().map(carousel::card::TableCard::physical) {
            expected.add(card);
        }
        let mut played_and_before = CardCounts::of(s.played.iter().copied());
        for card in table.cards().map(carousel::card::TableCard::physical) {
            played_and_before.add(card);
        }
        let after = CardCounts::of(s.table.cards().map(carousel::card::TableCard::physical));
        assert_eq!(
            after, played_and_before,
            "the table after is not before + played"
        );
        let _ = expected;
    }
    let mut all = s.played.clone();
    all.extend(s.left.iter().copied());
    assert_eq!(
        CardCounts::of(all.iter().copied()),
        hand.counts(),
        "played + left is not the hand"
    );
    let left: u32 = s
        .left
        .iter()
        .map(|c| carousel::games::manipulation::scoring::card_value(*c, rules))
        .sum();
    assert_eq!(s.deadwood, left);
    assert_eq!(s.can_knock, s.deadwood <= rules.knock_limit);
    assert_eq!(s.changed, changed_melds(table, &s.table));
}

/// `arrange`'s answer is right: a layout of exactly these cards in legal melds, or none
/// exists (by brute force, for small piles).
fn assert_arrangement(cards: &[HandCard], rules: &Rules, deck: Deck, brute_force: bool) {
    let meld_rules = MeldRules::new(rules, deck);
    let found = arrange(cards, rules, deck);
    if let Some(table) = &found {
        for meld in table.melds() {
            assert!(
                meld.judge(meld_rules).is_ok(),
                "illegal meld {meld} in {table}"
            );
        }
        let laid = CardCounts::of(table.cards().map(carousel::card::TableCard::physical));
        assert_eq!(laid, CardCounts::of(cards.iter().copied()), "{table}");
    }
    if brute_force {
        let exists = brute::can_arrange(cards, rules, deck);
        assert_eq!(
            found.is_some(),
            exists,
            "arrange of {} says {:?}, brute force says {exists}",
            Hand::new(cards.to_vec()),
            found.map(|t| t.to_string())
        );
    }
}

/// Test cases: few in debug builds (CI), more in release; `SOLVER_CASES` overrides both.
fn cases(debug: u32, release: u32) -> u32 {
    let n = counts::cases("SOLVER_CASES", debug.into(), release.into());
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The solver's least deadwood (then most cards) is the brute force's, and its play is legal.
fn agrees_with_brute_force(p: &Small) -> Result<(), TestCaseError> {
    let s = solve(&p.table, &p.hand, &p.rules, p.deck).expect("a position the deck can hold");
    assert_sound(&p.table, &p.hand, &p.rules, p.deck, &s);
    let (deadwood, played) = brute::best_play(&p.table, &p.hand, &p.rules, p.deck);
    prop_assert_eq!(
        (s.deadwood, s.played.len()),
        (deadwood, played),
        "{} + hand {} ({:?}, {} players): solver played {:?} to {}",
        p.table,
        p.hand,
        p.rules.aces_low_only,
        p.deck.players(),
        s.played
            .iter()
            .map(std::string::ToString::to_string)
            .collect::<Vec<_>>(),
        s.table
    );
    // The search alone too: reading down from the king where the low ranks are crowded, it
    // must find the same best play.
    let alone = solve_alone(Method::Search, &p.table, &p.hand, &p.rules, p.deck)
        .expect("a position the deck can hold");
    assert_sound(&p.table, &p.hand, &p.rules, p.deck, &alone);
    prop_assert_eq!(
        (alone.deadwood, alone.played.len()),
        (deadwood, played),
        "the search alone: {} + hand {}",
        p.table,
        p.hand
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(400, 4000)))]

    /// The solver's least deadwood (then most cards) is the brute force's, and its play is
    /// legal.
    #[test]
    fn crosscheck_solve_small_positions_against_brute_force(seed in any::<u64>()) {
        let p = small_position(seed);
        agrees_with_brute_force(&p)?;
    }

    /// `arrange` finds a layout exactly when one exists, on the cards of small positions.
    #[test]
    fn crosscheck_arrange_small_piles_against_brute_force(seed in any::<u64>()) {
        let p = small_position(seed);
        let mut pile: Vec<HandCard> = p.table.cards().map(carousel::card::TableCard::physical).collect();
        pile.extend(p.hand.cards());
        assert_arrangement(&pile, &p.rules, p.deck, true);
        let table_only: Vec<HandCard> = p.table.cards().map(carousel::card::TableCard::physical).collect();
        assert_arrangement(&table_only, &p.rules, p.deck, true);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(60, 2000)))]

    /// The same on larger positions (up to 14 table cards and 6 in hand, 7 ranks).
    #[test]
    fn crosscheck_solve_medium_positions_against_brute_force(seed in any::<u64>()) {
        let p = position_of_size(seed, 14, 6, 7);
        agrees_with_brute_force(&p)?;
    }
}

/// Full-size positions dealt at random: every play is legal and adds up.
#[test]
fn full_size_random_positions_are_solved_legally() {
    let rules = Rules::default();
    let deck = deal::three_players();
    for seed in 1000..1000 + u64::from(cases(6, 60)) {
        let p = deal::deal_full_scale(seed);
        let s = solve(&p.table, &p.hand, &rules, deck).expect("a position the deck can hold");
        assert_sound(&p.table, &p.hand, &rules, deck, &s);
        let mut pile: Vec<HandCard> = s
            .table
            .cards()
            .map(carousel::card::TableCard::physical)
            .collect();
        assert_arrangement(&pile, &rules, deck, false);
        assert!(
            arrange(&pile, &rules, deck).is_some(),
            "the table after has a layout"
        );
        pile.extend(s.left.iter().copied());
        assert_arrangement(&pile, &rules, deck, false);
    }
}

/// The bench's committed positions: every play is legal.
#[test]
fn bench_positions_are_solved_legally() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/positions.txt"
    ))
    .unwrap();
    let rules = Rules::default();
    let deck = deal::three_players();
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    for line in lines
        .iter()
        .step_by(if cfg!(debug_assertions) { 15 } else { 1 })
    {
        let p = deal::Position::from_line(line).unwrap();
        let s = solve(&p.table, &p.hand, &rules, deck).expect("a position the deck can hold");
        assert_sound(&p.table, &p.hand, &rules, deck, &s);
    }
}

/// How varied the small positions are (run by hand: `--ignored --nocapture`).
#[test]
#[ignore = "statistics, run by hand"]
fn small_position_statistics() {
    let mut stats = std::collections::BTreeMap::new();
    let mut bump = |k: &str| *stats.entry(k.to_string()).or_insert(0) += 1;
    for seed in 0..3000u64 {
        let p = small_position(seed);
        let s = solve(&p.table, &p.hand, &p.rules, p.deck).expect("a position the deck can hold");
        let table_jokers = p.table.cards().filter(|c| c.is_joker()).count();
        if table_jokers > 0 {
            bump("table joker");
        }
        if p.hand.cards().contains(&HandCard::Joker) {
            bump("hand joker");
        }
        if !s.played.is_empty() {
            bump("played some");
        }
        if s.played.len() == p.hand.cards().len() {
            bump("played all");
        }
        if s.played.len() > 1 {
            bump("played 2+");
        }
        if s.deadwood > 0 && !s.played.is_empty() {
            bump("played some, kept some");
        }
        if s.changed.iter().filter(|c| **c).count() > 1 {
            bump("2+ melds changed");
        }
        let before: Vec<Card> = p
            .table
            .cards()
            .filter_map(|c| match c {
                TableCard::Joker(f) => Some(f),
                TableCard::Real(_) => None,
            })
            .collect();
        let after: Vec<Card> = s
            .table
            .cards()
            .filter_map(|c| match c {
                TableCard::Joker(f) => Some(f),
                TableCard::Real(_) => None,
            })
            .collect();
        if table_jokers > 0 && !s.played.is_empty() && before.iter().any(|f| !after.contains(f)) {
            bump("joker restated");
        }
        if s.table.cards().any(|c| c.face().rank == Rank::ACE)
            && s.table.melds().iter().any(|m| {
                m.cards().last().is_some_and(|c| c.face().rank == Rank::ACE)
                    && m.cards().len() >= 3
                    && m.cards()[0].face().rank != Rank::ACE
            })
        {
            bump("high ace");
        }
        if p.rules.aces_low_only {
            bump("aces low only");
        }
        if p.deck.players() == 2 {
            bump("one deck");
        }
        let mut pile: Vec<HandCard> = p
            .table
            .cards()
            .map(carousel::card::TableCard::physical)
            .collect();
        pile.extend(p.hand.cards());
        if arrange(&pile, &p.rules, p.deck).is_some() {
            bump("pile arrangeable");
        }
    }
    println!("{stats:#?}");
}
