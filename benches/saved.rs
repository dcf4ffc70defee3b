//! Times the saved games listed (`games`, `stats`, the REPL's `games` and `resume 3`) over
//! 1,000 small saved games and over 100 games of 50 rounds, and measures the memory `tally`,
//! `export` (CSV, Markdown, JSON), `chart` and `stats` hold per round of a record.
//! `cargo bench --bench saved`.
//!
//! The games are played through the session's own steps and saved as the referee saves them
//! (with their log): Carousel for three and Canadian Rummy for four, half of each.
//!
//! Listing, in process: each row timed [`REPEATS`] times after one turn not counted, min and
//! median in ms of the processor time of the bench's thread (on unix; the time on the clock
//! elsewhere): `catalogue::list` (what `games` and the REPL's `resume N` read), the scored
//! games `stats` reads, and the REPL given `games` and `resume 3` on its input.
//! As whole processes: the binary run with its data directory in the bench's, the median of
//! [`REPEATS`] runs of the processor time (user and system) and of the time on the clock.
//!
//! Memory: a record of 100 rounds and one of 10,000 of each game, read by the commands as
//! whole processes (their output thrown away): the peak resident memory of each, and the
//! growth from 100 to 10,000 rounds divided by the 9,900 rounds between them. In process,
//! with an allocator that counts: the most bytes allocated at once while a record is read and
//! scored (`catalogue::read_scored`), and the bytes it keeps, per round the same way.
//!
//! `-- --quick` skips the whole processes; `-- --list-only` and `-- --memory-only` run one part.
//! `-- --before BIN` also measures the memory of another build of the binary (the program
//! before a change), each command's runs taking turns with this one's.

mod common;

use carousel::console::Console;
use carousel::render::look::Look;
use carousel::store::Dirs;
use common::{Stopwatch, canadian_game, carousel_game, ms, sealed};
use std::alloc::{GlobalAlloc, Layout};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The binary's allocator, counting the bytes it holds and the most it has held.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = LIVE.fetch_add(by, Ordering::Relaxed) + by;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

// SAFETY: every call is passed on to mimalloc unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout, passed on.
        let p = unsafe { mimalloc::MiMalloc.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout, passed on.
        let p = unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's pointer and layout, passed on.
        unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's pointer, layout and size, passed on.
        let p = unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            grew(new_size);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

const REPEATS: usize = 11;
const BIN: &str = env!("CARGO_BIN_EXE_carousel");

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "--measure") {
        measure(&args[at + 1..]);
        return;
    }
    let has = |flag: &str| args.iter().any(|a| a == flag);
    let quick = has("--quick");
    let root = tempfile::tempdir().expect("a temporary directory");
    if !has("--memory-only") {
        listing(root.path(), quick);
    }
    let before = args
        .iter()
        .position(|a| a == "--before")
        .and_then(|at| args.get(at + 1))
        .map(String::as_str);
    if !has("--list-only") {
        memory(root.path(), quick, before);
    }
}

/// The directories the binary finds with `XDG_DATA_HOME` and the others set to `ROOT/data`,
/// `ROOT/state` and `ROOT/config` ([`process`]).
fn dirs_in(root: &Path) -> Dirs {
    Dirs {
        data: root.join("data").join("carousel"),
        state: root.join("state").join("carousel"),
        config: root.join("config").join("carousel"),
    }
}

/// `count` saved games of `rounds` rounds each, half of them Carousel, half Canadian Rummy.
fn saved_games(root: &Path, count: usize, rounds: usize) -> Dirs {
    let dirs = dirs_in(root);
    let games = dirs.games();
    std::fs::create_dir_all(&games).expect("the games directory");
    let texts = [
        sealed("Carousel", &carousel_game(rounds)),
        sealed("Canadian Rummy", &canadian_game(rounds)),
    ];
    for i in 0..count {
        let path = games.join(format!("game-{i:04}.toml"));
        std::fs::write(path, &texts[i % 2]).expect("a game written");
    }
    dirs
}

/// A row of the listing: what it runs.
type Row<'a> = Box<dyn Fn() + 'a>;

/// The arguments of a command, given the record it reads.
type Args = fn(&Path) -> Vec<String>;

/// `export GAME --format FORMAT`.
fn export(game: &Path, format: &str) -> Vec<String> {
    vec![
        "export".into(),
        game.display().to_string(),
        "--format".into(),
        format.into(),
    ]
}

