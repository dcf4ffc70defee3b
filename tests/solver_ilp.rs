//! The solver checked against an integer linear program (`tests/ilp`) at full scale: the
//! dealer's positions, the bench's positions, and sparser positions whose best play leaves
//! cards in hand. The ILP itself is first checked against the brute force on small ones.
//!
//! Case counts are small by default (debug, as CI runs it); `ILP_CASES=N` runs N of each
//! (e.g. `ILP_CASES=500 cargo test --release --test solver_ilp`), and `ILP_SEED=S` starts
//! the seeds at S instead of 0.

mod brute;
mod counts;
#[path = "../benches/support/deal.rs"]
mod deal;
#[path = "../benches/support/harsh.rs"]
mod harsh;
mod ilp;

use carousel::card::Card;
use carousel::card::HandCard;
use carousel::card::TableCard;
use carousel::games::manipulation::meld::MeldRules;
use carousel::games::manipulation::rules::Rules;
use carousel::games::manipulation::solver::solve;
use deal::Rng;
use harsh::{Case as Position, position};

/// Test cases: `debug` in debug builds, `release` in release; `ILP_CASES` overrides both.
fn cases(debug: u64, release: u64) -> u64 {
    counts::cases("ILP_CASES", debug, release)
}

/// Where the seeds start: 0, or `ILP_SEED` (to look at fresh positions in a big run).
fn first_seed() -> u64 {
    std::env::var("ILP_SEED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// The seeds of `n` cases.
fn seeds(n: u64) -> std::ops::Range<u64> {
    first_seed()..first_seed() + n
}

/// The ILP's play is legal by the referee (so the ILP never claims too much), and the
/// solver's deadwood is the ILP's (so the solver never finds too little), and the solver's
/// play is legal.
fn check(p: &Position) -> (u32, u32) {
    let meld_rules = MeldRules::new(&p.rules, p.deck);
    let best = ilp::ilp_optimum(&p.table, &p.hand, &p.rules, p.deck);
    if let Some(after) = &best.table {
        let verdict = carousel::games::manipulation::moves::judge(
            &p.table,
            Some(&p.hand),
            after,
            meld_rules,
            p.deck,
        )
        .unwrap();
        assert!(
            verdict.is_legal(),
            "the ILP's play is illegal: {} -> {after}\n{verdict}",
            p.describe()
        );
    }
    let s = solve(&p.table, &p.hand, &p.rules, p.deck).expect("a position the deck can hold");
    if s.played.is_empty() {
        assert_eq!(s.table, p.table);
    } else {
        let verdict = carousel::games::manipulation::moves::judge(
            &p.table,
            Some(&p.hand),
            &s.table,
            meld_rules,
            p.deck,
        )
        .unwrap();
        assert!(
            verdict.is_legal(),
            "the solver's play is illegal: {} -> {}\n{verdict}",
            p.describe(),
            s.table
        );
    }
    assert_eq!(
        s.deadwood,
        best.deadwood,
        "solver and ILP disagree on {}\nsolver: {} left {:?}\nILP: {:?} -> {:?}",
        p.describe(),
        s.table,
        s.left
            .iter()
            .map(std::string::ToString::to_string)
            .collect::<Vec<_>>(),
        best.played
            .iter()
            .map(std::string::ToString::to_string)
            .collect::<Vec<_>>(),
        best.table.map(|t| t.to_string())
    );
    (s.deadwood, s.left.len() as u32)
}

/// A small position for the brute force: up to 10 table cards and 5 in hand, in a window
/// of 5 ranks (now and then around the ace) and 2 to 4 suits.
fn small(seed: u64) -> Position {
    let mut rng = Rng::new(seed ^ 0x1a9);
    let window = if rng.chance(25) {
        (10, 14)
    } else {
        let low = rng.between(1, 9) as u8;
        (low, low + 4)
    };
    let suits = rng.between(2, 4);
    let table = rng.between(0, 10);
    let hand = rng.between(1, 5);
    position(seed, table, hand, window, suits, 30, rng.chance(20))
}

/// A sparse full-scale position: a table of 20-60 cards from all ranks and suits, a hand of
/// 10-25: the best play usually leaves cards in hand.
fn sparse(seed: u64) -> Position {
    let mut rng = Rng::new(seed ^ 0x5a7);
    let table = rng.between(20, 60);
    let hand = rng.between(10, 25);
    position(seed, table, hand, (1, 14), 4, 70, rng.chance(30))
}

#[test]
fn ilp_matches_brute_force_on_small_positions() {
    for seed in seeds(cases(60, 3000)) {
        let p = small(seed);
        let best = ilp::ilp_optimum(&p.table, &p.hand, &p.rules, p.deck);
        let (deadwood, _) = brute::best_play(&p.table, &p.hand, &p.rules, p.deck);
        assert_eq!(best.deadwood, deadwood, "seed {seed}: {}", p.describe());
        check(&p);
    }
}

#[test]
fn solver_matches_ilp_on_dealt_full_scale_positions() {
    let deck = deal::three_players();
    for seed in seeds(cases(20, 300)) {
        let d = deal::deal_full_scale(5000 + seed);
        let rules = Rules {
            joker_value: [25, 25, 0, 7][(seed % 4) as usize],
            ..Rules::default()
        };
        check(&Position {
            table: d.table,
            hand: d.hand,
            rules,
            deck,
        });
    }
}

#[test]
fn solver_matches_ilp_on_bench_positions() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/positions.txt"
    ))
    .unwrap();
    let step = if cfg!(debug_assertions) { 10 } else { 1 };
    for line in text.lines().filter(|l| !l.starts_with('#')).step_by(step) {
        let d = deal::Position::from_line(line).unwrap();
        check(&Position {
            table: d.table,
            hand: d.hand,
            rules: Rules::default(),
            deck: deal::three_players(),
        });
    }
}

