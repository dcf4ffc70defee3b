//! "Nothing the table entered is lost, no input makes it panic": the durability promises of
//! the README, each through the binary as a player or a script meets it. Test names start
//! with the item of the audit they answer (closed stdout, counts, two sessions, truncation,
//! failed saves, links, leftovers, error places, names, files written over, text shown raw,
//! the lock and temporary files).

use crate::test::{
    BIN, Home, Ran, carousel as carousel_test, command as carousel, example, example_text,
};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc;

/// Runs a script through `carousel play ARGS` in the home at `home`. A session that refuses
/// to start reads none of the script: a closed pipe is no failure.
fn play(home: &Path, args: &[&str], script: &[u8]) -> Ran {
    Home::at(home)
        .test()
        .arg("play")
        .args(args)
        .stdin(script)
        .any_status()
        .run()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn no_panic(out: &Output) {
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_ne!(out.status.code(), Some(101), "{stderr}");
}

/// A run through the builder: it has refused a panic already; 101 is a panic's status.
fn no_panic_ran(out: &Ran) {
    assert_ne!(out.status, 101, "{}", out.stderr);
}

/// A REPL kept open on a game, fed a line at a time; each line is followed by a marker
/// word the REPL does not know, whose error on stderr says the line before it is done.
struct Session {
    child: Child,
    stdin: ChildStdin,
    errors: mpsc::Receiver<String>,
    marks: usize,
}

impl Session {
    fn open(home: &Path, game: &Path) -> Session {
        let mut child = carousel(home)
            .arg("play")
            .arg(game)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stderr = child.stderr.take().unwrap();
        let (tx, errors) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin,
            errors,
            marks: 0,
        }
    }

    /// Sends a line and waits until it is done; returns what it said on stderr.
    fn line(&mut self, line: &str) -> Vec<String> {
        self.marks += 1;
        let mark = format!("mark{}", self.marks);
        writeln!(self.stdin, "{line}\n{mark}").unwrap();
        self.stdin.flush().unwrap();
        let mut said = Vec::new();
        for got in &self.errors {
            if got.contains(&format!("\"{mark}\"")) {
                return said;
            }
            said.push(got);
        }
        panic!("the session ended before {mark}: {said:?}");
    }

    /// Ends the input; returns the exit status and the rest of stderr.
    fn close(self) -> (i32, Vec<String>) {
        let Session {
            mut child,
            stdin,
            errors,
            ..
        } = self;
        drop(stdin);
        let status = child.wait().unwrap();
        let rest: Vec<String> = errors.iter().filter(|l| !l.contains("\"mark")).collect();
        (status.code().unwrap_or(-1), rest)
    }
}

fn log_of(path: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let record = carousel::games::manipulation::game::GameRecord::from_saved(&text).unwrap();
    record.play.unwrap().log
}

// ---- 1. A closed or full stdout ----

#[test]
fn item1_a_full_stdout_is_an_error_not_a_panic() {
    let Ok(full) = std::fs::File::create("/dev/full") else {
        return; // No /dev/full on this system.
    };
    let home = Home::new();
    let out = carousel(home.path())
        .args(["arrange", "7h 8h 9h *"])
        .stdout(full)
        .output()
        .unwrap();
    no_panic(&out);
    assert_eq!(out.status.code(), Some(3));
    assert!(text(&out.stderr).contains("cannot write the output"));
}

/// Issue: `--help`, `--version` and the REPL's `help` to /dev/full exited 0 having said
/// nothing; each says it could not write, with status 3.
#[test]
fn help_and_version_to_a_full_stdout_say_so_with_status_3() {
    for args in [&["--help"][..], &["--version"][..], &["play"][..]] {
        let Ok(full) = std::fs::File::create("/dev/full") else {
            return; // No /dev/full on this system.
        };
        let home = Home::new();
        let mut child = carousel(home.path())
            .args(args)
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // `--help` may have said its say and gone before the line is written: a closed
        // pipe then is no failure.
        let _ = child.stdin.take().unwrap().write_all(b"help\n");
        let out = child.wait_with_output().unwrap();
        no_panic(&out);
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        assert!(
            text(&out.stderr).contains("cannot write the output"),
            "{args:?}"
        );
    }
}

/// Issue: `redo` did not survive a resume: the steps undone are kept in the record, and the
/// next session takes them again.
#[test]
fn redo_survives_a_resume() {
    let home = Home::new();
    let game = home.dir("g.toml");
    let play = |script: &str| {
        let mut child = carousel(home.path())
            .arg("play")
            .arg(&game)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(script.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    play("new ann ben\nround knock ann ann=3 ben=20\nround knock ann ann=3 ben=20\nundo\n");
    let out = play("redo\nscoreboard\n");
    assert!(out.contains("Redone: round knock ann"), "{out}");
    assert!(out.contains("+17 = 34"), "{out}");
}

#[test]
fn item1_a_closed_pipe_ends_quietly() {
    let home = Home::new();
    // The reader is gone before the command writes.
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "(sleep 0.2; '{BIN}' arrange '7h 8h 9h *'; echo \"rc=$?\" >&2) | true"
        ))
        .env("HOME", home.path())
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(stderr.trim(), "rc=0");
}

#[test]
fn item1_a_repl_piped_to_head_ends_quietly_with_its_game_saved() {
    let home = Home::new();
    let game = home.path().join("f.toml");
    let game_arg = game.to_str().unwrap();
    let made = play(home.path(), &[game_arg], b"new alice bob carol\ndraw\n");
    assert!(made.status == 0);
    // More output than a pipe holds, read 3 lines of it, then the reader leaves.
    let mut script = format!("resume {game_arg}\n");
    script.push_str(&"status\nhistory\n".repeat(2000));
    script.push_str("draw\n");
    let mut child = carousel(home.path())
        .arg("play")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(script.as_bytes());
    });
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    for _ in 0..3 {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
    }
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    no_panic(&out);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "");
    // It stopped at the closed pipe: the draw at the end of the script was never made.
    assert_eq!(log_of(&game), vec!["bob: draw"]);
}

// ---- 2. Counts ----

#[test]
fn item2_a_card_count_past_u32_is_refused_and_never_logged() {
    let home = Home::new();
    let game = home.path().join("x.toml");
    let out = play(
        home.path(),
        &[game.to_str().unwrap()],
        b"new alice bob carol\ncards bob 4294967295\ndraw\n",
    );
    no_panic_ran(&out);
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("bob cannot hold 4294967295"));
    assert_eq!(log_of(&game), vec!["bob: draw"]);
    assert!(
        out.stdout
            .contains("bob draws (first draw): 11 cards in hand, stock 75.")
    );
}

