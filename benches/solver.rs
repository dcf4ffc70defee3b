//! Times the solver beside a plain integer program of the same model, on every class of
//! position, in one run: `cargo bench --bench solver`.
//!
//! Classes:
//! - `bench`: `benches/positions.txt`, 90 realistic full-scale two-deck positions (a table of
//!   60-95 cards, a hand of 10-25, both jokers in play); almost all let the hand go out;
//! - `sparse 30-59`, `window 8 ranks`, `duplicates`: 60 seeded positions each from
//!   `support/harsh.rs`, built so the best play keeps cards in hand;
//! - the hard sets in `benches/hard.txt`: the slowest positions of random screening, and
//!   positions hill-climbed from them on the solver's own time (`--write-hard` finds them
//!   again; see [`write_hard`]);
//! - `arrange piles`: 60 piles of 20 to 104 cards, some of which can be laid out and some not
//!   (see [`time_piles`]);
//! - `arrange 106`: the whole 106-card shoe, shuffled 20 ways.
//!
//! The baseline is `tests/ilp` (the cross-check's integer program: every meld shape, solved
//! by `microlp`). Each position is run by both, alternating, [`REPEATS`] times, and each
//! keeps its fastest time (the one least disturbed by a shared machine); the report gives
//! the median, 95th percentile and maximum over a class's positions, and counts any
//! disagreement on the deadwood.
//!
//! `-- --each` lists every position's times; `-- --only TEXT` runs the classes whose name
//! holds TEXT; `-- --alone` times the solver's two methods each alone instead, and the
//! quicker of the two per position (see [`time_methods_alone`]; with `--each`, each
//! position's times with the search's moves and the program's effort); `-- --work` counts
//! the moves the search alone tries per class, the same on every run (see
//! [`count_search_work`]); `-- --climbs N` hill-climbs hard positions N times from fresh
//! seeds and reports how slow they got, writing nothing (see [`report_climbs`]; `--steps
//! N` climbs N steps rather than 150, `--each` prints each climbed position); `-- --time
//! FILE` times the positions of FILE one by one, each method alone too, with the pages a
//! solve faults in (see [`time_positions`]); `-- --pivots` counts the pivots and the simplex
//! effort of the program alone per class, the same on every run (see
//! [`count_program_work`]); `-- --also FILE` adds the positions of FILE as a class;
//! `-- --write-positions` deals
//! `benches/positions.txt` again from its seeds.
//!
//! Every time is the processor time this thread used (see [`Stopwatch`]), not the time on
//! the clock: on a shared machine that leaves out the waits while other work has the
//! processor.

/// The binary's allocator (see `src/main.rs`), so that the solver is timed as it runs there.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[path = "support/deal.rs"]
mod deal;
#[path = "support/harsh.rs"]
mod harsh;
#[path = "../tests/ilp/mod.rs"]
mod ilp;

use carousel::card::Card;
use carousel::card::HandCard;
use carousel::card::TableCard;
use carousel::games::manipulation::rules::Rules;
use carousel::games::manipulation::solver::methods::{
    Method, program_work, search_work, solve_alone,
};
use carousel::games::manipulation::solver::{arrange, solve};
use carousel::games::manipulation::table::Hand;
use carousel::games::manipulation::table::Table;
use harsh::Case;
use std::time::Duration;

const POSITIONS: usize = 90;
const REPEATS: usize = 3;
/// Seeded positions per generated class.
const PER_CLASS: u64 = 60;
/// Piles for `arrange`.
const PILES: u64 = 60;

