//! Times the log of play, which every game of the family shares: a saved game resumed (its
//! log replayed), one step undone, and a line typed at the referee, for a game of 100 rounds
//! and one of 400, of Carousel and of Canadian Rummy; then a record of 100,000 rounds opened
//! once, with its log and written by hand (rounds only). `cargo bench --bench log`.
//!
//! The games are played here through the session's own steps, as the log writes them (a
//! Carousel round: three turns of a draw and a meld, a knock, the two hands left; a Canadian
//! hand: who went out, both sides' melds, the four hands), under a target no game reaches,
//! and saved as the referee saves them.
//!
//! What is timed, each [`REPEATS`] times after one turn not counted, the two sizes taking
//! turns (100, 400, 100, 400, ...); the min and the median are printed in ms:
//! - `resume`: the saved text read and its log replayed, as `carousel play FILE` opens it
//!   (less reading the file and locking it);
//! - `undo`: one step taken back (then redone, untimed, so that each undo finds the same game);
//! - `step`: a step of the next round read from its line and taken, not saved, after another
//!   (both undone after, untimed); `step after undo`: the step before it, the first after an
//!   undo, which pays for moving the log to a place with room to grow;
//! - `save: the text`, `save: the write`: the game's whole text made, and written to a file
//!   as every save writes it (synced to the disk);
//! - `line ...`: one line typed at the referee on the game in its file, as the REPL runs it,
//!   the save after a step included: `status`, `scoreboard`, `undo` (redone after, untimed)
//!   and a step of the game (undone after, untimed).
//!
//! The last column is the median of the ratios 400/100 of each turn: about 4 says that a row
//! grows with the length of the log, as resume and undo should; about 16 would say it grows
//! with its square; about 1, that it does not grow. A record of 100,000 rounds is then played
//! and opened once.
//!
//! `-- --rounds N` opens a record of N rounds instead of 100,000; `-- --quick` skips it.
//! `-- --in DIR` keeps the games' files in DIR (`/dev/shm`, a file system in memory, leaves
//! out the wait for the disk). `-- --write DIR` writes the games of 100 and 400 rounds into
//! DIR (with `--rounds N`, the records of N rounds too) and times nothing, to time
//! `carousel play FILE` as a whole process. `-- --cpu` times the processor time the bench's
//! thread uses instead of the time on the clock (on unix): on a machine busy with other
//! work its figures move less, and they leave out the waits for the disk.

/// The binary's allocator (see `src/main.rs`), so that the game is timed as it runs there.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod common;

use carousel::console::Console;
use carousel::desk::Desk;
use carousel::family::InPlay;
use carousel::render::look::Look;
use carousel::repl::{PlayArgs, Referee};
use carousel::session::Session;
use common::{PLAYERS, Stopwatch, canadian_game, carousel_game, ms, sealed};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