#[test]
fn item2_score_totals_are_exact_or_refused() {
    let home = Home::new();
    let out = carousel(home.path())
        .args([
            "score",
            "alice=4294967295",
            "bob=4294967295",
            "carol=1",
            "--json",
        ])
        .output()
        .unwrap();
    no_panic(&out);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("would pass 4294967295"));
    // Just under the top, exact.
    let out = carousel(home.path())
        .args(["score", "alice=4294967294", "bob=1", "carol=1", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("\"bob\":4294967293"),
        "{}",
        text(&out.stdout)
    );
    // A tally whose totals pass the top is refused, not stopped at 4294967295.
    let record = home.path().join("big.toml");
    let round = "[[round]]\n[round.hands]\nalice = 4294967295\nbob = 1\n";
    std::fs::write(
        &record,
        format!("players = [\"alice\", \"bob\"]\n[rules]\ntarget = 4294967295\n{round}{round}"),
    )
    .unwrap();
    let out = carousel(home.path())
        .arg("tally")
        .arg(&record)
        .output()
        .unwrap();
    no_panic(&out);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("round 2: bob's total would pass"),
        "{}",
        text(&out.stderr)
    );
}

// ---- 3. Two sessions on one game ----

#[test]
fn item3_a_second_session_is_refused_and_the_first_keeps_every_step() {
    let home = Home::new();
    let game = home.path().join("g.toml");
    let made = play(
        home.path(),
        &[game.to_str().unwrap()],
        b"new alice bob carol\n",
    );
    assert!(made.status == 0);
    let mut a = Session::open(home.path(), &game);
    assert_eq!(a.line("draw"), Vec::<String>::new());
    assert_eq!(a.line("meld 8h 9h *10h"), Vec::<String>::new());
    // Session B on the same file: told who holds it, and changes nothing.
    let b = play(
        home.path(),
        &[game.to_str().unwrap()],
        b"draw\nmeld Ks Kh Kc\n",
    );
    assert_eq!(b.status, 2);
    let said = b.stderr;
    assert!(said.contains("open in another carousel session"), "{said}");
    assert!(
        said.contains(&format!("process {}", a.child.id())),
        "{said}"
    );
    // `resume` inside a REPL is refused the same way.
    let c = play(
        home.path(),
        &[],
        format!("resume {}\n", game.display()).as_bytes(),
    );
    assert!(c.stderr.contains("open in another carousel session"));
    assert_eq!(a.line("done"), Vec::<String>::new());
    let (status, rest) = a.close();
    assert_eq!(status, 2, "{rest:?}"); // the marker words were not understood
    assert_eq!(
        log_of(&game),
        vec!["bob: draw", "bob: play = 8h 9h *10h", "bob: done"]
    );
    // Once A has left, the game opens again.
    let b = play(home.path(), &[game.to_str().unwrap()], b"draw\n");
    assert!(b.status == 0, "{}", b.stderr);
    assert_eq!(log_of(&game).len(), 4);
}

#[test]
fn item3_a_file_changed_underneath_is_never_overwritten() {
    let home = Home::new();
    let game = home.path().join("g.toml");
    let made = play(
        home.path(),
        &[game.to_str().unwrap()],
        b"new alice bob carol\n",
    );
    assert!(made.status == 0);
    let mut a = Session::open(home.path(), &game);
    assert!(a.line("draw").is_empty());
    let other = "players = [\"dave\", \"erin\"]\n";
    std::fs::write(&game, other).unwrap();
    let said = a.line("meld 8h 9h *10h").join("\n");
    assert!(said.contains("changed on disk"), "{said}");
    assert!(said.contains("save FILE"), "{said}");
    let (status, rest) = a.close();
    assert_eq!(status, 3, "{rest:?}");
    assert!(rest.join("\n").contains("NOT saved"), "{rest:?}");
    assert_eq!(std::fs::read_to_string(&game).unwrap(), other);
}

// ---- 4. A truncated save ----

/// The record of a whole game, as the referee saves it.
fn saved_game(home: &Path) -> PathBuf {
    let game = home.join("g.toml");
    let script = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/three-players.carousel"
    ))
    .unwrap();
    let out = play(home, &[game.to_str().unwrap()], &script);
    assert!(out.status == 0, "{}", out.stderr);
    game
}

#[test]
fn item4_a_save_cut_at_any_byte_never_loads_as_another_game() {
    let home = Home::new();
    let path = saved_game(home.path());
    let whole = std::fs::read_to_string(&path).unwrap();
    let game = carousel::games::manipulation::play::Game::load(&path).unwrap();
    let cut_path = home.path().join("cut.toml");
    let mut loaded = 0;
    for cut in 0..whole.len() {
        if !whole.is_char_boundary(cut) {
            continue;
        }
        std::fs::write(&cut_path, &whole[..cut]).unwrap();
        if let Ok(other) = carousel::games::manipulation::play::Game::load(&cut_path) {
            assert_eq!(other, game, "cut at byte {cut} loads as another game");
            loaded += 1;
        }
    }
    // Only the cut that drops the final newline loads, as the same game.
    assert_eq!(loaded, 1);
}

#[test]
fn item4_a_cut_record_is_reported_with_its_line_and_left_alone() {
    let home = Home::new();
    let path = saved_game(home.path());
    let whole = std::fs::read_to_string(&path).unwrap();
    for after in ["target = ", "carol = 4", "]\n"] {
        let cut = whole.find(after).unwrap() + after.len();
        let cut_text = &whole[..cut];
        std::fs::write(&path, cut_text).unwrap();
        let out = play(home.path(), &[path.to_str().unwrap()], b"draw\n");
        assert_eq!(out.status, 2);
        let said = out.stderr;
        assert!(said.contains("is damaged and was left as it is"), "{said}");
        assert!(said.contains("without its end mark"), "{said}");
        assert!(
            said.contains(&format!("line {}", cut_text.lines().count())),
            "{said}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), cut_text);
        let tally = carousel(home.path())
            .arg("tally")
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(tally.status.code(), Some(2));
    }
    // A record changed after its mark was written is refused too: with what the change
    // breaks when it breaks the game, else with the checksum.
    let changed = whole.replace("carol = 47", "carol = 4");
    std::fs::write(&path, &changed).unwrap();
    let out = play(home.path(), &[path.to_str().unwrap()], b"");
    assert!(
        out.stderr.contains("hands.carol: the record says 4"),
        "{}",
        out.stderr
    );
    let changed = whole.replace("going-out-bonus = 25", "going-out-bonus = 26");
    assert_ne!(changed, whole);
    std::fs::write(&path, &changed).unwrap();
    let out = play(home.path(), &[path.to_str().unwrap()], b"");
    assert_eq!(out.status, 2);
    let said = out.stderr;
    assert!(
        said.contains("does not match") && said.contains("line "),
        "{said}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), changed);
    // Written by hand, with no mark: read as it is.
    let tally = carousel(home.path())
        .arg("tally")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/finished-game.toml"
        ))
        .output()
        .unwrap();
    assert!(tally.status.success());
}

