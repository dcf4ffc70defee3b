//! The live page under load, on 127.0.0.1 only: 50 pages hold their stream of events open
//! while a scripted game of Carousel of 10 rounds is typed at the referee, line after line
//! as fast as the referee takes them. Every page must see every step (the bench fails
//! otherwise); the time of each line at the referee is printed with sharing and without,
//! over [`REPEATS`] games each, in microseconds: on the clock (median, 99th percentile,
//! slowest), and the processor time of the referee's thread (median, 99th percentile).
//! The games are saved in `/dev/shm` when there is one (a file system in memory), so that
//! the wait for the disk's sync after each step does not hide the referee's own work.
//! `cargo bench --bench share`; `-- --pages N` holds N pages open instead of 50; `-- --in
//! DIR` saves the games in DIR.

/// The binary's allocator (see `src/main.rs`), so that the referee is timed as it runs there.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod common;

use carousel::console::Console;
use carousel::render::look::Look;
use carousel::repl::{Outcome, PlayArgs, Referee};
use carousel::store::Dirs;
use common::thread_cpu;
use std::io::{BufRead, BufReader};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const ROUNDS: usize = 10;
const REPEATS: usize = 5;
const PAGES: usize = 50;
/// How long every page has, after the last line, to have seen it.
const CATCH_UP: Duration = Duration::from_secs(60);

/// The lines of a game of `ROUNDS` rounds: three turns and a round's result each.
fn script() -> Vec<String> {
    let mut lines = vec![
        "new alice bob carol".to_string(),
        "rules target 5000".to_string(),
    ];
    for round in 0..ROUNDS {
        let knocker = ["alice", "bob", "carol"][round % 3];
        lines.extend(
            [
                "draw",
                "meld 7h 8h 9h",
                "done",
                "draw 3",
                "done",
                "draw",
                "add 1 10h",
                "done",
            ]
            .map(String::from),
        );
        let hands: Vec<String> = ["alice", "bob", "carol"]
            .iter()
            .map(|p| format!("{p}={}", if *p == knocker { 2 } else { 15 }))
            .collect();
        lines.push(format!("round knock {knocker} {}", hands.join(" ")));
    }
    lines
}

/// A line's time: on the clock, and the referee thread's processor time, in microseconds.
#[derive(Clone, Copy)]
struct Took {
    wall: f64,
    cpu: f64,
}

/// A referee in a fresh home, sharing on 127.0.0.1 when `share`; its page's address.
fn referee(share: bool, home: &std::path::Path) -> (Referee, Option<String>) {
    let dirs = Dirs {
        data: home.join("data"),
        state: home.join("state"),
        config: home.join("config"),
    };
    let args = PlayArgs {
        game: Some(home.join("game.toml")),
        share: share.then(|| "127.0.0.1:0".to_string()),
        ..PlayArgs::default()
    };
    let (mut c, printed) = Console::captured("", Look::plain(80), true);
    let referee = Referee::start(&args, Some(dirs), &mut c).expect("the session starts");
    let url = printed
        .out()
        .lines()
        .find(|l| l.starts_with("http://"))
        .map(|l| l.trim().to_string());
    (referee, url)
}

/// A page's stream read on a thread: the number of every snapshot it is sent, until `last`.
fn page(url: &str, last: mpsc::Receiver<u64>, seen: mpsc::Sender<Vec<u64>>) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let response = agent
        .get(&format!("{url}events"))
        .call()
        .expect("the stream opens");
    std::thread::spawn(move || {
        let reader = BufReader::new(response.into_body().into_reader());
        let mut numbers = Vec::new();
        let mut until = None;
        for line in reader.lines() {
            let Ok(line) = line else { break };
            if let Some(id) = line.strip_prefix("id:") {
                numbers.push(id.trim().parse::<u64>().expect("a number"));
            }
            if until.is_none() {
                until = last.try_recv().ok();
            }
            if until.is_some_and(|u| numbers.last() >= Some(&u)) {
                break;
            }
        }
        let _ = seen.send(numbers);
    });
}