const REPEATS: usize = 21;
const SIZES: [usize; 2] = [100, 400];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    if args.iter().any(|a| a == "--cpu") {
        if cfg!(not(unix)) {
            eprintln!("--cpu reads a clock of unix systems");
            return;
        }
        CPU.store(true, Ordering::Relaxed);
    }
    let rounds: Option<usize> = args
        .iter()
        .position(|a| a == "--rounds")
        .and_then(|at| args.get(at + 1))
        .and_then(|n| n.parse().ok());
    let big = rounds.unwrap_or(100_000);
    if let Some(to) = args
        .iter()
        .position(|a| a == "--write")
        .and_then(|at| args.get(at + 1))
    {
        write_records(Path::new(to), rounds);
        return;
    }
    // `--in DIR`: the games' files go in a temporary directory made in DIR (a memory file
    // system, say, where syncing a file to the disk costs nothing).
    let dir = match args
        .iter()
        .position(|a| a == "--in")
        .and_then(|at| args.get(at + 1))
    {
        Some(parent) => tempfile::tempdir_in(parent),
        None => tempfile::tempdir(),
    }
    .expect("a temporary directory");
    let clock = if CPU.load(Ordering::Relaxed) {
        "processor time of this thread"
    } else {
        "time on the clock"
    };
    println!(
        "Times in ms ({clock}), min / median of {REPEATS}, the two sizes taking turns; \
         400/100: the median of the ratios of each turn."
    );
    for game in [Kind::Carousel, Kind::Canadian] {
        let mut games: Vec<Timed> = SIZES
            .iter()
            .map(|rounds| Timed::new(game, *rounds, dir.path()))
            .collect();
        println!("\n{}:", game.title());
        println!(
            "  {:<20} {:>19} {:>19} {:>8}",
            "",
            format!("{} rounds", SIZES[0]),
            format!("{} rounds", SIZES[1]),
            "400/100"
        );
        for (i, row) in ROWS.iter().enumerate() {
            // One turn of each, not counted, to warm up.
            for g in &mut games {
                g.time(i);
            }
            let mut times: Vec<Vec<Duration>> = vec![Vec::new(); games.len()];
            for _ in 0..REPEATS {
                for (g, t) in games.iter_mut().zip(&mut times) {
                    t.push(g.time(i));
                }
            }
            let mut ratios: Vec<f64> = times[1]
                .iter()
                .zip(&times[0])
                .map(|(a, b)| a.as_secs_f64() / b.as_secs_f64())
                .collect();
            ratios.sort_by(f64::total_cmp);
            let cells: Vec<String> = times
                .iter_mut()
                .map(|t| {
                    t.sort();
                    format!("{:>8.3} / {:>8.3}", ms(t[0]), ms(median(t)))
                })
                .collect();
            println!(
                "  {:<20} {:>19} {:>19} {:>7.1}x",
                row.name(game),
                cells[0],
                cells[1],
                ratios[ratios.len() / 2]
            );
        }
        for g in &games {
            println!(
                "  ({} rounds: {} steps, {} KB saved)",
                g.rounds,
                g.steps,
                g.text.len() / 1024
            );
        }
    }
    if quick {
        return;
    }
    for game in [Kind::Carousel, Kind::Canadian] {
        let start = Stopwatch::start(CPU.load(Ordering::Relaxed));
        let (saved, by_hand) = game.big(big);
        println!(
            "\n{} of {big} rounds, played in {:.1} s; opened once:",
            game.title(),
            start.elapsed().as_secs_f64()
        );
        for (what, text) in [("with its log", saved), ("written by hand", by_hand)] {
            let path = dir.path().join(format!("{}-big.toml", game.name()));
            std::fs::write(&path, &text).expect("the record written");
            let start = Stopwatch::start(CPU.load(Ordering::Relaxed));
            let opened = carousel::catalogue::read_game(&path, &text).expect("opened");
            let took = start.elapsed();
            assert_eq!(opened.finished(), big);
            println!(
                "  {what} ({} MB): {:.0} ms",
                text.len() / (1024 * 1024),
                ms(took)
            );
        }
    }
}

/// What is timed, in the order printed.
#[derive(Clone, Copy)]
enum Row {
    Resume,
    Undo,
    Step,
    StepAfterUndo,
    SaveText,
    SaveWrite,
    /// A line typed at the referee, and one typed after it, untimed, to put the game back.
    Line(&'static str, Option<&'static str>),
    /// The game's own step, typed at the referee, then undone.
    LineStep,
}

const ROWS: [Row; 10] = [
    Row::Resume,
    Row::Undo,
    Row::Step,
    Row::StepAfterUndo,
    Row::SaveText,
    Row::SaveWrite,
    Row::Line("status", None),
    Row::Line("scoreboard", None),
    Row::Line("undo", Some("redo")),
    Row::LineStep,
];

impl Row {
    fn name(self, game: Kind) -> String {
        match self {
            Row::Resume => "resume".to_string(),
            Row::Undo => "undo".to_string(),
            Row::Step => "step".to_string(),
            Row::StepAfterUndo => "step after undo".to_string(),
            Row::SaveText => "save: the text".to_string(),
            Row::SaveWrite => "save: the write".to_string(),
            Row::Line(line, _) => format!("line `{line}`"),
            Row::LineStep => format!("line `{}`", game.step()),
        }
    }
}