// ---- 5. Failed saves ----

#[test]
fn item5_a_failed_save_exits_non_zero_and_says_where_the_game_can_go() {
    let home = Home::new();
    let dir = home.path().join("games");
    let game = dir.join("g.toml");
    std::fs::create_dir(&dir).unwrap();
    let made = play(
        home.path(),
        &[game.to_str().unwrap()],
        b"new alice bob carol\n",
    );
    assert!(made.status == 0);
    let mut a = Session::open(home.path(), &game);
    assert!(a.line("draw").is_empty());
    // The directory goes away and a file takes its name: no save can land there now (as
    // on a full disk, and for root too, whom a read-only directory does not stop).
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::write(&dir, "not a directory").unwrap();
    let said = a.line("meld 8h 9h *10h").join("\n");
    assert!(said.contains("could not be saved"), "{said}");
    let (status, rest) = a.close();
    assert_eq!(status, 3);
    let rest = rest.join("\n");
    assert!(rest.contains("the game is NOT saved"), "{rest}");
    assert!(rest.contains("save FILE"), "{rest}");

    // The same, then `save FILE`: the game goes on in the new file, and all is well.
    std::fs::remove_file(&dir).unwrap();
    std::fs::create_dir(&dir).unwrap();
    let made = play(
        home.path(),
        &[game.to_str().unwrap()],
        b"new alice bob carol\n",
    );
    assert!(made.status == 0);
    let mut a = Session::open(home.path(), &game);
    assert!(a.line("status").is_empty()); // open, and holding the game
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::write(&dir, "not a directory").unwrap();
    assert!(a.line("draw").join("\n").contains("could not be saved"));
    let elsewhere = home.path().join("elsewhere.toml");
    assert!(a.line(&format!("save {}", elsewhere.display())).is_empty());
    assert!(a.line("meld 8h 9h *10h").is_empty());
    let (status, rest) = a.close();
    assert_eq!(status, 2, "{rest:?}"); // only the marker words
    assert_eq!(
        log_of(&elsewhere),
        vec!["bob: draw", "bob: play = 8h 9h *10h"]
    );
}

// ---- 6. Links and permissions ----

#[cfg(unix)]
#[test]
fn item6_a_symlinked_save_stays_a_link_and_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let home = Home::new();
    let real_dir = home.path().join("real");
    std::fs::create_dir(&real_dir).unwrap();
    let real = real_dir.join("g.toml");
    let made = play(
        home.path(),
        &[real.to_str().unwrap()],
        b"new alice bob carol\n",
    );
    assert!(made.status == 0);
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).unwrap();
    let link = home.path().join("link.toml");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let out = play(home.path(), &[link.to_str().unwrap()], b"draw\n");
    assert!(out.status == 0, "{}", out.stderr);
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(log_of(&real), vec!["bob: draw"]);
    let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    // A hard link: said at once, since a save makes a new file.
    let hard = home.path().join("hard.toml");
    std::fs::hard_link(&real, &hard).unwrap();
    let out = play(home.path(), &[hard.to_str().unwrap()], b"");
    assert!(out.stderr.contains("2 hard links"), "{}", out.stderr);
}

// ---- 7. Leftovers and slow paths ----

#[test]
fn item7_temporary_files_a_kill_left_are_removed_on_open() {
    let home = Home::new();
    let game = home.path().join("g.toml");
    let made = play(
        home.path(),
        &[game.to_str().unwrap()],
        b"new alice bob carol\n",
    );
    assert!(made.status == 0);
    let stale = home.path().join(".g.toml.4242.tmp");
    std::fs::write(&stale, "players = [").unwrap();
    // Temporary saves are named with random letters and digits now, and by the process
    // before: a kill leaves either.
    let random = home.path().join(".g.toml.x7Qa9ZkP2m.tmp");
    std::fs::write(&random, "players = [").unwrap();
    let unrelated = home.path().join(".other.toml.4242.tmp");
    std::fs::write(&unrelated, "x").unwrap();
    let other_game = home.path().join(".g.toml.x.toml.x7Qa9ZkP2m.tmp");
    std::fs::write(&other_game, "x").unwrap();
    let out = play(home.path(), &[game.to_str().unwrap()], b"draw\n");
    assert!(out.status == 0);
    assert!(!stale.exists());
    assert!(!random.exists());
    assert!(unrelated.exists());
    assert!(other_game.exists());
}

#[test]
fn item7_a_megabyte_word_is_echoed_short() {
    let home = Home::new();
    let word = "x".repeat(1 << 20);
    let out = play(home.path(), &[], format!("{word}\n").as_bytes());
    assert_eq!(out.status, 2);
    let said = out.stderr;
    assert!(said.len() < 300, "{} bytes", said.len());
    assert!(said.contains("is not a command"), "{said}");
}

// ---- 8. Errors that name their token ----

fn check(args: &[&str]) -> String {
    carousel_test(&["check"]).args(args).status(2).run().stderr
}

#[test]
fn item8_a_stray_dash_is_named() {
    let said = check(&["--before", "", "--after", "3s-4s--5s"]);
    assert!(said.contains("\"--\" (meld 1, after card 2)"), "{said}");
    let said = check(&["--before", "-", "--after", ""]);
    assert!(said.contains("--before: \"-\" (meld 1"), "{said}");
    assert!(!said.contains('|'), "{said}");
}

#[cfg(unix)]
#[test]
fn item8_bytes_that_are_not_utf8_are_placed() {
    use std::os::unix::ffi::OsStrExt;
    let home = Home::new();
    let arg = std::ffi::OsStr::from_bytes(b"7h 8h \xff");
    let out = carousel(home.path())
        .args(["check", "--before", ""])
        .arg("--after")
        .arg(arg)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let said = text(&out.stderr);
    assert!(
        said.contains("argument 5") && said.contains("byte 7"),
        "{said}"
    );

    let record = home.path().join("bad.toml");
    std::fs::write(&record, b"players = [\"alice\", \"bob\"]\n# \xff\n").unwrap();
    let out = carousel(home.path())
        .arg("tally")
        .arg(&record)
        .output()
        .unwrap();
    let said = text(&out.stderr);
    assert!(
        said.contains("damaged") && said.contains("line 2, byte 3"),
        "{said}"
    );

    let rules = home.path().join("rules.toml");
    std::fs::write(&rules, b"target = 1\xff00\n").unwrap();
    let out = carousel(home.path())
        .args(["arrange", "7h 8h 9h", "--rules"])
        .arg(&rules)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("line 1, byte 11"),
        "{}",
        text(&out.stderr)
    );

    // A line of a script that is not UTF-8 is skipped with its number; the rest goes on.
    let game = home.path().join("g.toml");
    let out = play(
        home.path(),
        &[game.to_str().unwrap()],
        b"new alice bob carol\n\xffdraw\ndraw\n",
    );
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("line 2: error: not UTF-8"));
    assert_eq!(log_of(&game), vec!["bob: draw"]);
}