fn listing(root: &Path, quick: bool) {
    println!(
        "The saved games listed: ms of processor time, min / median of {REPEATS} (in process); \
         median of {REPEATS} runs, processor / clock (whole processes)."
    );
    for (count, rounds) in [(1000, 3), (100, 50)] {
        let dirs = saved_games(&root.join(format!("list-{count}-{rounds}")), count, rounds);
        let bytes: u64 = std::fs::read_dir(dirs.games())
            .expect("the games")
            .flatten()
            .filter_map(|e| e.metadata().ok())
            .map(|m| m.len())
            .sum();
        println!(
            "\n{count} games of {rounds} rounds ({} KB in all):",
            bytes / 1024
        );
        let rows: [(&str, Row); 4] = [
            (
                "games (the list)",
                Box::new(|| {
                    let list = carousel::catalogue::list(&dirs);
                    assert_eq!(list.len(), count);
                    assert!(list.iter().all(|s| s.summary.is_some()));
                }),
            ),
            (
                "stats (scored games)",
                Box::new(|| {
                    let (games, skipped) = carousel::catalogue::scored_games(&dirs);
                    assert_eq!((games.len(), skipped.len()), (count, 0));
                    std::hint::black_box(carousel::games::stats(&games));
                }),
            ),
            ("REPL `games`", Box::new(|| repl(&dirs, "games\n"))),
            ("REPL `resume 3`", Box::new(|| repl(&dirs, "resume 3\n"))),
        ];
        for (name, row) in &rows {
            row();
            let mut times: Vec<Duration> = (0..REPEATS)
                .map(|_| {
                    let start = Stopwatch::start(cfg!(unix));
                    row();
                    start.elapsed()
                })
                .collect();
            times.sort();
            println!(
                "  {name:<26} {:>8.2} / {:>8.2}",
                ms(times[0]),
                ms(times[REPEATS / 2])
            );
        }
        if quick {
            continue;
        }
        for (name, line, input) in [
            ("carousel games", vec!["games"], ""),
            ("carousel stats", vec!["stats"], ""),
            ("carousel < resume 3", vec![], "resume 3\n"),
        ] {
            let mut runs: Vec<(Duration, Duration)> = (0..=REPEATS)
                .map(|_| process(BIN, &line, input, &dirs).0)
                .skip(1)
                .collect();
            let cpu = median_of(runs.iter().map(|r| r.0).collect());
            runs.sort_by_key(|r| r.1);
            println!(
                "  {name:<26} {:>8.1} / {:>8.1}   (whole process)",
                ms(cpu),
                ms(runs[REPEATS / 2].1)
            );
        }
    }
}

/// The REPL with `input` on its standard input, the saved games in `dirs`.
fn repl(dirs: &Dirs, input: &str) {
    let (mut c, printed) = Console::captured(input, Look::plain(80), true);
    carousel::repl::run_with(
        &carousel::repl::PlayArgs::default(),
        Some(dirs.clone()),
        &mut c,
    );
    let out = printed.out();
    assert!(!out.contains("damaged"), "{out}");
    std::hint::black_box(out);
}

/// Runs the binary with `args` and `input`, its directories those of `dirs`: its processor
/// time (user and system) and time on the clock, and its peak resident memory in KiB. It is
/// started by a fresh copy of this bench (`--measure`), whose memory is small: a process
/// started by one counts the memory of the one that started it in its peak.
fn process(bin: &str, args: &[&str], input: &str, dirs: &Dirs) -> ((Duration, Duration), u64) {
    use std::io::Write;
    let root = |dir: &Path| {
        dir.parent()
            .expect("a directory in the bench's")
            .to_path_buf()
    };
    let start = Instant::now();
    let mut child = Command::new(std::env::current_exe().expect("the bench"))
        .arg("--measure")
        .arg(bin)
        .args(args)
        .env("XDG_DATA_HOME", root(&dirs.data))
        .env("XDG_STATE_HOME", root(&dirs.state))
        .env("XDG_CONFIG_HOME", root(&dirs.config))
        .env("HOME", root(&dirs.data))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the bench started");
    let mut stdin = child.stdin.take().expect("its input");
    stdin
        .write_all(input.as_bytes())
        .expect("its input written");
    drop(stdin);
    let out = child.wait_with_output().expect("measured");
    let wall = start.elapsed();
    let text = String::from_utf8_lossy(&out.stdout);
    let mut words = text
        .split_whitespace()
        .map(|w| w.parse::<u64>().expect("a count"));
    let (cpu, peak) = (
        words.next().expect("the time"),
        words.next().expect("the memory"),
    );
    ((Duration::from_micros(cpu), wall), peak)
}

/// `--measure BIN ARGS...`: runs BIN with ARGS, its input this process's, its output thrown
/// away, and prints its processor time in microseconds and its peak resident memory in KiB.
fn measure(command: &[String]) {
    #[allow(clippy::zombie_processes)] // waited for by `reaped`, which reads its usage
    let child = Command::new(&command[0])
        .args(&command[1..])
        .stdin(Stdio::inherit())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary started");
    let (cpu, peak) = reaped(child.id());
    println!("{} {peak}", cpu.as_micros());
}