/// A game of one size, saved, resumed, and open at a referee, with what it needs to be timed.
struct Timed {
    kind: Kind,
    rounds: usize,
    steps: usize,
    text: String,
    path: PathBuf,
    scratch: PathBuf,
    opened: Box<dyn InPlay>,
    referee: Referee,
    /// The steps before the ones timed as `step`, to be read as `step after undo`.
    after_undo: std::collections::VecDeque<Duration>,
}

impl Timed {
    fn new(kind: Kind, rounds: usize, dir: &Path) -> Timed {
        let text = kind.saved(rounds);
        let path = dir.join(format!("{}-{rounds}.toml", kind.name()));
        std::fs::write(&path, &text).expect("the record written");
        let opened = carousel::catalogue::read_game(&path, &text).expect("resumed");
        let referee = open_referee(&path);
        Timed {
            kind,
            rounds,
            steps: logged_steps(&text),
            scratch: dir.join(format!("{}-{rounds}.scratch.toml", kind.name())),
            text,
            path,
            opened,
            referee,
            after_undo: std::collections::VecDeque::new(),
        }
    }

    /// Times row `row` of [`ROWS`] once.
    fn time(&mut self, row: usize) -> Duration {
        let look = Look::plain(80);
        let start = Stopwatch::start(CPU.load(Ordering::Relaxed));
        match ROWS[row] {
            Row::Resume => {
                let game = carousel::catalogue::read_game(&self.path, &self.text).expect("resumed");
                let took = start.elapsed();
                assert_eq!(game.finished(), self.rounds);
                took
            }
            Row::Undo => {
                self.opened.undo(1, look).expect("undone");
                let took = start.elapsed();
                self.opened.redo(1, look).expect("redone");
                took
            }
            Row::Step => {
                let steps = self.kind.log_steps(self.rounds);
                let [first, next] = self.kind.time_steps(self.opened.as_mut(), &steps);
                self.after_undo.push_back(first);
                next
            }
            Row::StepAfterUndo => self.after_undo.pop_front().expect("timed with the step"),
            Row::SaveText => {
                std::hint::black_box(carousel::seal::sealed(
                    self.opened.kind().title(),
                    &self.opened.record_text(),
                ));
                start.elapsed()
            }
            Row::SaveWrite => {
                carousel::store::write_atomically(&self.scratch, &self.text).expect("written");
                start.elapsed()
            }
            Row::Line(line, after) => {
                let took = typed(&mut self.referee, line);
                if let Some(after) = after {
                    typed(&mut self.referee, after);
                }
                took
            }
            Row::LineStep => {
                let took = typed(&mut self.referee, self.kind.step());
                typed(&mut self.referee, "undo");
                took
            }
        }
    }
}

/// Writes the games the bench times into `dir`, `carousel-100.toml` and so on, to be timed
/// as whole processes (`carousel play FILE` with a line piped in); with `big`, the records of
/// that many rounds too, with the log (`carousel-N.toml`) and written by hand
/// (`carousel-N-by-hand.toml`).
fn write_records(dir: &Path, big: Option<usize>) {
    std::fs::create_dir_all(dir).expect("the directory made");
    for game in [Kind::Carousel, Kind::Canadian] {
        let mut texts: Vec<(String, String)> = SIZES
            .iter()
            .map(|rounds| (format!("{}-{rounds}", game.name()), game.saved(*rounds)))
            .collect();
        if let Some(big) = big {
            let (saved, by_hand) = game.big(big);
            texts.push((format!("{}-{big}", game.name()), saved));
            texts.push((format!("{}-{big}-by-hand", game.name()), by_hand));
        }
        for (name, text) in texts {
            let path = dir.join(format!("{name}.toml"));
            std::fs::write(&path, text).expect("the record written");
            println!("{}", path.display());
        }
    }
}