#[test]
fn solver_matches_ilp_on_sparse_full_scale_positions() {
    let mut kept = 0;
    let total = cases(50, 500);
    for seed in seeds(total) {
        let (_, left) = check(&sparse(seed));
        if left > 0 {
            kept += 1;
        }
    }
    // The point of these positions: most best plays keep cards in hand.
    assert!(
        kept * 2 > total,
        "only {kept} of {total} kept cards in hand"
    );
}

/// The positions the bench keeps for being hard (`benches/hard.txt`: the slowest of random
/// screening, and hill-climbed ones): every one in release, every sixth in debug (they are
/// slow to solve there, by both methods).
#[test]
fn solver_matches_ilp_on_hard_bench_positions() {
    let cases = harsh::read_cases(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/hard.txt"
    )));
    assert!(cases.len() >= 40, "only {} hard positions", cases.len());
    let step = if cfg!(debug_assertions) { 6 } else { 1 };
    for case in cases.iter().step_by(step) {
        check(case);
    }
}

/// Each of the solver's two methods alone is exact too (the solver's answer is whichever
/// finishes first, so a wrong answer from the slower one would hide): the search and the
/// program alone, on sparse positions and on the hard ones (every fourth in release, every
/// twelfth in debug: the search alone is slow on those built against it).
#[test]
fn each_method_alone_matches_ilp() {
    use carousel::games::manipulation::solver::methods::{Method, solve_alone};
    let hard = harsh::read_cases(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/hard.txt"
    )));
    let step = if cfg!(debug_assertions) { 12 } else { 4 };
    let positions = hard
        .into_iter()
        .step_by(step)
        .chain(seeds(cases(4, 40)).map(sparse));
    for p in positions {
        let best = ilp::ilp_optimum(&p.table, &p.hand, &p.rules, p.deck);
        for method in [Method::Search, Method::Program] {
            let s = solve_alone(method, &p.table, &p.hand, &p.rules, p.deck)
                .expect("a position the deck can hold");
            assert_eq!(
                s.deadwood,
                best.deadwood,
                "the {method:?} alone and the ILP disagree on {}",
                p.describe()
            );
        }
    }
}