/// Waits for the child `pid`: the processor time it used and its peak resident memory (KiB).
/// (Its `Child` is not waited for again: it is dropped, which does not wait.)
#[cfg(unix)]
fn reaped(pid: u32) -> (Duration, u64) {
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for the call to write over.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our child, not yet waited for; both pointers are valid.
    unsafe { libc::wait4(pid as libc::pid_t, &raw mut status, 0, &raw mut usage) };
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    (
        time(usage.ru_utime) + time(usage.ru_stime),
        usage.ru_maxrss as u64,
    )
}

#[cfg(not(unix))]
fn reaped(_pid: u32) -> (Duration, u64) {
    (Duration::ZERO, 0)
}

fn memory(root: &Path, quick: bool, before: Option<&str>) {
    const SMALL: usize = 100;
    const LARGE: usize = 10_000;
    println!(
        "\nMemory per round of a record (saved with its log), from {SMALL} to {LARGE} rounds:"
    );
    let dir = root.join("memory");
    std::fs::create_dir_all(&dir).expect("a directory");
    for (title, name) in [("Carousel", "carousel"), ("Canadian Rummy", "canadian")] {
        let paths: Vec<PathBuf> = [SMALL, LARGE]
            .iter()
            .map(|rounds| {
                let text = match name {
                    "carousel" => sealed(title, &carousel_game(*rounds)),
                    _ => sealed(title, &canadian_game(*rounds)),
                };
                let path = dir.join(format!("{name}-{rounds}.toml"));
                std::fs::write(&path, text).expect("a record written");
                path
            })
            .collect();
        let size = |p: &Path| std::fs::metadata(p).expect("a record").len();
        println!(
            "\n{title} ({} bytes a round saved):",
            (size(&paths[1]) - size(&paths[0])) / (LARGE - SMALL) as u64
        );
        let per_round = |a: usize, b: usize| (b as f64 - a as f64) / (LARGE - SMALL) as f64;
        let held: Vec<(usize, usize)> = paths
            .iter()
            .map(|path| {
                let before = LIVE.load(Ordering::Relaxed);
                PEAK.store(before, Ordering::Relaxed);
                let game = carousel::catalogue::read_scored(path).expect("scored");
                let kept = LIVE.load(Ordering::Relaxed) - before;
                let peak = PEAK.load(Ordering::Relaxed) - before;
                drop(game);
                (peak, kept)
            })
            .collect();
        println!(
            "  in process, read and scored: at most {:.0} bytes a round, {:.0} kept",
            per_round(held[0].0, held[1].0),
            per_round(held[0].1, held[1].1)
        );
        if quick {
            continue;
        }
        let stats_dirs: Vec<Dirs> = paths
            .iter()
            .enumerate()
            .map(|(i, path)| {
                let dirs = dirs_in(&dir.join(format!("{name}-stats-{i}")));
                std::fs::create_dir_all(dirs.games()).expect("a games directory");
                std::fs::copy(path, dirs.games().join("game.toml")).expect("copied");
                dirs
            })
            .collect();
        let commands: [(&str, Args); 7] = [
            ("tally", |p| vec!["tally".into(), p.display().to_string()]),
            ("tally --json", |p| {
                vec!["tally".into(), p.display().to_string(), "--json".into()]
            }),
            ("export --format csv", |p| export(p, "csv")),
            ("export --format md", |p| export(p, "md")),
            ("export --format json", |p| export(p, "json")),
            ("chart --json", |p| {
                vec!["chart".into(), p.display().to_string(), "--json".into()]
            }),
            ("stats", |_| vec!["stats".into()]),
        ];
        for (command, args) in commands {
            // The least of 3 runs of each binary at each length, the binaries taking turns.
            let mut least = [[u64::MAX; 2]; 2];
            for _ in 0..3 {
                for (b, bin) in [Some(BIN), before].into_iter().enumerate() {
                    let Some(bin) = bin else { continue };
                    for (i, (path, dirs)) in paths.iter().zip(&stats_dirs).enumerate() {
                        let args = args(path);
                        let args: Vec<&str> = args.iter().map(String::as_str).collect();
                        least[b][i] = least[b][i].min(process(bin, &args, "", dirs).1);
                    }
                }
            }
            let growth =
                |peaks: [u64; 2]| per_round(peaks[0] as usize * 1024, peaks[1] as usize * 1024);
            let peaks = least[0];
            print!(
                "  {command:<22} {:>6} KiB at {SMALL} rounds, {:>7} KiB at {LARGE}: {:.0} bytes a round",
                peaks[0],
                peaks[1],
                growth(peaks)
            );
            match before {
                Some(_) => println!(
                    " (before: {} KiB, {} KiB: {:.0})",
                    least[1][0],
                    least[1][1],
                    growth(least[1])
                ),
                None => println!(),
            }
        }
    }
}

fn median_of(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}