fn bench_file(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("benches")
        .join(name)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--write-positions") {
        write_positions();
        return;
    }
    if let Some(at) = args.iter().position(|a| a == "--write-hard") {
        write_hard(args.get(at + 1).map_or("solver", String::as_str));
        return;
    }
    if let Some(at) = args.iter().position(|a| a == "--time") {
        let path = args.get(at + 1).expect("--time FILE");
        time_positions(std::path::Path::new(path));
        return;
    }
    if let Some(at) = args.iter().position(|a| a == "--climbs") {
        let climbs = args.get(at + 1).and_then(|n| n.parse().ok()).unwrap_or(8);
        let steps = args
            .iter()
            .position(|a| a == "--steps")
            .and_then(|at| args.get(at + 1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(CLIMB_STEPS);
        report_climbs(climbs, steps, args.iter().any(|a| a == "--each"));
        return;
    }
    let each = args.iter().any(|a| a == "--each");
    let mut classes: Vec<(String, Vec<Case>)> = Vec::new();
    let text = std::fs::read_to_string(bench_file("positions.txt")).expect("positions.txt");
    let bench: Vec<Case> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let p = deal::Position::from_line(l).expect("a position line");
            Case {
                table: p.table,
                hand: p.hand,
                rules: Rules::default(),
                deck: deal::three_players(),
            }
        })
        .collect();
    classes.push(("bench".into(), bench));
    classes.push((
        "sparse 30-59".into(),
        (0..PER_CLASS).map(harsh::sparse).collect(),
    ));
    classes.push((
        "window 8 ranks".into(),
        (0..PER_CLASS).map(harsh::window).collect(),
    ));
    classes.push((
        "duplicates".into(),
        (0..PER_CLASS).map(harsh::duplicates).collect(),
    ));
    classes.extend(hard_classes());
    if let Some(path) = args
        .iter()
        .position(|a| a == "--also")
        .and_then(|at| args.get(at + 1))
    {
        let path = std::path::Path::new(path);
        classes.push((
            format!("positions of {}", path.display()),
            positions_in(path),
        ));
    }
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|at| args.get(at + 1));
    classes.retain(|(name, _)| only.is_none_or(|o| name.contains(o.as_str())));
    if args.iter().any(|a| a == "--alone") {
        time_methods_alone(&classes, each);
        return;
    }
    if args.iter().any(|a| a == "--work") {
        count_search_work(&classes);
        return;
    }
    if args.iter().any(|a| a == "--pivots") {
        count_program_work(&classes, each);
        return;
    }
    println!(
        "{:<38} {:>4}   {:>25}   {:>25}   agree",
        "class", "n", "carousel median/p95/max ms", "ILP median/p95/max ms"
    );
    for (name, cases) in &classes {
        let mut ours = Vec::new();
        let mut theirs = Vec::new();
        let mut disagree = 0;
        for (number, case) in cases.iter().enumerate() {
            let (a, b, same) = time_solve(case);
            if each {
                println!(
                    "  {name} {number:>3}: carousel {:>8.3} ms   ILP {:>8.3} ms{}",
                    ms(a),
                    ms(b),
                    if same { "" } else { "   DISAGREE" }
                );
            }
            ours.push(a);
            theirs.push(b);
            disagree += usize::from(!same);
        }
        report(name, &mut ours, &mut theirs, disagree);
    }
    if only.is_none_or(|o| "arrange piles".contains(o.as_str())) {
        let (mut ours, mut theirs, disagree) = time_piles();
        report("arrange piles 20-104", &mut ours, &mut theirs, disagree);
    }
    if only.is_none_or(|o| "arrange 106".contains(o.as_str())) {
        let (mut ours, mut theirs) = time_shoe();
        report("arrange 106", &mut ours, &mut theirs, 0);
    }
}

/// The hard sets of `benches/hard.txt`: each `## NAME` line starts a class.
fn hard_classes() -> Vec<(String, Vec<Case>)> {
    let text = std::fs::read_to_string(bench_file("hard.txt")).unwrap_or_default();
    let mut classes: Vec<(String, Vec<Case>)> = Vec::new();
    for line in text.lines() {
        if let Some(name) = line.strip_prefix("## ") {
            classes.push((name.trim().to_string(), Vec::new()));
        } else if !line.trim().is_empty() && !line.starts_with('#') {
            let case = Case::from_line(line).unwrap_or_else(|| panic!("not a position: {line}"));
            if let Some((_, cases)) = classes.last_mut() {
                cases.push(case);
            }
        }
    }
    classes
}

