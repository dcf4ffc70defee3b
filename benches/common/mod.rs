//! The games the benches play, as the referee saves them: Carousel for three and Canadian
//! Rummy for four in two sides, played through the session's own steps, as the log writes
//! them, under a target no game reaches.

#![allow(dead_code, unreachable_pub)]

use carousel::desk::Desk;
use carousel::family::InPlay;
use carousel::games::canadian::play::Game as CanadianGame;
use carousel::games::canadian::{CanadianRules, Variant};
use carousel::games::manipulation::play::Game as CarouselGame;
use carousel::games::manipulation::rules::Rules;
use carousel::rules::GameRules;
use carousel::session::Session;
use std::time::Duration;

/// A target no game of these reaches: every round is played, none after the end.
pub const NO_END: &str = "4000000000";

pub fn sealed<G: Desk>(title: &str, game: &Session<G>) -> String {
    carousel::seal::sealed(title, &InPlay::record_text(game))
}

pub const PLAYERS: [&str; 4] = ["alice", "bob", "carol", "dave"];

pub fn names(count: usize) -> Vec<String> {
    PLAYERS[..count].iter().map(ToString::to_string).collect()
}

/// Takes each step as the log writes it.
pub fn play<G: Desk>(game: &mut Session<G>, steps: &[String]) {
    for line in steps {
        let step = game.parse_step(line).expect("a step of the log");
        game.apply(step)
            .unwrap_or_else(|e| panic!("{line}: refused: {e}"));
    }
}

/// Carousel for three: in each round the two after the dealer draw, meld and end their
/// turns, the dealer draws, melds twice and knocks, and the other two give their hands.
pub fn carousel_game(rounds: usize) -> CarouselGame {
    let mut rules = Rules::default();
    rules.set("target", NO_END).expect("a target");
    let mut game = CarouselGame::new(names(3), rules).expect("a game");
    for round in 0..rounds {
        let dealer = round % 3;
        let [first, second, last] = [1, 2, 0].map(|k| PLAYERS[(dealer + k) % 3]);
        let steps = [
            format!("{first}: draw"),
            format!("{first}: play = 7s 7d 7c"),
            format!("{first}: done"),
            format!("{second}: draw"),
            format!("{second}: play = 8s 8d 8c"),
            format!("{second}: done"),
            format!("{last}: draw"),
            format!("{last}: play = 9s 9d 9c | 10s 10d 10c"),
            if round % 2 == 0 {
                format!("{last}: knock 5")
            } else {
                format!("{last}: knock Ac Ad Ah As Ac")
            },
            format!("{first}: hand {}", 12 + round % 20),
            format!("{second}: hand {}", 30 + round % 7),
        ];
        play(&mut game, &steps);
    }
    game
}

/// Canadian Rummy for four in two sides: in each hand one player goes out, each side's
/// melds are given, and each player's hand.
pub fn canadian_game(rounds: usize) -> CanadianGame {
    let mut rules = CanadianRules::default();
    rules.set("target", NO_END).expect("a target");
    let mut game = CanadianGame::new(Variant::Canadian, names(4), None, rules).expect("a game");
    for round in 0..rounds {
        let out = PLAYERS[round % 4];
        let other = PLAYERS[(round + 1) % 4];
        let [a, b, c] = [1, 2, 3].map(|k| PLAYERS[(round + k) % 4]);
        let steps = [
            format!("out {out}"),
            format!("melds {out}: Ks Kh 2c | Qs Qd Qh *"),
            format!("melds {other}: {}", 50 + 5 * (round % 10)),
            format!("hand {out}: 0"),
            format!("hand {a}: Qs 5h"),
            format!("hand {b}: 3d 2c"),
            format!("hand {c}: {}", 5 * (round % 8)),
        ];
        play(&mut game, &steps);
    }
    game
}

/// The processor time of this thread so far: the benches time the referee's own work,
/// whatever else the machine does.
#[cfg(unix)]
pub fn thread_cpu() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for the call to write.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &raw mut now) };
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

#[cfg(not(unix))]
pub fn thread_cpu() -> Duration {
    Duration::ZERO
}

/// A duration in milliseconds, for the tables.
pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Time on the clock, or (`cpu`) the processor time this thread has used: that leaves out
/// the waits while other work on the machine has the processor, and the waits for the disk.
pub struct Stopwatch {
    wall: std::time::Instant,
    cpu: Option<Duration>,
}

impl Stopwatch {
    pub fn start(cpu: bool) -> Stopwatch {
        Stopwatch {
            wall: std::time::Instant::now(),
            cpu: cpu.then(thread_cpu),
        }
    }

    pub fn elapsed(&self) -> Duration {
        match self.cpu {
            Some(started) => thread_cpu().saturating_sub(started),
            None => self.wall.elapsed(),
        }
    }
}
