//! `kill -9` at random moments of a scripted game: after every kill, each step the session
//! acknowledged is in the saved record, the record is a beginning of the game's whole log,
//! and the next session leaves no temporary file behind. `CRASH_KILLS=N` sets the number
//! of kills (24 by default, a few seconds); the moments come from a fixed seed, or
//! `CRASH_SEED`.

use crate::test::{Home, command as carousel};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

const SCRIPT: &str = include_str!("../../examples/three-players.carousel");

fn log_of(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    carousel::seal::check(&text).unwrap();
    let record = carousel::games::manipulation::game::GameRecord::from_toml(&text).unwrap();
    record.play.map_or_else(Vec::new, |p| p.log)
}

/// The script's lines that say something, each followed by a marker word the REPL does not
/// know: its error on stderr acknowledges the line before it.
fn marked_script() -> (String, usize) {
    let mut script = String::new();
    let mut lines = 0;
    for line in SCRIPT.lines() {
        let line = line.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        lines += 1;
        script.push_str(&format!("{line}\nack{lines}\n"));
    }
    (script, lines)
}

/// A small deterministic generator (xorshift), so a failing moment can be replayed.
struct Moments(u64);

impl Moments {
    fn next(&mut self, below: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % below
    }
}

/// Plays the marked script; kills the session after `kill_after` (or never); returns the
/// last line acknowledged.
fn run(home: &Path, game: &Path, script: &str, kill_after: Option<Duration>) -> usize {
    let mut child = carousel(home)
        .arg("play")
        .arg(game)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let script = script.to_string();
    let feeder = std::thread::spawn(move || {
        // One line at a time, so the kill can fall between any two of them.
        for line in script.lines() {
            if writeln!(stdin, "{line}").is_err() {
                break;
            }
            let _ = stdin.flush();
            std::thread::sleep(Duration::from_millis(1));
        }
    });
    let acked = Arc::new(Mutex::new(0));
    let seen = Arc::clone(&acked);
    let stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            if let Some(n) = line
                .split('"')
                .nth(1)
                .and_then(|w| w.strip_prefix("ack"))
                .and_then(|n| n.parse::<usize>().ok())
            {
                *seen.lock().unwrap() = n;
            }
        }
    });
    if let Some(after) = kill_after {
        std::thread::sleep(after);
        let _ = child.kill(); // SIGKILL
    }
    let _ = child.wait();
    // The reader ends with the pipe; what it saw is what was acknowledged before the kill.
    reader.join().unwrap();
    feeder.join().unwrap();
    *acked.lock().unwrap()
}

#[test]
fn kill_9_at_random_moments_loses_no_acknowledged_step() {
    let kills: usize = std::env::var("CRASH_KILLS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(24);
    let seed: u64 = std::env::var("CRASH_SEED")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0x5eed_cafe);
    let (script, lines) = marked_script();

    // The whole game once, uninterrupted: every record after a kill begins its log.
    let home = Home::new();
    let whole = home.path().join("whole.toml");
    assert_eq!(run(home.path(), &whole, &script, None), lines);
    let full_log = log_of(&whole);
    let mut moments = Moments(seed);
    let mut tmp_seen = 0;
    let mut lock_seen = 0;
    for kill in 0..kills {
        let dir = tempfile::tempdir().unwrap();
        let game = dir.path().join("g.toml");
        let after = Duration::from_millis(moments.next(lines as u64 * 4 + 40));
        let acked = run(dir.path(), &game, &script, Some(after));
        let saved = if game.exists() {
            log_of(&game)
        } else {
            Vec::new()
        };
        assert!(
            full_log.starts_with(&saved),
            "kill {kill} (after {after:?}): the record is not a beginning of the game: {saved:?}"
        );
        // Every acknowledged line's steps are there: replaying the acknowledged lines
        // alone gives no more steps than were saved.
        if acked > 0 {
            let replay_dir = tempfile::tempdir().unwrap();
            let replay = replay_dir.path().join("r.toml");
            let acked_script: String = script
                .lines()
                .take(acked * 2)
                .map(|l| format!("{l}\n"))
                .collect();
            run(replay_dir.path(), &replay, &acked_script, None);
            let needed = log_of(&replay).len();
            assert!(
                saved.len() >= needed,
                "kill {kill} (after {after:?}): {acked} lines acknowledged, {needed} steps, but {} saved",
                saved.len()
            );
        }
        // Temporary saves, and the lock file a killed session could not remove.
        let temps = |d: &Path| {
            std::fs::read_dir(d)
                .unwrap()
                .flatten()
                .filter(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    matches!(
                        std::path::Path::new(&name)
                            .extension()
                            .and_then(|e| e.to_str()),
                        Some("tmp" | "lock")
                    )
                })
                .count()
        };
        let left = |end: &str| {
            std::fs::read_dir(dir.path())
                .unwrap()
                .flatten()
                .any(|e| e.file_name().to_string_lossy().ends_with(end))
        };
        tmp_seen += usize::from(left(".tmp"));
        lock_seen += usize::from(left(".lock"));
        // The next session goes on with the game and sweeps what the kill left.
        if game.exists() {
            let out = carousel(dir.path())
                .arg("play")
                .arg(&game)
                .stdin(Stdio::null())
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(
                temps(dir.path()),
                0,
                "kill {kill}: a temporary file is left"
            );
            assert_eq!(log_of(&game), saved);
        }
    }
    // Not an assertion on timing: just what the run met, for `--nocapture`.
    println!(
        "{kills} kills: {tmp_seen} left a temporary file, {lock_seen} a lock file; all gone after the next session"
    );
}