#[test]
fn item8_a_repeated_rules_key_names_the_key_and_its_line() {
    let home = Home::new();
    let rules = home.path().join("r.toml");
    std::fs::write(&rules, "target = 100\nknock-limit = 3\ntarget = 120\n").unwrap();
    let out = carousel(home.path())
        .args(["arrange", "7h 8h 9h", "--rules"])
        .arg(&rules)
        .output()
        .unwrap();
    let said = text(&out.stderr);
    assert!(said.contains("line 3, \"target\""), "{said}");
}

#[test]
fn item8_an_error_in_play_is_placed_in_play_not_a_round() {
    let home = Home::new();
    let record = home.path().join("g.toml");
    std::fs::write(
        &record,
        "players = [\"alice\", \"bob\"]\n[[round]]\n[round.hands]\nalice = 3\nbob = 0\n[play]\nfirst-dealer = \"alice\"\nlog = 5\n",
    )
    .unwrap();
    let out = carousel(home.path())
        .arg("tally")
        .arg(&record)
        .output()
        .unwrap();
    let said = text(&out.stderr);
    assert!(said.contains("play (line 8)"), "{said}");
    assert!(!said.contains("round 1"), "{said}");
}

// ---- 9. Names ----

#[test]
fn item9_names_that_fold_alike_are_refused() {
    let home = Home::new();
    let out = play(home.path(), &[], "new Åsa åsa bob\n".as_bytes());
    assert_eq!(out.status, 2);
    assert!(out.stderr.contains("are the same name"));
}

#[test]
fn item9_long_four_byte_names_still_make_a_game_file() {
    let home = Home::new();
    let name = "𝒜".repeat(23);
    let out = play(
        home.path(),
        &[],
        format!("new {name}a {name}b {name}c\ndraw\n").as_bytes(),
    );
    assert!(out.status == 0, "{}", out.stderr);
    let games: Vec<_> = std::fs::read_dir(home.path().join("data/carousel/games"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".toml"))
        .collect();
    assert_eq!(games.len(), 1);
}

/// At the terminal, as a player meets it: a failed save is said at its step, the first
/// `quit` only warns and offers `save FILE`, the second leaves with status 3.
#[cfg(unix)]
#[test]
fn item5_at_the_terminal_quit_warns_once_when_the_game_is_not_saved() {
    use rexpect::reader::Options;
    use rexpect::session::spawn_with_options;
    let home = Home::new();
    let dir = home.path().join("games");
    std::fs::create_dir(&dir).unwrap();
    let game = dir.join("g.toml");
    let made = play(
        home.path(),
        &[game.to_str().unwrap()],
        b"new alice bob carol\n",
    );
    assert!(made.status == 0);
    let mut cmd = carousel(home.path());
    cmd.arg("play").arg(&game).env("TERM", "xterm");
    let mut p = spawn_with_options(
        cmd,
        Options::new()
            .timeout_ms(Some(15_000))
            .strip_ansi_escape_codes(true),
    )
    .unwrap();
    p.exp_string("bob to draw> ").unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::write(&dir, "not a directory").unwrap();
    p.send_line("draw").unwrap();
    p.exp_string("could not be saved").unwrap();
    p.exp_string("bob, drawn 1> ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_string("save FILE writes it to another file").unwrap();
    p.exp_string("quit again leaves without saving").unwrap();
    p.exp_string("bob, drawn 1> ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
    let status = p.process().wait().unwrap();
    assert!(format!("{status:?}").ends_with(", 3)"), "{status:?}");
}

#[test]
fn item3_a_game_open_in_a_session_is_not_removed_from_under_it() {
    let home = Home::new();
    let games = home.path().join("data/carousel/games");
    std::fs::create_dir_all(&games).unwrap();
    let path = games.join("g.toml");
    let script = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/three-players.carousel"
    ))
    .unwrap();
    let out = play(home.path(), &[path.to_str().unwrap()], &script);
    assert!(out.status == 0, "{}", out.stderr);
    let mut a = Session::open(home.path(), &path);
    assert!(a.line("status").is_empty());
    let removed = carousel(home.path())
        .args(["games", "--remove", "g", "--yes"])
        .output()
        .unwrap();
    let said = text(&removed.stderr);
    // Exit 2, as `play` refuses it, naming the process (docs/commands.md).
    assert_eq!(removed.status.code(), Some(2), "{said}");
    assert!(
        said.contains("open in another carousel session (process"),
        "{said}"
    );
    assert!(path.exists());
    let _ = a.close();
    let removed = carousel(home.path())
        .args(["games", "--remove", "g", "--yes"])
        .output()
        .unwrap();
    assert!(removed.status.success(), "{}", text(&removed.stderr));
    assert!(!path.exists());
}

/// A Canadian or Carolina game is held the same way: one session at a time, and a file
/// changed underneath is never overwritten (the session says so and exits 3).
#[test]
fn item3_a_carolina_game_is_locked_and_never_overwritten_too() {
    let home = Home::new();
    let game = home.path().join("g.toml");
    let made = play(
        home.path(),
        &[game.to_str().unwrap()],
        b"new --game carolina ann ben cleo\n",
    );
    assert!(made.status == 0, "{}", made.stderr);
    let mut a = Session::open(home.path(), &game);
    assert!(a.line("out ann").is_empty());
    let b = play(home.path(), &[game.to_str().unwrap()], b"out ben\n");
    assert_eq!(b.status, 2);
    let said = b.stderr;
    assert!(said.contains("open in another carousel session"), "{said}");
    std::fs::write(&game, "players = [\"dave\", \"erin\"]\n").unwrap();
    let said = a.line("melds ann none").join("\n");
    assert!(said.contains("changed on disk"), "{said}");
    let (status, rest) = a.close();
    assert_eq!(status, 3, "{rest:?}");
    assert!(rest.join("\n").contains("save FILE"), "{rest:?}");
    assert_eq!(
        std::fs::read_to_string(&game).unwrap(),
        "players = [\"dave\", \"erin\"]\n"
    );
}