/// Both solvers on one position, alternating: their fastest times, and whether they agree.
fn time_solve(case: &Case) -> (Duration, Duration, bool) {
    let mut ours = Duration::MAX;
    let mut theirs = Duration::MAX;
    let mut same = true;
    for _ in 0..REPEATS {
        let start = Stopwatch::start();
        let s = std::hint::black_box(
            solve(&case.table, &case.hand, &case.rules, case.deck)
                .expect("a position the deck can hold"),
        );
        ours = ours.min(start.elapsed());
        let start = Stopwatch::start();
        let best = std::hint::black_box(ilp::ilp_optimum(
            &case.table,
            &case.hand,
            &case.rules,
            case.deck,
        ));
        theirs = theirs.min(start.elapsed());
        same &= s.deadwood == best.deadwood;
    }
    (ours, theirs, same)
}

/// `-- --alone`: each of the solver's two methods alone on every class, and the quicker of
/// the two on each position: what a perfect choice of method would cost. Each answer is
/// checked against the solver's. With `each`, every position's two times are printed with
/// the work each method took (the search's moves, the program's effort): what the turns
/// between them are measured in.
fn time_methods_alone(classes: &[(String, Vec<Case>)], each: bool) {
    println!(
        "{:<38} {:>4}   {:>25}   {:>25}   {:>25}   agree",
        "class",
        "n",
        "search median/p95/max ms",
        "program median/p95/max ms",
        "quicker median/p95/max ms"
    );
    for (name, cases) in classes {
        let (mut search, mut program, mut quicker, mut disagree) =
            (Vec::new(), Vec::new(), Vec::new(), 0);
        for case in cases {
            let answer = solve(&case.table, &case.hand, &case.rules, case.deck)
                .expect("a position the deck can hold");
            let alone = |method| {
                let start = Stopwatch::start();
                let s = std::hint::black_box(
                    solve_alone(method, &case.table, &case.hand, &case.rules, case.deck)
                        .expect("a position the deck can hold"),
                );
                (start.elapsed(), s)
            };
            let (mut a, mut b, mut same) = (Duration::MAX, Duration::MAX, true);
            for _ in 0..REPEATS {
                let (time, s) = alone(Method::Search);
                a = a.min(time);
                let (time, p) = alone(Method::Program);
                b = b.min(time);
                same &= s.deadwood == answer.deadwood && p.deadwood == answer.deadwood;
            }
            if each {
                let moves = search_work(&case.table, &case.hand, &case.rules, case.deck)
                    .expect("a position the deck can hold");
                let effort = program_work(&case.table, &case.hand, &case.rules, case.deck)
                    .expect("a position the deck can hold")
                    .effort;
                println!(
                    "  {name} {:>3}: search {:>8.3} ms {moves:>9} moves   program {:>8.3} ms \
                     {effort:>11} effort",
                    search.len(),
                    ms(a),
                    ms(b)
                );
            }
            search.push(a);
            program.push(b);
            quicker.push(a.min(b));
            disagree += usize::from(!same);
        }
        for times in [&mut search, &mut program, &mut quicker] {
            times.sort();
        }
        println!(
            "{name:<38} {:>4}   {:>25}   {:>25}   {:>25}   {}",
            search.len(),
            three(&search),
            three(&program),
            three(&quicker),
            agreement(disagree)
        );
    }
}

