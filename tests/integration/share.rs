//! The live table page, over HTTP with a real client: the REPL runs in the test's process
//! with `share` on 127.0.0.1, and the test reads the page, its snapshot and its stream of
//! events as a phone would. Times are generous bounds on arrival, not speeds.

use carousel::console::{Captured, Console};
use carousel::render::look::Look;
use carousel::repl::{Outcome, PlayArgs, Referee};
use carousel::store::Dirs;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::mpsc;
use std::time::Duration;

/// Long enough for a loaded machine; a step arrives far sooner.
pub(crate) const ARRIVAL: Duration = Duration::from_secs(10);

/// A REPL session sharing on 127.0.0.1, with the page's address.
pub(crate) struct Table {
    pub referee: Referee,
    pub console: Console,
    pub printed: Captured,
    pub url: String,
    _home: tempfile::TempDir,
}

impl Table {
    /// A session in a fresh home, shared from its start.
    pub(crate) fn shared() -> Table {
        let home = tempfile::tempdir().unwrap();
        let dirs = Dirs {
            data: home.path().join("data"),
            state: home.path().join("state"),
            config: home.path().join("config"),
        };
        let args = PlayArgs {
            game: Some(home.path().join("game.toml")),
            share: Some("127.0.0.1:0".to_string()),
            ..PlayArgs::default()
        };
        let (mut console, printed) = Console::captured("", Look::plain(80), true);
        let referee = Referee::start(&args, Some(dirs), &mut console).expect("sharing starts");
        let url = printed
            .out()
            .lines()
            .find(|l| l.starts_with("http://"))
            .expect("the address is printed")
            .trim()
            .to_string();
        Table {
            referee,
            console,
            printed,
            url,
            _home: home,
        }
    }

    /// Types `line`; it must be accepted.
    pub(crate) fn step(&mut self, line: &str) {
        let (outcome, _) = self.referee.line(line, Some(1), &mut self.console);
        assert_eq!(
            outcome,
            Outcome::Accepted,
            "{line}:\n{}",
            self.printed.out()
        );
    }

    /// Types `line`, whatever becomes of it.
    pub(crate) fn say(&mut self, line: &str) -> Outcome {
        self.referee.line(line, Some(1), &mut self.console).0
    }

    /// The server's `http://127.0.0.1:PORT`.
    pub(crate) fn origin(&self) -> String {
        let rest = self.url.trim_start_matches("http://");
        format!("http://{}", rest.split('/').next().unwrap())
    }
}

pub(crate) fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .max_redirects(0)
        .timeout_global(Some(ARRIVAL))
        .build()
        .into()
}

fn get(url: &str) -> (u16, String, String) {
    let mut response = agent().get(url).call().expect("an answer");
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let status = response.status().as_u16();
    let body = response.body_mut().read_to_string().unwrap_or_default();
    (status, kind, body)
}

/// The snapshot the server holds now.
pub(crate) fn snapshot(table: &Table) -> serde_json::Value {
    let (status, _, body) = get(&format!("{}view.json", table.url));
    assert_eq!(status, 200);
    serde_json::from_str(&body).unwrap()
}