/// `save FILE` moves a Canadian or Carolina game to another file when its own is behind.
#[test]
fn item5_a_carolina_game_is_saved_elsewhere_with_save_file() {
    let home = Home::new();
    let game = home.path().join("g.toml");
    let elsewhere = home.path().join("h.toml");
    let out = play(
        home.path(),
        &[game.to_str().unwrap()],
        format!(
            "new --game carolina ann ben cleo\nout ann\nsave {}\nout ben\n",
            elsewhere.display()
        )
        .as_bytes(),
    );
    assert!(out.status == 0, "{}", out.stderr);
    assert!(out.stdout.contains("the game goes on there"));
    let moved = std::fs::read_to_string(&elsewhere).unwrap();
    assert!(moved.contains("carousel-end"), "{moved}");
}

// ---- 10. Nothing is written over unasked ----

/// A game of alice, bob and carol with one round scored, saved in `name` in the home.
fn scored_game(home: &Path, name: &str) -> PathBuf {
    let game = home.join(name);
    let made = play(
        home,
        &[game.to_str().unwrap()],
        b"new alice bob carol\nround knock alice alice=3 bob=20 carol=30\n",
    );
    assert!(made.status == 0, "{}", made.stderr);
    game
}

/// `carousel ARGS` run from the home, so files are named as a player names them.
fn in_home(home: &Path, args: &[&str], stdin: &[u8]) -> Ran {
    Home::at(home)
        .test()
        .current_dir(home)
        .args(args)
        .stdin(stdin)
        .any_status()
        .run()
}

#[test]
fn item10_export_in_the_repl_never_writes_over_the_game_in_play() {
    let home = Home::new();
    let out = in_home(
        home.path(),
        &["play", "g.toml"],
        b"new alice bob carol\nround knock alice alice=3 bob=20 carol=30\nexport csv g.toml\n",
    );
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(!out.stdout.contains("Exported to"), "{}", out.stdout);
    assert!(
        out.stderr.contains("g.toml") && out.stderr.contains("the game in play"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("nothing was written"), "{}", out.stderr);
    let tally = in_home(home.path(), &["tally", "g.toml"], b"");
    assert_eq!(tally.status, 0, "{}", tally.stderr);
    // Nor over another game, in a session that plays neither.
    scored_game(home.path(), "other.toml");
    let before = std::fs::read(home.path().join("other.toml")).unwrap();
    let out = in_home(
        home.path(),
        &["play", "g.toml"],
        b"export markdown other.toml\n",
    );
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains("holds a game"), "{}", out.stderr);
    assert_eq!(
        std::fs::read(home.path().join("other.toml")).unwrap(),
        before
    );
}

#[test]
fn item10_export_and_chart_never_write_over_a_game_record_even_with_force() {
    let home = Home::new();
    let game = scored_game(home.path(), "g.toml");
    let before = std::fs::read(&game).unwrap();
    // A record written by hand (no header, no end mark), one cut short (the header, no
    // end mark), and a Canadian game's record are games too.
    let by_hand = "players = [\"ann\", \"ben\"]\n[[round]]\n[round.hands]\nann = 3\nben = 0\n";
    std::fs::write(home.path().join("hand.toml"), by_hand).unwrap();
    let cut = &before[..before.len() / 2];
    std::fs::write(home.path().join("cut.toml"), cut).unwrap();
    let canadian = example_text("canadian-game.toml");
    std::fs::write(home.path().join("canadian.toml"), &canadian).unwrap();
    for target in ["g.toml", "hand.toml", "cut.toml", "canadian.toml"] {
        let kept = std::fs::read(home.path().join(target)).unwrap();
        for force in [false, true] {
            let mut export = vec!["export", "g.toml", "-o", target];
            let mut chart = vec!["chart", "g.toml", "--svg", target];
            if force {
                export.push("--force");
                chart.push("--force");
            }
            for args in [export, chart] {
                let out = in_home(home.path(), &args, b"");
                assert_eq!(out.status, 2, "{args:?}: {}", out.stderr);
                assert!(
                    out.stderr.contains(target) && out.stderr.contains("holds a game"),
                    "{args:?}: {}",
                    out.stderr
                );
                assert!(
                    out.stderr.contains("nothing was written"),
                    "{args:?}: {}",
                    out.stderr
                );
                assert_eq!(
                    std::fs::read(home.path().join(target)).unwrap(),
                    kept,
                    "{args:?}"
                );
            }
        }
    }
    let tally = in_home(home.path(), &["tally", "g.toml"], b"");
    assert_eq!(tally.status, 0, "{}", tally.stderr);
}

#[test]
fn item10_a_file_a_session_holds_is_never_written_over_even_with_force() {
    let home = Home::new();
    let live = home.path().join("live.toml");
    let mut session = Session::open(home.path(), &live);
    assert!(session.line("new alice bob carol").is_empty());
    let before = std::fs::read(&live).unwrap();
    let finished = example("finished-game.toml");
    let out = in_home(
        home.path(),
        &[
            "export",
            finished.to_str().unwrap(),
            "-o",
            "live.toml",
            "--force",
        ],
        b"",
    );
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("live.toml") && out.stderr.contains("open in"),
        "{}",
        out.stderr
    );
    assert_eq!(std::fs::read(&live).unwrap(), before);
    let _ = session.close();
    // A file that is no record yet but is locked by a session is held all the same.
    let plain = home.path().join("plain.csv");
    std::fs::write(&plain, "keep me\n").unwrap();
    let held = carousel::store::GameFile::hold(&plain).unwrap();
    let out = in_home(
        home.path(),
        &[
            "chart",
            finished.to_str().unwrap(),
            "--svg",
            "plain.csv",
            "--force",
        ],
        b"",
    );
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains("open in"), "{}", out.stderr);
    assert_eq!(std::fs::read_to_string(&plain).unwrap(), "keep me\n");
    drop(held);
}

#[test]
fn item10_an_existing_file_is_replaced_by_export_or_chart_only_with_force() {
    let home = Home::new();
    scored_game(home.path(), "g.toml");
    for (args, name) in [
        (vec!["export", "g.toml", "-o", "notes.csv"], "notes.csv"),
        (vec!["chart", "g.toml", "--svg", "notes.svg"], "notes.svg"),
    ] {
        std::fs::write(home.path().join(name), "keep me\n").unwrap();
        let out = in_home(home.path(), &args, b"");
        assert_eq!(out.status, 2, "{args:?}: {}", out.stderr);
        assert!(
            out.stderr.contains(name)
                && out.stderr.contains("exists already")
                && out.stderr.contains("--force"),
            "{args:?}: {}",
            out.stderr
        );
        assert_eq!(
            std::fs::read_to_string(home.path().join(name)).unwrap(),
            "keep me\n"
        );
        let mut forced = args.clone();
        forced.push("--force");
        let out = in_home(home.path(), &forced, b"");
        assert_eq!(out.status, 0, "{forced:?}: {}", out.stderr);
        let written = std::fs::read_to_string(home.path().join(name)).unwrap();
        assert_ne!(written, "keep me\n");
        // A new file needs no --force.
        std::fs::remove_file(home.path().join(name)).unwrap();
        let out = in_home(home.path(), &args, b"");
        assert_eq!(out.status, 0, "{args:?}: {}", out.stderr);
    }
}