/// The moves the search alone tries per class: median, p95, max and the sum. The same on
/// every run, so two builds of the search compare free of the machine's noise.
fn count_search_work(classes: &[(String, Vec<Case>)]) {
    println!(
        "{:<38} {:>4}   {:>31}   {:>14}",
        "class", "n", "search moves median/p95/max", "sum"
    );
    for (name, cases) in classes {
        let mut moves: Vec<usize> = cases
            .iter()
            .map(|case| {
                search_work(&case.table, &case.hand, &case.rules, case.deck)
                    .expect("a position the deck can hold")
            })
            .collect();
        moves.sort_unstable();
        println!(
            "{name:<38} {:>4}   {:>9} / {:>9} / {:>9}   {:>14}",
            moves.len(),
            quantile(&moves, 0.5),
            quantile(&moves, 0.95),
            quantile(&moves, 1.0),
            moves.iter().sum::<usize>()
        );
    }
}

/// The pivots and the simplex effort the program alone takes per class, solved to the end:
/// each class's median and max, then the geometric means of those over the classes. The
/// same on every run, so two builds of the program compare free of the machine's noise.
/// With `--each`, every position's.
fn count_program_work(classes: &[(String, Vec<Case>)], each: bool) {
    println!(
        "{:<38} {:>4}   {:>19}   {:>25}",
        "class", "n", "pivots median/max", "effort median/max"
    );
    let (mut logs, mut counted) = ([0.0f64; 4], 0.0);
    for (name, cases) in classes {
        let mut pivots: Vec<u64> = Vec::new();
        let mut effort: Vec<u64> = Vec::new();
        for case in cases {
            let work = program_work(&case.table, &case.hand, &case.rules, case.deck)
                .expect("a position the deck can hold");
            pivots.push(work.pivots);
            effort.push(work.effort);
            if each {
                println!(
                    "  {name} {:>3}: {:>8} pivots {:>11} effort",
                    pivots.len() - 1,
                    pivots[pivots.len() - 1],
                    effort[effort.len() - 1]
                );
            }
        }
        pivots.sort_unstable();
        effort.sort_unstable();
        let figures = [
            quantile(&pivots, 0.5),
            quantile(&pivots, 1.0),
            quantile(&effort, 0.5),
            quantile(&effort, 1.0),
        ];
        for (log, figure) in logs.iter_mut().zip(figures) {
            *log += (figure.max(1) as f64).ln();
        }
        counted += 1.0;
        println!(
            "{name:<38} {:>4}   {:>8} / {:>8}   {:>11} / {:>11}",
            pivots.len(),
            figures[0],
            figures[1],
            figures[2],
            figures[3]
        );
    }
    let mean = |log: f64| (log / counted).exp();
    println!(
        "{:<38} {:>4}   {:>8.1} / {:>8.1}   {:>11.0} / {:>11.0}",
        "geometric mean over the classes",
        "",
        mean(logs[0]),
        mean(logs[1]),
        mean(logs[2]),
        mean(logs[3])
    );
}

/// `arrange` of [`PILES`] piles of 20 to 104 cards, and the program asked whether each, as
/// a hand onto an empty table, goes out: the cards of a dealt table (they can be laid out),
/// with none to five cards of its hand added (mostly they then can't).
fn time_piles() -> (Vec<Duration>, Vec<Duration>, usize) {
    let rules = Rules::default();
    let deck = deal::three_players();
    let empty = Table::new(Vec::new());
    let (mut ours, mut theirs, mut disagree) = (Vec::new(), Vec::new(), 0);
    for seed in 0..PILES {
        let dealt = deal::deal(700_000 + seed, 20 + (seed as usize * 7) % 80, 10);
        let mut pile: Vec<HandCard> = dealt.table.cards().map(TableCard::physical).collect();
        pile.extend(dealt.hand.cards().iter().take(seed as usize % 6));
        let hand = Hand::new(pile.clone());
        let (mut a, mut b, mut same) = (Duration::MAX, Duration::MAX, true);
        for _ in 0..REPEATS {
            let start = Stopwatch::start();
            let laid = std::hint::black_box(arrange(&pile, &rules, deck)).is_some();
            a = a.min(start.elapsed());
            let start = Stopwatch::start();
            let best = std::hint::black_box(ilp::ilp_optimum(&empty, &hand, &rules, deck));
            b = b.min(start.elapsed());
            same &= laid == (best.deadwood == 0);
        }
        ours.push(a);
        theirs.push(b);
        disagree += usize::from(!same);
    }
    (ours, theirs, disagree)
}