/// The time of each line typed, in microseconds; with `pages` pages following when sharing.
fn play(share: bool, pages: usize, dir: &std::path::Path) -> Vec<Took> {
    let home = tempfile::tempdir_in(dir).expect("a home");
    let (mut referee, url) = referee(share, home.path());
    let mut lasts = Vec::new();
    let (seen_tx, seen) = mpsc::channel();
    if let Some(url) = &url {
        for _ in 0..pages {
            let (tx, rx) = mpsc::channel();
            page(url, rx, seen_tx.clone());
            lasts.push(tx);
        }
        // Every page has its first snapshot before the game starts.
        std::thread::sleep(Duration::from_millis(500));
    }
    let mut times = Vec::new();
    for line in script() {
        let (mut c, printed) = Console::captured("", Look::plain(80), true);
        let (start, cpu) = (Instant::now(), thread_cpu());
        let (outcome, _) = referee.line(&line, Some(1), &mut c);
        times.push(Took {
            wall: start.elapsed().as_secs_f64() * 1e6,
            cpu: thread_cpu().saturating_sub(cpu).as_secs_f64() * 1e6,
        });
        assert_eq!(outcome, Outcome::Accepted, "{line}: {}", printed.out());
    }
    if let Some(url) = &url {
        // Every line of the script is a step: the server's last snapshot is the one after
        // them all, once the server's thread has taken it.
        let steps = script().len() as u64;
        let agent: ureq::Agent = ureq::Agent::config_builder().build().into();
        let start = Instant::now();
        let last = loop {
            let now: serde_json::Value = serde_json::from_str(
                &agent
                    .get(&format!("{url}view.json"))
                    .call()
                    .expect("the snapshot")
                    .body_mut()
                    .read_to_string()
                    .expect("its text"),
            )
            .expect("JSON");
            let seq = now["seq"].as_u64().expect("a number");
            if seq > steps {
                break seq;
            }
            assert!(
                start.elapsed() < CATCH_UP,
                "the server never took the last step"
            );
            std::thread::sleep(Duration::from_millis(10));
        };
        for tx in &lasts {
            let _ = tx.send(last);
        }
        // A step after the last wakes every page up to see that it has the last.
        let (mut c, _) = Console::captured("", Look::plain(80), true);
        referee.line("draw", Some(1), &mut c);
        for page in 0..pages {
            let numbers = seen.recv_timeout(CATCH_UP).expect("every page catches up");
            let first = numbers[0];
            let expected: Vec<u64> = (first..=last).collect();
            assert!(
                numbers.starts_with(&expected),
                "page {page} missed a step: saw {numbers:?}"
            );
            assert!(
                last - first + 1 >= steps,
                "page {page} came late: from {first}"
            );
        }
    }
    times
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let at = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[at]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pages = args
        .iter()
        .position(|a| a == "--pages")
        .and_then(|i| args.get(i + 1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(PAGES);
    let shm = std::path::Path::new("/dev/shm");
    let dir = args
        .iter()
        .position(|a| a == "--in")
        .and_then(|i| args.get(i + 1))
        .map_or_else(
            || {
                if shm.is_dir() {
                    shm.to_path_buf()
                } else {
                    std::env::temp_dir()
                }
            },
            std::path::PathBuf::from,
        );
    println!(
        "A game of {ROUNDS} rounds ({} lines) typed {REPEATS} times, saved in {}; a line in us:",
        script().len(),
        dir.display()
    );
    println!(
        "{:<24} {:>8} {:>8} {:>8} {:>8} {:>8}",
        "", "median", "p99", "max", "cpu med", "cpu p99"
    );
    for (what, share, open) in [
        ("not shared".to_string(), false, 0),
        (format!("shared, {pages} pages open"), true, pages),
    ] {
        let mut all = Vec::new();
        for _ in 0..REPEATS {
            all.extend(play(share, open, &dir));
        }
        let mut wall: Vec<f64> = all.iter().map(|t| t.wall).collect();
        let mut cpu: Vec<f64> = all.iter().map(|t| t.cpu).collect();
        wall.sort_by(f64::total_cmp);
        cpu.sort_by(f64::total_cmp);
        println!(
            "{what:<24} {:>8.0} {:>8.0} {:>8.0} {:>8.0} {:>8.0}",
            percentile(&wall, 0.5),
            percentile(&wall, 0.99),
            wall[wall.len() - 1],
            percentile(&cpu, 0.5),
            percentile(&cpu, 0.99),
        );
    }
    println!("Every page saw every step.");
}