#[test]
fn item10_the_repl_asks_before_an_export_replaces_a_file() {
    let home = Home::new();
    let notes = home.path().join("notes.csv");
    std::fs::write(&notes, "keep me\n").unwrap();
    // No: the file is kept. Yes: it is replaced.
    let out = in_home(
        home.path(),
        &["play", "g.toml"],
        b"new alice bob carol\nround knock alice alice=3 bob=20 carol=30\nexport csv notes.csv\nno\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("notes.csv exists already"),
        "{}",
        out.stdout
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "keep me\n");
    let out = in_home(
        home.path(),
        &["play", "g.toml"],
        b"export csv notes.csv\nyes\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("Exported to notes.csv"),
        "{}",
        out.stdout
    );
    let csv = std::fs::read_to_string(&notes).unwrap();
    assert!(csv.starts_with("round,knocker,winners,"), "{csv}");
    // A script that ends before the answer changes nothing, and says so.
    std::fs::write(&notes, "keep me\n").unwrap();
    let out = in_home(home.path(), &["play", "g.toml"], b"export csv notes.csv\n");
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert!(out.stderr.contains("no answer"), "{}", out.stderr);
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "keep me\n");
}

#[test]
fn item10_the_carolina_referee_asks_too_and_never_writes_over_its_game() {
    let home = Home::new();
    let notes = home.path().join("notes.md");
    std::fs::write(&notes, "keep me\n").unwrap();
    let out = in_home(
        home.path(),
        &["play", "c.toml"],
        b"new --game carolina ann ben cleo\nexport csv c.toml\nexport markdown notes.md\nno\nexport markdown notes.md\nyes\nstatus\n",
    );
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("c.toml") && out.stderr.contains("the game in play"),
        "{}",
        out.stderr
    );
    assert!(
        out.stdout.contains("notes.md exists already"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("Exported to notes.md"),
        "{}",
        out.stdout
    );
    let md = std::fs::read_to_string(&notes).unwrap();
    assert!(md.starts_with("# Carolina Rummy"), "{md}");
    // The game is still the game, and still in play after the question.
    let record = std::fs::read_to_string(home.path().join("c.toml")).unwrap();
    assert!(record.contains("carousel-end"), "{record}");
    assert!(
        out.stdout.contains("Carolina Rummy: ann, ben and cleo;"),
        "{}",
        out.stdout
    );
}

// ---- 11. Nothing from a name, a token or a file is shown raw ----

/// The characters a terminal would act on rather than show: C0 controls (but a line's end
/// and a tab), DEL and the C1 controls.
fn raw_controls(text: &str) -> Vec<char> {
    text.chars()
        .filter(|c| c.is_control() && *c != '\n' && *c != '\t')
        .collect()
}

/// Runs `carousel ARGS` in the home and checks that neither stdout nor stderr holds a
/// control character; gives the run.
#[track_caller]
fn shown_safely(home: &Path, args: &[&str], stdin: &[u8]) -> Ran {
    let out = in_home(home, args, stdin);
    assert_eq!(
        raw_controls(&out.stdout),
        Vec::<char>::new(),
        "stdout of {args:?}: {:?}",
        out.stdout
    );
    assert_eq!(
        raw_controls(&out.stderr),
        Vec::<char>::new(),
        "stderr of {args:?}: {:?}",
        out.stderr
    );
    out
}

const RETITLE: &str = "\u{1b}]0;PWNED\u{7}";

#[test]
fn item11_a_name_or_token_on_the_command_line_is_never_printed_raw() {
    let home = Home::new();
    let hand = format!("{RETITLE}=3");
    let out = shown_safely(
        home.path(),
        &["score", "--knocker", RETITLE, &hand, "bob=20"],
        b"",
    );
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("\\u{1b}]0;PWNED\\u{7}"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("control character"), "{}", out.stderr);
    let out = shown_safely(home.path(), &["score", "\u{1b}[2J=3", "bob=20"], b"");
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains("\\u{1b}[2J"), "{}", out.stderr);
    let out = shown_safely(
        home.path(),
        &["score", "--game", "carolina", "\u{9b}31m=3", "bob=20"],
        b"",
    );
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains("\\u{9b}31m"), "{}", out.stderr);
    // Tokens in errors, the library's and the command line's parser's alike.
    let out = shown_safely(
        home.path(),
        &["check", "--before", "\u{1b}]0;X\u{7}", "--after", ""],
        b"",
    );
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains("\\u{1b}]0;X\\u{7}"), "{}", out.stderr);
    let out = shown_safely(
        home.path(),
        &[
            "check",
            "--players",
            "\u{1b}]0;X\u{7}",
            "--before",
            "",
            "--after",
            "",
        ],
        b"",
    );
    assert_eq!(out.status, 2, "{}", out.stderr);
    let out = shown_safely(home.path(), &["tally", "\u{1b}[2J.toml"], b"");
    assert_eq!(out.status, 2, "{}", out.stderr);
}

#[test]
fn item11_a_record_whose_names_hold_control_characters_is_refused_and_shown_escaped() {
    let home = Home::new();
    let record = "players = [\"\\u001b[2J\\u001b]0;PWNED\\u0007\", \"c\\u009b31m\"]\n\
        [[round]]\nknocker = \"c\\u009b31m\"\n[round.hands]\n\
        \"\\u001b[2J\\u001b]0;PWNED\\u0007\" = 30\n\"c\\u009b31m\" = 3\n";
    std::fs::write(home.path().join("bad.toml"), record).unwrap();
    for args in [
        vec!["tally", "bad.toml"],
        vec!["export", "bad.toml", "--format", "csv"],
        vec!["export", "bad.toml", "--format", "markdown"],
        vec!["chart", "bad.toml"],
        vec!["play", "bad.toml"],
    ] {
        let out = shown_safely(home.path(), &args, b"");
        assert_eq!(out.status, 2, "{args:?}: {}", out.stderr);
        assert!(
            out.stderr.contains("\\u{1b}[2J"),
            "{args:?}: {}",
            out.stderr
        );
    }
    let canadian = "game = \"carolina\"\nplayers = [\"ann\", \"b\\u001b[2J\"]\n";
    std::fs::write(home.path().join("carolina.toml"), canadian).unwrap();
    let out = shown_safely(home.path(), &["tally", "carolina.toml"], b"");
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains("b\\u{1b}[2J"), "{}", out.stderr);
    // Among the saved games, such a record is passed over, named safely.
    let games = home.games_dir();
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(games.join("bad.toml"), record).unwrap();
    std::fs::write(games.join("x\u{1b}[2J.toml"), "players = [").unwrap();
    let out = shown_safely(home.path(), &["stats"], b"");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.contains("Passed over"), "{}", out.stdout);
    let out = shown_safely(home.path(), &["games"], b"");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let out = shown_safely(home.path(), &["play"], b"games\nstats\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
}