/// The bench's generated classes: tables from a window of 8 ranks, and tables of many
/// duplicate cards.
#[test]
fn solver_matches_ilp_on_window_and_duplicate_positions() {
    for seed in seeds(cases(15, 300)) {
        check(&harsh::window(7000 + seed));
        check(&harsh::duplicates(8000 + seed));
    }
}

/// Small positions of many duplicates (two decks, two or three suits, four ranks) against
/// the brute force, solver and ILP both.
#[test]
fn ilp_and_solver_match_brute_force_on_small_duplicate_positions() {
    for seed in seeds(cases(15, 2000)) {
        let mut rng = Rng::new(seed ^ 0xd0d);
        let low = rng.between(1, 10) as u8;
        let suits = rng.between(2, 3);
        let table = rng.between(3, 10);
        let hand = rng.between(2, 5);
        let mut p = position(seed, table, hand, (low, low + 3), suits, 20, rng.chance(30));
        p.deck = carousel::deck::Deck::for_players(3).unwrap();
        let best = ilp::ilp_optimum(&p.table, &p.hand, &p.rules, p.deck);
        let (deadwood, _) = brute::best_play(&p.table, &p.hand, &p.rules, p.deck);
        assert_eq!(best.deadwood, deadwood, "seed {seed}: {}", p.describe());
        check(&p);
    }
}

/// The ILP against the brute force on medium positions: up to 14 table cards, 6 in hand,
/// 7 ranks.
#[test]
fn ilp_matches_brute_force_on_medium_positions() {
    for seed in seeds(cases(15, 400)) {
        let mut rng = Rng::new(seed ^ 0x3ed);
        let low = rng.between(1, 8) as u8;
        let suits = rng.between(2, 4);
        let table = rng.between(6, 14);
        let hand = rng.between(3, 6);
        let p = position(seed, table, hand, (low, low + 6), suits, 30, rng.chance(20));
        let best = ilp::ilp_optimum(&p.table, &p.hand, &p.rules, p.deck);
        let (deadwood, _) = brute::best_play(&p.table, &p.hand, &p.rules, p.deck);
        assert_eq!(best.deadwood, deadwood, "seed {seed}: {}", p.describe());
        check(&p);
    }
}

/// How varied the sparse positions are (run by hand: `--ignored --nocapture`).
#[test]
#[ignore = "statistics, run by hand"]
fn sparse_position_statistics() {
    let mut stats = std::collections::BTreeMap::new();
    let mut twins = 0;
    let mut bump = |k: &str| *stats.entry(k.to_string()).or_insert(0) += 1;
    let total = cases(200, 1000);
    for seed in 0..total {
        let p = sparse(seed);
        let s = solve(&p.table, &p.hand, &p.rules, p.deck).expect("a position the deck can hold");
        let stated: Vec<Card> = p
            .table
            .cards()
            .filter_map(|c| match c {
                TableCard::Joker(f) => Some(f),
                TableCard::Real(_) => None,
            })
            .collect();
        bump(&format!("table jokers {}", stated.len()));
        if stated.len() == 2 && stated[0] == stated[1] {
            twins += 1;
        }
        if stated
            .iter()
            .any(|f| p.hand.cards().contains(&HandCard::Real(*f)))
        {
            bump("a table joker's card in hand");
        }
        if p.hand.cards().contains(&HandCard::Joker) {
            bump("hand joker");
        }
        if s.deadwood > 0 {
            bump("keeps cards");
        }
        if s.played.is_empty() {
            bump("plays nothing");
        }
        if s.played
            .iter()
            .any(|c| matches!(c, HandCard::Real(card) if stated.contains(card)))
        {
            bump("plays a table joker's card");
        }
        if p.deck.players() == 2 {
            bump("one deck");
        }
        if p.rules.aces_low_only {
            bump("aces low only");
        }
    }
    println!("{total} sparse positions: {stats:#?}, twin jokers {twins}");
}