/// `arrange` of the whole shoe, and the program asked whether the shoe, as a hand onto an
/// empty table, goes out.
fn time_shoe() -> (Vec<Duration>, Vec<Duration>) {
    let rules = Rules::default();
    let deck = deal::three_players();
    let mut shoe: Vec<HandCard> = Card::all()
        .flat_map(|c| [HandCard::Real(c), HandCard::Real(c)])
        .collect();
    shoe.extend([HandCard::Joker, HandCard::Joker]);
    let mut rng = deal::Rng::new(7);
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let empty = Table::new(Vec::new());
    for _ in 0..20 {
        rng.shuffle(&mut shoe);
        let hand = Hand::new(shoe.clone());
        let (mut a, mut b) = (Duration::MAX, Duration::MAX);
        for _ in 0..REPEATS {
            let start = Stopwatch::start();
            assert!(std::hint::black_box(arrange(&shoe, &rules, deck)).is_some());
            a = a.min(start.elapsed());
            let start = Stopwatch::start();
            let best = std::hint::black_box(ilp::ilp_optimum(&empty, &hand, &rules, deck));
            b = b.min(start.elapsed());
            assert_eq!(best.deadwood, 0);
        }
        ours.push(a);
        theirs.push(b);
    }
    (ours, theirs)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Nearest rank: the smallest value with at least that share of values at or below it.
fn quantile<T: Copy>(sorted: &[T], q: f64) -> T {
    sorted[((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1]
}

/// The last column of a class's line: `all`, or how many positions disagree.
fn agreement(disagree: usize) -> String {
    if disagree == 0 {
        "all".to_string()
    } else {
        format!("{disagree} DISAGREE")
    }
}

/// Median, 95th percentile and maximum of sorted times, in ms.
fn three(times: &[Duration]) -> String {
    format!(
        "{:>7.2} {:>7.2} {:>7.2}",
        ms(quantile(times, 0.5)),
        ms(quantile(times, 0.95)),
        ms(quantile(times, 1.0))
    )
}

fn report(name: &str, ours: &mut [Duration], theirs: &mut [Duration], disagree: usize) {
    if ours.is_empty() {
        return;
    }
    ours.sort();
    theirs.sort();
    println!(
        "{name:<38} {:>4}   {:>25}   {:>25}   {}",
        ours.len(),
        three(ours),
        three(theirs),
        agreement(disagree)
    );
}

/// The solver's time on a position: the fastest of `runs`.
fn solve_time(case: &Case, runs: usize) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Stopwatch::start();
            std::hint::black_box(solve(&case.table, &case.hand, &case.rules, case.deck).ok());
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// The positions of a file: lines of `benches/hard.txt`, or the lines `--climbs N --each`
/// prints (`climbed, 12.34 ms: ...`).
fn positions_in(path: &std::path::Path) -> Vec<Case> {
    let text = std::fs::read_to_string(path).expect("a file of positions");
    text.lines()
        .map(|l| l.trim().trim_start_matches("climbed, ").trim())
        .map(|l| l.split_once(" ms: ").map_or(l, |(_, line)| line))
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| Case::from_line(l).unwrap_or_else(|| panic!("not a position: {l}")))
        .collect()
}

/// `-- --time FILE`: each position of FILE (lines as in `benches/hard.txt`, such as
/// `--climbs --each` prints) solved seven times running, its first time (the memory the
/// process holds is what the positions before left it), its quickest and its median; then
/// each method alone, the quickest of three. For a few positions judged closely, and two
/// builds compared on the same ones.
fn time_positions(path: &std::path::Path) {
    let cases = positions_in(path);
    let alone = |method: Method, case: &Case| {
        (0..3)
            .map(|_| {
                let start = Stopwatch::start();
                std::hint::black_box(
                    solve_alone(method, &case.table, &case.hand, &case.rules, case.deck).ok(),
                );
                start.elapsed()
            })
            .min()
            .unwrap_or_default()
    };
    let (mut firsts, mut quickest, mut medians) = (Vec::new(), Vec::new(), Vec::new());
    for (at, case) in cases.iter().enumerate() {
        let faults_before = minor_faults();
        let mut times: Vec<Duration> = vec![solve_time(case, 1)];
        let first_faults = minor_faults() - faults_before;
        times.extend((1..7).map(|_| solve_time(case, 1)));
        let faults_after = minor_faults();
        std::hint::black_box(solve(&case.table, &case.hand, &case.rules, case.deck).ok());
        let last_faults = minor_faults() - faults_after;
        let first = times[0];
        times.sort();
        let (search, program) = (alone(Method::Search, case), alone(Method::Program, case));
        println!(
            "{at:>3}: first {:6.2}  quickest {:6.2}  median {:6.2} ms   search alone {:6.2}, \
             program alone {:6.2} ms; pages faulted in {first_faults} first, {last_faults} last",
            ms(first),
            ms(times[0]),
            ms(quantile(&times, 0.5)),
            ms(search),
            ms(program)
        );
        firsts.push(ms(first));
        quickest.push(ms(times[0]));
        medians.push(ms(quantile(&times, 0.5)));
    }
    let sum = |v: &[f64]| v.iter().sum::<f64>();
    let past_ten = |v: &[f64]| v.iter().filter(|t| **t > 10.0).count();
    println!(
        "{} positions: first runs {:.1} ms in all ({} past 10 ms), quickest {:.1} ({}), \
         medians {:.1} ({})",
        cases.len(),
        sum(&firsts),
        past_ten(&firsts),
        sum(&quickest),
        past_ten(&quickest),
        sum(&medians),
        past_ten(&medians)
    );
}

/// Finds hard positions for the solver as it is now and writes them to `benches/hard.txt`
/// as two classes named after `name` (`-- --write-hard NAME`), keeping the file's other
/// classes: those [`find_hard`] finds from the first seeds.
fn write_hard(name: &str) {
    let (screened, climbed) = find_hard(0, CLIMB_STEPS);
    for ((start, _), (time, _)) in screened.iter().zip(&climbed) {
        println!("climbed {:.1} ms -> {:.1} ms", ms(*start), ms(*time));
    }
    let screened_name = format!("screened worst 40, {name}");
    let climbed_name = format!("hill-climbed 8, {name}");
    let mut text = String::from(
        "# Hard positions for the solver bench: PLAYERS ACES JOKER ; TABLE ; HAND.\n\
         # Each `## CLASS, SOLVER` was found hard for SOLVER by `cargo bench --bench solver --\n\
         # --write-hard SOLVER` (see write_hard in benches/solver.rs).\n",
    );
    let mut push_class = |class: &str, cases: &mut dyn Iterator<Item = &Case>| {
        text.push_str(&format!("## {class}\n"));
        for case in cases {
            text.push_str(&case.to_line());
            text.push('\n');
        }
    };
    for (class, cases) in hard_classes() {
        if class != screened_name && class != climbed_name {
            push_class(&class, &mut cases.iter());
        }
    }
    push_class(&screened_name, &mut screened.iter().map(|(_, case)| case));
    push_class(&climbed_name, &mut climbed.iter().map(|(_, case)| case));
    std::fs::write(bench_file("hard.txt"), text).expect("write benches/hard.txt");
}

/// Positions, each with the solver's time on it.
type Timed = Vec<(Duration, Case)>;

/// Hard positions for the solver as it is now, from fresh seeds (`block` picks which):
/// 2,800 positions (700 from each of the harsh generators and the full-scale dealer) are
/// screened by the solver's time, the slowest 40 kept; then the slowest 8 of those are
/// hill-climbed, each for `steps` steps: a hand card swapped for another card or a
/// card added or dropped (see [`mutate`]), kept when the solver gets slower, timed again
/// first. Returns the 40 screened, slowest first, and the 8 climbed from the slowest 8 in
/// turn, each timed afresh once climbed (the best of five).
fn find_hard(block: u64, steps: usize) -> (Timed, Timed) {
    let mut screened: Timed = Vec::new();
    for seed in 700 * block..700 * (block + 1) {
        let mut dealt = deal::deal_full_scale(900_000 + seed);
        let full = Case {
            table: std::mem::replace(&mut dealt.table, Table::new(Vec::new())),
            hand: dealt.hand,
            rules: Rules::default(),
            deck: deal::three_players(),
        };
        for case in [
            full,
            harsh::sparse(100_000 + seed),
            harsh::window(200_000 + seed),
            harsh::duplicates(300_000 + seed),
        ] {
            screened.push((solve_time(&case, 1), case));
        }
    }
    // Time the slowest again, more carefully, before choosing.
    screened.sort_by_key(|s| std::cmp::Reverse(s.0));
    screened.truncate(80);
    for (time, case) in &mut screened {
        *time = solve_time(case, 3);
    }
    screened.sort_by_key(|s| std::cmp::Reverse(s.0));
    screened.truncate(40);
    let mut climbed = Vec::new();
    for (start_time, start) in screened.iter().take(8) {
        let mut rng = deal::Rng::new(start.to_line().len() as u64);
        let (mut time, mut case) = (*start_time, start.clone());
        for _ in 0..steps {
            let Some(next) = mutate(&case, &mut rng) else {
                continue;
            };
            let t = solve_time(&next, 2);
            if t <= time {
                continue;
            }
            // Timed again before it is kept: a step that timed slower once may only have
            // met a slow moment of the machine.
            let t = t.min(solve_time(&next, 3));
            if t > time {
                (time, case) = (t, next);
            }
        }
        // The time the climb reports is taken afresh, not the one that won a step.
        climbed.push((solve_time(&case, 5), case));
    }
    (screened, climbed)
}

/// Steps each hill climb takes, unless `--steps N` says.
const CLIMB_STEPS: usize = 150;

/// Climbs `climbs` times against the solver as it is (`-- --climbs N`), each from its own
/// seeds (see [`find_hard`]), and prints each climb's 8 times, then the means of their
/// medians and of their slowest, the middle climb's median, the slowest of all, and how
/// many climbs ended with a position past 10 ms. The plain ILP is timed on every climbed
/// position too (the best of two), and each answer checked against it. With `--each`, each
/// climbed position is printed as a line of `benches/hard.txt`. A set climbed
/// against one solver is hard for that solver in particular, and most changes make it
/// quicker: two solvers are compared fairly by their own climbs, from the same seeds.
/// Nothing is written.
fn report_climbs(climbs: u64, steps: usize, each: bool) {
    let (mut medians, mut slowest) = (Vec::new(), Vec::new());
    let (mut ilp_medians, mut behind, mut disagree) = (Vec::new(), 0, 0);
    for block in 0..climbs {
        let (_, climbed) = find_hard(block, steps);
        let mut times: Vec<Duration> = climbed.iter().map(|(t, _)| *t).collect();
        times.sort();
        let mut plain: Vec<Duration> = Vec::new();
        for (time, case) in &climbed {
            let mut best = Duration::MAX;
            for _ in 0..2 {
                let start = Stopwatch::start();
                let answer = std::hint::black_box(ilp::ilp_optimum(
                    &case.table,
                    &case.hand,
                    &case.rules,
                    case.deck,
                ));
                best = best.min(start.elapsed());
                let ours = solve(&case.table, &case.hand, &case.rules, case.deck)
                    .expect("a position the deck can hold");
                disagree += usize::from(ours.deadwood != answer.deadwood);
            }
            behind += usize::from(*time > best);
            plain.push(best);
        }
        plain.sort();
        let shown: Vec<String> = times.iter().map(|t| format!("{:.2}", ms(*t))).collect();
        println!(
            "climb {block:>2}: {} ms   (plain ILP median {:.1}, max {:.1} ms)",
            shown.join(" "),
            ms(quantile(&plain, 0.5)),
            ms(quantile(&plain, 1.0))
        );
        if each {
            for (time, case) in &climbed {
                println!("  climbed, {:.2} ms: {}", ms(*time), case.to_line());
            }
        }
        medians.push(ms(quantile(&times, 0.5)));
        slowest.push(ms(quantile(&times, 1.0)));
        ilp_medians.push(ms(quantile(&plain, 0.5)));
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let mut sorted = medians.clone();
    sorted.sort_by(f64::total_cmp);
    let middle = sorted.get(sorted.len() / 2).copied().unwrap_or_default();
    let past_ten = slowest.iter().filter(|t| **t > 10.0).count();
    let most = slowest.iter().copied().fold(0.0, f64::max);
    println!(
        "over {climbs} climbs: median {:.2} ms (the middle climb's {:.2}), slowest {:.2} ms \
         (at most {most:.2}; past 10 ms in {past_ten}), means over the climbs; plain ILP \
         median {:.1} ms; behind the plain ILP on {behind} positions; {}",
        mean(&medians),
        middle,
        mean(&slowest),
        mean(&ilp_medians),
        agreement(disagree)
    );
}

/// A hand one step away: a card swapped for another, added or dropped (10-30 cards kept),
/// or `None` when the step would hold more of a card than the deck does (two decks, two
/// jokers: the table and the hand together hold at most two of each card).
fn mutate(case: &Case, rng: &mut deal::Rng) -> Option<Case> {
    let mut hand = case.hand.cards().to_vec();
    let random_card = |rng: &mut deal::Rng| {
        if rng.chance(3) {
            HandCard::Joker
        } else {
            Card::from_index(rng.below(52)).map_or(HandCard::Joker, HandCard::Real)
        }
    };
    match rng.below(4) {
        0 if hand.len() < 30 => hand.push(random_card(rng)),
        1 if hand.len() > 10 => {
            hand.swap_remove(rng.below(hand.len()));
        }
        _ => {
            let at = rng.below(hand.len().max(1));
            if at < hand.len() {
                hand[at] = random_card(rng);
            }
        }
    }
    let next = Case {
        hand: Hand::new(hand),
        ..case.clone()
    };
    next.is_real().then_some(next)
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
    std::fs::write(bench_file("positions.txt"), text).expect("write benches/positions.txt");
    println!("wrote {written} positions to benches/positions.txt");
}

/// The processor time this thread has used since it started: a solve's own work, less the
/// waits while other work on a shared machine has the processor.
struct Stopwatch(Duration);

impl Stopwatch {
    fn start() -> Stopwatch {
        Stopwatch(thread_cpu())
    }

    fn elapsed(&self) -> Duration {
        thread_cpu().saturating_sub(self.0)
    }
}

#[cfg(unix)]
fn thread_cpu() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for the call to write.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &raw mut now) };
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// The pages this thread has faulted in so far without reading a disk: memory the
/// system handed over (and cleared) for the first time, or again after it was given back.
#[cfg(unix)]
fn minor_faults() -> i64 {
    // SAFETY: a zeroed rusage is a valid value for the call to write over.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `usage` is a valid rusage for the call to write.
    unsafe { libc::getrusage(libc::RUSAGE_THREAD, &raw mut usage) };
    usage.ru_minflt
}

#[cfg(not(unix))]
fn minor_faults() -> i64 {
    0
}

/// Where the thread's processor time can't be read, the time on the clock since the first
/// call.
#[cfg(not(unix))]
fn thread_cpu() -> Duration {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}
