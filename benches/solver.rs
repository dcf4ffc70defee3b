//! Times the solver on realistic full-scale positions: `cargo bench --bench solver`.
//!
//! The positions are `benches/positions.txt`, one `TABLE ; HAND` a line, dealt once by
//! `support/deal.rs` and committed; `cargo bench --bench solver -- --write-positions`
//! deals them again (same seeds, same file). Each position is solved a few times and its
//! fastest time kept (the least disturbed by the machine); the report gives the median,
//! 95th percentile and maximum over the positions of each size class, then `arrange` of the
//! whole two-deck shoe (106 cards) and of each position's cards.

#[path = "support/deal.rs"]
mod deal;

use carousel::solver::{arrange, solve};
use carousel::{Card, HandCard, Rules};
use std::time::{Duration, Instant};

const POSITIONS: u64 = 90;
const REPEATS: usize = 3;

fn positions_file() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/positions.txt")
}

fn main() {
    if std::env::args().any(|a| a == "--write-positions") {
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
    if let Some(n) = std::env::var("EXP")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        let p = &positions[n];
        let mut pile: Vec<HandCard> = p.table.cards().map(|c| c.physical()).collect();
        if std::env::var_os("WITH_HAND").is_some() {
            pile.extend(p.hand.cards());
        }
        let real: Vec<HandCard> = pile
            .iter()
            .copied()
            .filter(|c| *c != HandCard::Joker)
            .collect();
        let low = Rules {
            aces_low_only: true,
            ..Rules::default()
        };
        for (name, pile, rules) in [
            ("table", &pile, &rules),
            ("table low", &pile, &low),
            ("real", &real, &rules),
            ("real low", &real, &low),
        ] {
            let start = Instant::now();
            let t = arrange(pile, rules, deck);
            println!("{name}: {:?} {}", start.elapsed(), t.is_some());
        }
        return;
    }
    if std::env::var_os("ALL").is_some() {
        for (i, p) in positions.iter().enumerate() {
            let start = Instant::now();
            let s = solve(&p.table, &p.hand, &rules, deck);
            println!(
                "{i}: {} hand {} deadwood {} played {}",
                start.elapsed().as_micros(),
                p.hand.cards().len(),
                s.deadwood,
                s.played.len()
            );
        }
        return;
    }
    if let Some(n) = std::env::var("ONE")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        let p = &positions[n];
        let rules = if std::env::var_os("EXP_LOW").is_some() {
            Rules {
                aces_low_only: true,
                ..Rules::default()
            }
        } else {
            rules
        };
        let start = Instant::now();
        let s = solve(&p.table, &p.hand, &rules, deck);
        println!(
            "{:?} deadwood {} played {}",
            start.elapsed(),
            s.deadwood,
            s.played.len()
        );
        return;
    }
    let mut by_class: Vec<(&str, Vec<Duration>)> = vec![
        ("hand 10-14", Vec::new()),
        ("hand 15-19", Vec::new()),
        ("hand 20-25", Vec::new()),
        ("table 60-74", Vec::new()),
        ("table 75-84", Vec::new()),
        ("table 85-95", Vec::new()),
        ("all", Vec::new()),
    ];
    let mut arrange_times = Vec::new();
    for position in &positions {
        let time = fastest(|| {
            std::hint::black_box(solve(&position.table, &position.hand, &rules, deck));
        });
        let hand = position.hand.cards().len();
        let table = position.table.cards().count();
        let hand_class = match hand {
            0..=14 => 0,
            15..=19 => 1,
            _ => 2,
        };
        let table_class = match table {
            0..=74 => 3,
            75..=84 => 4,
            _ => 5,
        };
        for class in [hand_class, table_class, 6] {
            by_class[class].1.push(time);
        }
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

fn report(name: &str, times: &mut [Duration]) {
    if times.is_empty() {
        return;
    }
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "  {name:<14} n={:<3} median {:>7.2} ms   p95 {:>7.2} ms   max {:>7.2} ms",
        times.len(),
        ms(at(0.5)),
        ms(at(0.95)),
        ms(at(1.0)),
    );
}

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