#[test]
fn item11_play_refuses_such_names_and_says_every_token_escaped() {
    let home = Home::new();
    let script = format!(
        "new {RETITLE} bob\nnew --game carolina ann b\u{9b}31m\n\u{1b}[2J\nnew alice bob\nhand \u{1b}[2J 3\nexport csv x\u{7}.csv\n"
    );
    let out = shown_safely(home.path(), &["play", "g.toml"], script.as_bytes());
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("\\u{1b}]0;PWNED\\u{7}"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("b\\u{9b}31m"), "{}", out.stderr);
    assert!(
        out.stdout.contains("Exported to x\\u{7}.csv"),
        "{}",
        out.stdout
    );
}

#[test]
fn item11_csv_cells_a_spreadsheet_would_read_as_formulas_are_neutralized() {
    let home = Home::new();
    let record = "players = [\"=SUM(A1:A9)\", \"@cmd\", \"+one\", \"-two\"]\n\
        [[round]]\nknocker = \"=SUM(A1:A9)\"\n[round.hands]\n\
        \"=SUM(A1:A9)\" = 2\n\"@cmd\" = 30\n\"+one\" = 20\n\"-two\" = 10\n";
    std::fs::write(home.path().join("g.toml"), record).unwrap();
    let out = shown_safely(home.path(), &["export", "g.toml", "--format", "csv"], b"");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "round,knocker,winners,undercut,went_out,'=SUM(A1:A9) deadwood,'=SUM(A1:A9) points,'=SUM(A1:A9) total,\
         '@cmd deadwood,'@cmd points,'@cmd total,'+one deadwood,'+one points,'+one total,\
         '-two deadwood,'-two points,'-two total"
    );
    assert!(
        lines[1].starts_with("1,'=SUM(A1:A9),'=SUM(A1:A9),"),
        "{}",
        lines[1]
    );
    // Numbers stay numbers: a Canadian side's negative points and totals.
    let out = shown_safely(
        home.path(),
        &[
            "export",
            example("carolina-game.toml").to_str().unwrap(),
            "--format",
            "csv",
        ],
        b"",
    );
    assert!(
        out.stdout
            .contains("1,ann,235,0,0,0,235,235,30,35,35,0,-5,-5,30,25,25,0,5,5"),
        "{}",
        out.stdout
    );
    let carolina = "game = \"carolina\"\nplayers = [\"-ann\", \"@ben\"]\n\
        [[round]]\nout = \"-ann\"\n[round.melds]\n\"-ann\" = \"Ks Kh Kd\"\n\
        [round.hands]\n\"-ann\" = 0\n\"@ben\" = 30\n";
    std::fs::write(home.path().join("c.toml"), carolina).unwrap();
    let out = shown_safely(home.path(), &["export", "c.toml", "--format", "csv"], b"");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert!(
        lines[0].starts_with("hand,out,'-ann table,"),
        "{}",
        lines[0]
    );
    assert!(lines[1].starts_with("1,'-ann,"), "{}", lines[1]);
    assert!(lines[1].ends_with(",-30,-30"), "{}", lines[1]);
}

#[test]
fn item11_markdown_escapes_what_it_would_read_in_names() {
    let home = Home::new();
    let record = "players = [\"a|b\", \"*bold*\", \"_em_ [x](y)\"]\n\
        [[round]]\nknocker = \"a|b\"\n[round.hands]\n\
        \"a|b\" = 2\n\"*bold*\" = 30\n\"_em_ [x](y)\" = 20\n";
    std::fs::write(home.path().join("g.toml"), record).unwrap();
    let out = shown_safely(
        home.path(),
        &["export", "g.toml", "--format", "markdown"],
        b"",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("| Round | Knocker | Winners | a\\|b | \\*bold\\* | \\_em\\_ \\[x\\](y) |"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("| 1 | a\\|b | a\\|b |"),
        "{}",
        out.stdout
    );
}

// ---- 12. The lock and temporary files ----

/// A symbolic link planted where a game's lock goes is never followed: the session is
/// refused, naming it, and the file it points to is left as it was. So is anything else
/// that is not a lock this program made: a directory, a file with another name.
#[cfg(unix)]
#[test]
fn item12_a_lock_that_is_a_link_or_no_lock_file_is_refused_and_nothing_written_through_it() {
    let home = Home::new();
    let game = scored_game(home.path(), "g.toml");
    let record = std::fs::read(&game).unwrap();
    let precious = home.path().join("precious.txt");
    std::fs::write(&precious, "keep me\n").unwrap();
    let lock = home.path().join(".g.toml.lock");
    assert!(!lock.exists(), "a session that ends removes its lock");
    std::os::unix::fs::symlink(&precious, &lock).unwrap();
    let out = in_home(home.path(), &["play", "g.toml"], b"draw\n");
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains(".g.toml.lock") && out.stderr.contains("symbolic link"),
        "{}",
        out.stderr
    );
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "keep me\n");
    assert_eq!(std::fs::read(&game).unwrap(), record);
    // A new game named where such a link waits: refused at new, the same way.
    let new_lock = home.path().join(".n.toml.lock");
    std::os::unix::fs::symlink(&precious, &new_lock).unwrap();
    let out = in_home(home.path(), &["play", "n.toml"], b"new alice bob\n");
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains(".n.toml.lock"), "{}", out.stderr);
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "keep me\n");
    // Nor is a lock that is another file's second name, or a directory.
    std::fs::remove_file(&lock).unwrap();
    std::fs::hard_link(&precious, &lock).unwrap();
    let out = in_home(home.path(), &["play", "g.toml"], b"draw\n");
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains(".g.toml.lock"), "{}", out.stderr);
    assert_eq!(std::fs::read_to_string(&precious).unwrap(), "keep me\n");
    std::fs::remove_file(&lock).unwrap();
    std::fs::create_dir(&lock).unwrap();
    let out = in_home(home.path(), &["games", "--remove", "x"], b"");
    assert_eq!(out.status, 2, "{}", out.stderr);
    let out = in_home(home.path(), &["play", "g.toml"], b"draw\n");
    assert_eq!(out.status, 2, "{}", out.stderr);
    assert!(out.stderr.contains(".g.toml.lock"), "{}", out.stderr);
    // Taken away, the game goes on.
    std::fs::remove_dir(&lock).unwrap();
    let out = in_home(home.path(), &["play", "g.toml"], b"draw\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
}