#[derive(Clone, Copy)]
enum Kind {
    Carousel,
    Canadian,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Carousel => "carousel",
            Kind::Canadian => "canadian",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Kind::Carousel => "Carousel",
            Kind::Canadian => "Canadian Rummy",
        }
    }

    /// A step typed at the referee in the round in progress (the first of a round).
    fn step(self) -> &'static str {
        match self {
            Kind::Carousel => "draw",
            Kind::Canadian => "out alice",
        }
    }

    /// The first two steps of the round after `rounds` rounds, as the log writes them.
    fn log_steps(self, rounds: usize) -> [String; 2] {
        match self {
            Kind::Carousel => [0, 0].map(|_| format!("{}: draw", PLAYERS[(rounds + 1) % 3])),
            Kind::Canadian => ["out alice".to_string(), "melds bob: 85".to_string()],
        }
    }

    /// How long each of `steps` takes on the game, not saved (then both undone, untimed).
    fn time_steps(self, game: &mut dyn InPlay, steps: &[String; 2]) -> [Duration; 2] {
        match self {
            Kind::Carousel => time_steps::<carousel::games::manipulation::play::Setup>(game, steps),
            Kind::Canadian => time_steps::<carousel::games::canadian::play::Setup>(game, steps),
        }
    }

    /// The saved text of a game of `rounds` rounds, as the referee saves it.
    fn saved(self, rounds: usize) -> String {
        match self {
            Kind::Carousel => sealed("Carousel", &carousel_game(rounds)),
            Kind::Canadian => sealed("Canadian Rummy", &canadian_game(rounds)),
        }
    }

    /// A game of `rounds` rounds as the referee saves it, and its record written by hand:
    /// the rounds alone, with no log.
    fn big(self, rounds: usize) -> (String, String) {
        match self {
            Kind::Carousel => {
                let game = carousel_game(rounds);
                let mut record = game.to_record();
                record.play = None;
                let by_hand = toml::to_string_pretty(&record).expect("a record");
                (sealed("Carousel", &game), by_hand)
            }
            Kind::Canadian => {
                let game = canadian_game(rounds);
                let mut record = game.to_record();
                record.play = None;
                (sealed("Canadian Rummy", &game), record.to_toml())
            }
        }
    }
}

/// Takes `steps` one after the other and gives how long each took, then undoes them. The
/// first, taken just after an undo, finds the log replayed with no room to grow: it pays for
/// the log's move to a larger place, which the steps after it do not.
fn time_steps<G: Desk + 'static>(game: &mut dyn InPlay, steps: &[String; 2]) -> [Duration; 2] {
    let game: &mut Session<G> = game.as_any_mut().downcast_mut().expect("the game");
    let took = steps.clone().map(|line| {
        let start = Stopwatch::start(CPU.load(Ordering::Relaxed));
        let step = game.parse_step(&line).expect("a step of the log");
        game.apply(step)
            .unwrap_or_else(|e| panic!("{line}: refused: {e}"));
        start.elapsed()
    });
    game.undo(2).expect("undone");
    took
}

/// How many steps the log of a saved text holds: the lines of its `log` array.
fn logged_steps(text: &str) -> usize {
    text.split_once("\nlog = [")
        .and_then(|(_, rest)| rest.split_once("\n]"))
        .map_or(0, |(log, _)| log.matches("\n    \"").count())
}

/// The referee of a REPL session, with the game in `path` open (a copy of it, so that the
/// record the other timings read stays as it was).
fn open_referee(path: &Path) -> Referee {
    let copy = PathBuf::from(format!("{}.repl.toml", path.display()));
    std::fs::copy(path, &copy).expect("a copy of the record");
    let args = PlayArgs {
        game: Some(copy),
        rules: None,
        echo: false,
        share: None,
    };
    let (mut c, _) = Console::captured("", Look::plain(80), true);
    Referee::start(&args, None, &mut c).expect("the game opened")
}

/// Types `line` at the referee and returns how long it took; a line refused is a failure of
/// the bench.
fn typed(referee: &mut Referee, line: &str) -> Duration {
    let (mut c, printed) = Console::captured("", Look::plain(80), true);
    let start = Stopwatch::start(CPU.load(Ordering::Relaxed));
    let (outcome, _) = referee.line(line, Some(1), &mut c);
    let took = start.elapsed();
    assert_eq!(
        outcome,
        carousel::repl::Outcome::Accepted,
        "`{line}`: {}",
        printed.out()
    );
    took
}

/// Whether the bench times the processor's work for this thread (`--cpu`) rather than the
/// time on the clock.
static CPU: AtomicBool = AtomicBool::new(false);

fn median(times: &[Duration]) -> Duration {
    times[times.len() / 2]
}