/// The snapshot the server holds once `ready` accepts it (within [`ARRIVAL`]): the REPL
/// hands each one over without waiting for the server to take it.
pub(crate) fn snapshot_when(
    table: &Table,
    ready: impl Fn(&serde_json::Value) -> bool,
) -> serde_json::Value {
    let start = std::time::Instant::now();
    loop {
        let now = snapshot(table);
        if ready(&now) {
            return now;
        }
        assert!(start.elapsed() < ARRIVAL, "never came: last {now}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A page's stream of events, read on a thread: each snapshot as it arrives.
pub(crate) struct Events {
    pub arrived: mpsc::Receiver<serde_json::Value>,
}

impl Events {
    pub(crate) fn open(url: &str) -> Events {
        let (tx, arrived) = mpsc::channel();
        let url = format!("{url}events");
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        let response = agent.get(&url).call().expect("the stream opens");
        assert_eq!(response.status().as_u16(), 200);
        let kind = response
            .headers()
            .get("content-type")
            .unwrap()
            .to_str()
            .unwrap();
        assert!(kind.starts_with("text/event-stream"), "{kind}");
        let reader = BufReader::new(response.into_body().into_reader());
        std::thread::spawn(move || {
            let mut data = String::new();
            for line in reader.lines() {
                let Ok(line) = line else { return };
                if let Some(rest) = line.strip_prefix("data:") {
                    data.push_str(rest.trim_start());
                } else if line.is_empty() && !data.is_empty() {
                    let value = serde_json::from_str(&data).expect("an event is JSON");
                    data.clear();
                    if tx.send(value).is_err() {
                        return;
                    }
                }
            }
        });
        Events { arrived }
    }

    /// The next snapshot, within [`ARRIVAL`].
    pub(crate) fn next(&self) -> serde_json::Value {
        self.arrived
            .recv_timeout(ARRIVAL)
            .expect("a snapshot arrives")
    }

    /// The first snapshot `ready` accepts, each arriving within [`ARRIVAL`].
    pub(crate) fn until(&self, ready: impl Fn(&serde_json::Value) -> bool) -> serde_json::Value {
        loop {
            let next = self.next();
            if ready(&next) {
                return next;
            }
        }
    }
}

#[test]
fn the_page_is_served_under_the_token_and_nothing_without_it() {
    let table = Table::shared();
    let (status, kind, page) = get(&table.url);
    assert_eq!(status, 200);
    assert!(kind.starts_with("text/html"), "{kind}");
    assert!(page.contains("EventSource") && page.contains("prefers-color-scheme"));
    for wrong in [
        format!("{}/", table.origin()),
        format!("{}/view.json", table.origin()),
        format!("{}/events", table.origin()),
        format!("{}/0123456789ABCDEF0123456789ABCDEF/", table.origin()),
        table.url.to_lowercase(),
        format!("{}x/", table.url.trim_end_matches('/')),
    ] {
        if wrong == table.url {
            continue;
        }
        let (status, _, body) = get(&wrong);
        assert_eq!(status, 404, "{wrong}");
        assert!(!body.contains("carousel"), "{wrong}: {body}");
    }
    let (status, _, json) = get(&format!("{}view.json", table.url));
    assert_eq!(status, 200);
    let first: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(first["view"].is_null(), "no game yet: {first}");
}

#[test]
fn every_method_but_get_is_refused_and_nothing_changes() {
    let mut table = Table::shared();
    table.step("new alice bob carol");
    let before = snapshot_when(&table, |s| !s["view"].is_null());
    let agent = agent();
    let targets = [
        table.url.clone(),
        format!("{}view.json", table.url),
        format!("{}events", table.url),
        format!("{}/", table.origin()),
    ];
    for url in &targets {
        let answers = [
            agent.post(url).send("draw").unwrap(),
            agent.put(url).send("draw").unwrap(),
            agent.patch(url).send("draw").unwrap(),
            agent.delete(url).call().unwrap(),
            agent.head(url).call().unwrap(),
            agent.options(url).call().unwrap(),
        ];
        for answer in answers {
            assert_eq!(answer.status().as_u16(), 405, "{url}");
            assert_eq!(answer.headers().get("allow").unwrap(), "GET");
        }
    }
    assert_eq!(snapshot(&table), before);
}

#[test]
fn a_step_typed_reaches_an_open_page() {
    let mut table = Table::shared();
    table.step("new alice bob carol");
    let events = Events::open(&table.url);
    let first = events.until(|s| !s["view"].is_null());
    assert_eq!(first["view"]["turn"], "bob to draw");
    assert_eq!(first["view"]["table"]["stock"], 76);
    table.step("draw");
    let next = events.next();
    assert!(next["seq"].as_u64() > first["seq"].as_u64());
    assert_eq!(next["view"]["turn"], "bob, drawn 1");
    assert_eq!(next["view"]["table"]["stock"], 75);
    assert_eq!(next["ruling"]["accepted"], true);
    assert_eq!(next["ruling"]["line"], "draw");
    assert!(
        next["ruling"]["message"]
            .as_str()
            .unwrap()
            .starts_with("bob draws")
    );
    // A finished round moves the scoreboard.
    table.step("round knock alice alice=3 bob=20 carol=9");
    let scored = events.next();
    let board = &scored["view"]["scoreboard"];
    assert_eq!(board["names"], serde_json::json!(["alice", "bob", "carol"]));
    assert_eq!(board["totals"][0], 23);
    assert_eq!(board["leaders"], serde_json::json!([0]));
    assert_eq!(board["to_go"][0], 127);
    assert_eq!(scored["view"]["rounds"][0]["number"], 1);
    assert!(
        scored["view"]["rounds"][0]["why"]
            .as_str()
            .unwrap()
            .contains("alice")
    );
    assert_eq!(
        scored["view"]["chart"]["totals"][0],
        serde_json::json!([23])
    );
}

#[test]
fn a_refusal_reaches_the_page_with_the_rule_it_cites() {
    let mut table = Table::shared();
    table.step("new alice bob carol");
    let events = Events::open(&table.url);
    events.until(|s| !s["view"].is_null());
    assert_eq!(table.say("done"), Outcome::Refused);
    let refused = events.next();
    assert_eq!(refused["ruling"]["accepted"], false);
    assert_eq!(refused["view"]["turn"], "bob to draw");
    table.step("draw");
    events.next();
    table.step("meld 8h 9h 10h");
    let melded = events.next();
    assert_eq!(melded["view"]["table"]["melds"][0], "8h 9h 10h");
    // No set and no run: M3.
    assert_eq!(table.say("meld 2c 9d Ks"), Outcome::Refused);
    let illegal = events.next();
    assert_eq!(illegal["ruling"]["accepted"], false);
    assert!(
        illegal["ruling"]["rules"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("M3")),
        "{}",
        illegal["ruling"]
    );
}

#[test]
fn a_page_that_lost_its_connection_comes_back_to_the_newest() {
    let mut table = Table::shared();
    table.step("new alice bob carol");
    let events = Events::open(&table.url);
    let first = events.until(|s| !s["view"].is_null());
    drop(events);
    table.step("draw");
    table.step("draw");
    let again = Events::open(&table.url);
    let newest = again.until(|s| s["view"]["turn"] == "bob, drawn 2");
    assert!(newest["seq"].as_u64().unwrap() >= first["seq"].as_u64().unwrap() + 2);
    assert_eq!(newest["view"]["turn"], "bob, drawn 2");
    table.step("draw");
    assert_eq!(again.next()["view"]["turn"], "bob, drawn 3");
}

#[test]
fn canadian_sides_their_table_and_hands_reach_the_page() {
    let mut table = Table::shared();
    table.step("new --game canadian alice bob carol dave");
    let events = Events::open(&table.url);
    let first = events.until(|s| !s["view"].is_null());
    assert_eq!(first["view"]["table"]["kind"], "sides");
    assert_eq!(first["view"]["round_word"], "hand");
    table.step("out alice");
    table.step("melds alice Ks Kh Kd");
    table.step("hand bob 20");
    let mut last = events.next();
    while last["view"]["table"]["sides"][1]["hands"][0]["left"].is_null() {
        last = events.next();
    }
    let sides = &last["view"]["table"];
    assert_eq!(sides["out"], "alice");
    assert_eq!(
        sides["sides"][0]["players"],
        serde_json::json!(["alice", "carol"])
    );
    assert_eq!(sides["sides"][0]["table"], "Ks Kh Kd");
    assert_eq!(sides["sides"][1]["hands"][0]["name"], "bob");
    assert_eq!(sides["sides"][1]["hands"][0]["left"], "20");
    assert!(!sides["missing"].as_array().unwrap().is_empty());
}

#[test]
fn a_name_that_looks_like_markup_reaches_the_page_as_the_name() {
    let mut table = Table::shared();
    table.step("new --game carolina <b>al</b> bob");
    let view = snapshot_when(&table, |s| !s["view"].is_null());
    assert_eq!(view["view"]["scoreboard"]["names"][0], "<b>al</b>");
}

#[test]
fn share_stop_closes_the_page_and_share_opens_it_again_elsewhere() {
    let mut table = Table::shared();
    let origin = table.origin();
    table.step("share stop");
    assert!(table.printed.out().contains("Sharing stopped"));
    let gone = agent().get(&table.url).call();
    assert!(gone.is_err(), "still served after share stop");
    assert_eq!(table.say("share stop"), Outcome::Refused);
    table.step("share 127.0.0.1:0");
    let url = table
        .printed
        .out()
        .lines()
        .rfind(|l| l.starts_with("http://"))
        .unwrap()
        .trim()
        .to_string();
    assert_ne!(url, table.url, "a new token: {origin}");
    assert_eq!(get(&url).0, 200);
}

#[test]
fn leaving_the_session_ends_sharing() {
    let table = Table::shared();
    let url = table.url.clone();
    assert_eq!(get(&url).0, 200);
    drop(table);
    assert!(agent().get(&url).call().is_err());
}

#[test]
fn a_huge_request_head_is_refused_and_the_page_is_still_served() {
    let table = Table::shared();
    let host = table.origin().trim_start_matches("http://").to_string();
    let mut stream = TcpStream::connect(&host).unwrap();
    stream.set_read_timeout(Some(ARRIVAL)).unwrap();
    let path = table.url.trim_start_matches(&table.origin()).to_string();
    let padding = "x".repeat(64 * 1024);
    // The server may close before the whole head is sent.
    let _ = write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nX-Padding: {padding}\r\n\r\n"
    );
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer);
    assert!(
        answer.is_empty() || answer.starts_with("HTTP/1.1 431"),
        "{answer}"
    );
    assert_eq!(get(&table.url).0, 200);
}

#[test]
fn connections_beyond_the_limit_are_closed_and_the_page_is_served_once_they_go() {
    let table = Table::shared();
    let host = table.origin().trim_start_matches("http://").to_string();
    let held: Vec<TcpStream> = (0..carousel::share::MAX_CONNECTIONS + 20)
        .filter_map(|_| TcpStream::connect(&host).ok())
        .collect();
    assert!(held.len() >= carousel::share::MAX_CONNECTIONS);
    drop(held);
    // The server sees the closed connections go; the next page is served.
    let mut served = false;
    for _ in 0..50 {
        if agent()
            .get(&table.url)
            .call()
            .is_ok_and(|r| r.status() == 200)
        {
            served = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(served);
}

#[test]
fn share_again_says_where_the_game_is_shared() {
    let mut table = Table::shared();
    table.step("share");
    let out = table.printed.out();
    let addresses: Vec<&str> = out.lines().filter(|l| l.starts_with("http://")).collect();
    assert_eq!(addresses, [table.url.as_str(), table.url.as_str()]);
}

#[test]
fn a_port_taken_is_refused_before_the_session_starts() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let home = tempfile::tempdir().unwrap();
    let args = PlayArgs {
        game: Some(home.path().join("game.toml")),
        share: Some(format!("127.0.0.1:{port}")),
        ..PlayArgs::default()
    };
    let (mut console, _) = Console::captured("", Look::plain(80), true);
    let Err(refused) = Referee::start(&args, None, &mut console) else {
        panic!("shared on a port taken");
    };
    assert!(
        refused
            .to_string()
            .starts_with(&format!("cannot share on 127.0.0.1:{port}")),
        "{refused}"
    );
}

#[test]
fn a_turn_in_one_line_refused_partway_cites_its_rule_and_shows_what_stands() {
    let mut table = Table::shared();
    table.step("new alice bob carol");
    let events = Events::open(&table.url);
    events.until(|s| !s["view"].is_null());
    // The draw stands; the meld is no set and no run (M3).
    assert_eq!(table.say("draw, meld 2c 9d Ks, done"), Outcome::Refused);
    let refused = events.until(|s| s["ruling"]["accepted"] == false);
    assert_eq!(refused["ruling"]["line"], "draw, meld 2c 9d Ks, done");
    assert!(
        refused["ruling"]["rules"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("M3")),
        "{}",
        refused["ruling"]
    );
    assert_eq!(refused["view"]["turn"], "bob, drawn 1");
}

#[test]
fn a_round_corrected_reaches_the_page_with_its_why_laid_out_again() {
    let mut table = Table::shared();
    table.step("new alice bob carol");
    table.step("round knock alice alice=3 bob=20 carol=9");
    table.step("round knock bob alice=10 bob=2 carol=9");
    let before = snapshot_when(&table, |s| s["view"]["rounds"][1].is_object());
    let why = before["view"]["rounds"][0]["why"]
        .as_str()
        .unwrap()
        .to_string();
    table.step("fix 1 hand bob 12");
    let after = snapshot_when(&table, |s| s["view"]["rounds"][0]["why"] != why.as_str());
    let rounds = &after["view"]["rounds"];
    assert_ne!(rounds[0]["totals"], before["view"]["rounds"][0]["totals"]);
    assert!(
        rounds[0]["why"].as_str().unwrap().contains("12"),
        "{}",
        rounds[0]["why"]
    );
    // The later round's totals follow, and so does its why.
    assert_ne!(rounds[1]["totals"], before["view"]["rounds"][1]["totals"]);
}

/// Hands stay private: a hand typed for advice (`hint`) or counted (`hand` during play)
/// never reaches the page, even refused; the next step does.
#[test]
fn a_hand_typed_for_advice_never_reaches_the_page() {
    let mut table = Table::shared();
    table.step("new alice bob carol");
    table.step("round knock alice alice=3 bob=20 carol=30");
    table.step("rules target 10");
    let events = Events::open(&table.url);
    events.until(|s| s["view"]["over"] == true);
    // Refused: the game is over, so no more hands are given.
    assert_eq!(table.say("hand bob 7h 9c"), Outcome::Refused);
    // Nor as a part of a line of several.
    assert_eq!(table.say("knock 4, hand bob 7h 8c"), Outcome::Refused);
    table.step("undo");
    let next = events.next();
    assert_eq!(next["ruling"]["line"], "undo", "{next}");
    assert!(!next.to_string().contains("9c"), "{next}");
    assert!(!next.to_string().contains("8c"), "{next}");
}