/// A new record gets the mode new files get (0666 less the umask), an old one keeps its
/// own, whatever the temporary file was made with.
#[cfg(unix)]
#[test]
fn item12_a_new_record_gets_the_usual_mode_and_an_old_one_keeps_its_own() {
    use std::os::unix::fs::PermissionsExt;
    let home = Home::new();
    let game = home.path().join("g.toml");
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "umask 022; printf 'new alice bob\\ndraw\\n' | '{BIN}' play '{}'",
            game.display()
        ))
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("data"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&game), 0o644);
    std::fs::set_permissions(&game, std::fs::Permissions::from_mode(0o640)).unwrap();
    let out = play(home.path(), &[game.to_str().unwrap()], b"undo\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(mode(&game), 0o640);
}

/// Issue: `tally /dev/zero` and `check --rules /dev/zero` read forever, and a FIFO blocked
/// forever: a game or rules file must be a regular file, refused at once otherwise.
#[cfg(unix)]
#[test]
fn a_device_or_a_pipe_is_refused_at_once_not_read_forever() {
    crate::test::carousel(&["tally", "/dev/zero"])
        .status(2)
        .stderr("carousel: /dev/zero: not a regular file; a game or a rules file is a plain file\n")
        .run();
    crate::test::carousel(&["check", "--before", "7h 8h 9h", "--after", "7h 8h 9h 10h"])
        .args(["--rules", "/dev/zero"])
        .status(2)
        .stderr_has("/dev/zero: not a regular file")
        .run();
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("game.toml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    crate::test::carousel(&["tally"])
        .arg(&fifo)
        .status(2)
        .stderr_has("not a regular file")
        .run();
}

/// Issue: a 100 MB record took 26 s and 6.5 GB in `tally`: a file past the cap no real game
/// comes near is refused at once, by every reader.
#[test]
fn a_record_larger_than_any_real_game_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.toml");
    let text = format!(
        "players = [\"a\", \"b\"]\n{}",
        "# padding\n".repeat(1_100_000)
    );
    std::fs::write(&big, text).unwrap();
    crate::test::carousel(&["tally"])
        .arg(&big)
        .status(2)
        .stderr_has("larger than a game or a rules file can be (10 MB at most)")
        .run();
    crate::test::carousel(&["play"])
        .arg(&big)
        .stdin("")
        .status(2)
        .stderr_has("larger than a game or a rules file can be")
        .run();
}

/// Issue: a record may hold no more rounds than a cap no real game comes near (100,000);
/// past it, a clear error and exit 2.
#[test]
fn a_record_of_more_rounds_than_any_game_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let many = dir.path().join("many.toml");
    let text = format!(
        "players = [\"a\", \"b\"]\n{}",
        "[[round]]\n[round.hands]\na = 1\nb = 2\n".repeat(100_001)
    );
    std::fs::write(&many, text).unwrap();
    crate::test::carousel(&["tally"])
        .arg(&many)
        .status(2)
        .stderr_has("the record holds 100001 rounds, more than any game can (100000 at most)")
        .run();
}

/// Two sessions started on a file that does not exist yet: the first keeps it for its new
/// game from the start, the second is refused at once naming the first's process, so
/// neither saves its game somewhere the player did not ask.
#[test]
fn item6_a_second_session_on_a_file_not_made_yet_is_refused_naming_the_first() {
    let home = Home::new();
    let game = home.path().join("g.toml");
    let mut a = Session::open(home.path(), &game);
    assert!(a.line("status").len() <= 1);
    let b = play(
        home.path(),
        &[game.to_str().unwrap()],
        b"new dave erin fay\n",
    );
    assert_eq!(b.status, 2, "{}", b.stderr);
    assert!(
        b.stderr
            .contains("kept for a new game by another carousel session"),
        "{}",
        b.stderr
    );
    assert!(
        b.stderr.contains(&format!("process {}", a.child.id())),
        "{}",
        b.stderr
    );
    assert!(!game.exists());
    let elsewhere = std::fs::read_dir(home.games_dir()).map_or(0, Iterator::count);
    assert_eq!(elsewhere, 0, "the refused session saved a game elsewhere");
    assert!(a.line("new alice bob carol").is_empty());
    let (status, rest) = a.close();
    assert_eq!(status, 2, "{rest:?}"); // the marker words were not understood
    assert_eq!(log_of(&game), Vec::<String>::new());
    assert!(std::fs::read_to_string(&game).unwrap().contains("alice"));
}

/// Many sessions started at once on one game: one plays it, and every other is told which
/// process holds it (the holder writes its number just after taking the lock; a refused
/// session waits for it rather than naming no one).
#[test]
fn item6_every_session_refused_at_a_crowded_start_names_the_holder() {
    let home = Home::new();
    let game = home.path().join("g.toml");
    let made = play(
        home.path(),
        &[game.to_str().unwrap()],
        b"new alice bob carol\n",
    );
    assert!(made.status == 0, "{}", made.stderr);
    let children: Vec<Child> = (0..24)
        .map(|_| {
            carousel(home.path())
                .arg("play")
                .arg(&game)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut refused = 0;
    for child in children {
        let out = child.wait_with_output().unwrap();
        let said = text(&out.stderr);
        if said.contains("open in another carousel session") {
            refused += 1;
            assert!(said.contains("(process "), "{said}");
        }
    }
    assert!(refused < 24, "no session could open the game");
}

/// A damaged record names the round where it is damaged once, whether it is scored or
/// opened to play on.
#[test]
fn item6_a_damaged_record_names_its_round_once() {
    let home = Home::new();
    let path = home.path().join("g.toml");
    std::fs::write(
        &path,
        "players = [\"a\", \"b\", \"c\"]\n\n[[round]]\nknocker = \"a\"\n\n[round.hands]\na = 3\nb = \"x\"\nc = 30\n\n[play]\nfirst-dealer = \"a\"\nlog = [\"round knock a a=3 b=20 c=30\"]\n",
    )
    .unwrap();
    for args in [vec!["tally"], vec!["play"]] {
        let out = home
            .test()
            .args(&args)
            .arg(&path)
            .stdin("")
            .any_status()
            .run();
        assert_eq!(out.status, 2, "{}", out.stderr);
        assert_eq!(out.stderr.matches("round 1").count(), 1, "{}", out.stderr);
    }
}
