//! Times the solver on realistic full-scale positions: `cargo bench --bench solver`.
//!
//! The positions are `benches/positions.txt`, one `TABLE ; HAND` a line (3 players: two
//! decks, both jokers in play), dealt once by `support/deal.rs` and committed;
//! `cargo bench --bench solver -- --write-positions` deals them again (same seeds, same
//! file). Each position is solved a few times and its fastest time kept (the one least
//! disturbed by the machine); the report gives the median, 95th percentile and maximum over
//! the positions of each size class. Then `arrange`: the whole two-deck shoe (106 cards,
//! shuffled 20 ways), and each position's table with the hand.
//!
//! `cargo bench --bench solver -- --each` lists every position's time and answer instead.

#[path = "support/deal.rs"]
mod deal;

use carousel::solver::{arrange, solve};
use carousel::{Card, HandCard, Rules};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

const POSITIONS: usize = 90;
const REPEATS: usize = 3;

fn positions_file() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/positions.txt")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--write-positions") {
        write_positions();
        return;
    }
    let text = std::fs::read_to_string(positions_file()).expect("benches/positions.txt");
    let positions: Vec<deal::Position> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| deal::Position::from_line(l).expect("a position line"))
        .collect();
    let rules = Rules::default();
    let deck = deal::three_players();
    let each = args.iter().any(|a| a == "--each");
    let mut by_class: BTreeMap<&str, Vec<Duration>> = BTreeMap::new();
    let mut arrange_times = Vec::new();
    for (number, position) in positions.iter().enumerate() {
        let mut answer = None;
        let time = fastest(|| {
            answer = Some(
                solve(&position.table, &position.hand, &rules, deck)
                    .expect("a position the deck can hold"),
            );
        });
        if each && let Some(s) = &answer {
            println!(
                "{number:>3}: {:>9.3} ms  table {:>2}  hand {:>2}  played {:>2}  deadwood {:>3}",
                ms(time),
                position.table.cards().count(),
                position.hand.cards().len(),
                s.played.len(),
                s.deadwood
            );
        }
        for class in deal::size_classes(position) {
            by_class.entry(class).or_default().push(time);
        }
        by_class.entry("all").or_default().push(time);
        let mut pile: Vec<HandCard> = position.table.cards().map(|c| c.physical()).collect();
        pile.extend(position.hand.cards());
        arrange_times.push(fastest(|| {
            std::hint::black_box(arrange(&pile, &rules, deck));
        }));
    }
    println!(
        "solve, {} positions (fastest of {REPEATS} runs each):",
        positions.len()
    );
    for (name, times) in &mut by_class {
        report(name, times);
    }
    let mut shoe: Vec<HandCard> = Card::all()
        .flat_map(|c| [HandCard::Real(c), HandCard::Real(c)])
        .collect();
    shoe.extend([HandCard::Joker, HandCard::Joker]);
    let mut rng = deal::Rng::new(7);
    let mut shoe_times = Vec::new();
    for _ in 0..20 {
        rng.shuffle(&mut shoe);
        shoe_times.push(fastest(|| {
            assert!(std::hint::black_box(arrange(&shoe, &rules, deck)).is_some());
        }));
    }
    println!("arrange:");
    report("106-card shoe", &mut shoe_times);
    report("table + hand", &mut arrange_times);
}

fn fastest(mut run: impl FnMut()) -> Duration {
    (0..REPEATS)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn report(name: &str, times: &mut [Duration]) {
    if times.is_empty() {
        return;
    }
    times.sort();
    // Nearest rank: the smallest time with at least that share of times at or below it.
    let at = |q: f64| times[((times.len() as f64 * q).ceil() as usize).clamp(1, times.len()) - 1];
    println!(
        "  {name:<14} n={:<3} median {:>7.2} ms   p95 {:>7.2} ms   max {:>7.2} ms",
        times.len(),
        ms(at(0.5)),
        ms(at(0.95)),
        ms(at(1.0)),
    );
}

/// Deals the positions file again: seeds 1, 2, ... kept while the table has 60-95 cards and
/// both jokers are in play, until there are [`POSITIONS`].
fn write_positions() {
    let mut text = String::from(
        "# Full-scale positions for the solver bench: TABLE ; HAND (3 players, two decks).\n\
         # Dealt by benches/support/deal.rs, seeds 1.., `cargo bench --bench solver -- --write-positions`.\n",
    );
    let mut written = 0;
    let mut seed = 1;
    while written < POSITIONS {
        let position = deal::deal_full_scale(seed);
        seed += 1;
        let table = position.table.cards().count();
        let jokers = position.table.cards().filter(|c| c.is_joker()).count()
            + position
                .hand
                .cards()
                .iter()
                .filter(|c| **c == HandCard::Joker)
                .count();
        if !(60..=95).contains(&table) || jokers != 2 {
            continue;
        }
        text.push_str(&position.to_line());
        text.push('\n');
        written += 1;
    }
    std::fs::write(positions_file(), text).expect("write benches/positions.txt");
    println!(
        "wrote {written} positions to {}",
        positions_file().display()
    );
}
