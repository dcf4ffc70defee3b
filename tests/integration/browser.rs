//! The live page in a real browser: headless Chromium opens it at a phone's size, and the
//! test reads what the page shows through the browser's debugging protocol while steps are
//! typed at the REPL. Under `CAROUSEL_BROWSER_TESTS=required` (what `.ci/run` sets) a
//! missing browser fails the test; elsewhere it is skipped, saying why.

use super::share::{ARRIVAL, Table};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Instant;
use tungstenite::{Message, WebSocket};

/// Debian's name for the browser.
const BROWSER: &str = "chromium";

/// The flags of a browser that reaches nothing but the page: no sync, no updates, no
/// background fetches, a profile of its own.
fn browser_flags(profile: &std::path::Path) -> Vec<String> {
    [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=360,800",
        "--remote-debugging-port=0",
    ]
    .iter()
    .map(ToString::to_string)
    .chain([format!("--user-data-dir={}", profile.display())])
    .collect()
}

/// The browser, or why there is none: `None` means skip.
fn browser_or_skip(test: &str) -> Option<()> {
    let found = Command::new(BROWSER)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if found {
        return Some(());
    }
    let required = std::env::var("CAROUSEL_BROWSER_TESTS").is_ok_and(|v| v == "required");
    assert!(
        !required,
        "{test}: CAROUSEL_BROWSER_TESTS=required and no {BROWSER} to run: apt-get install -y chromium"
    );
    // Written to the stream itself, past the test harness's capture, so that it is seen.
    let _ = writeln!(
        std::io::stderr().lock(),
        "{test}: skipped: no {BROWSER} on this machine (apt-get install -y chromium runs it; CAROUSEL_BROWSER_TESTS=required makes it fail instead)"
    );
    None
}

/// A headless browser, ended with the test.
struct Browser {
    child: Child,
    page: WebSocket<TcpStream>,
    next_id: u64,
    _profile: tempfile::TempDir,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    fn start() -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let mut child = Command::new(BROWSER)
            .args(browser_flags(profile.path()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the browser starts");
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(at) = line.find("ws://") {
                    let _ = tx.send(line[at..].trim().to_string());
                }
            }
        });
        let browser_ws = rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the browser says where its DevTools listen");
        let http = browser_ws
            .trim_start_matches("ws://")
            .split('/')
            .next()
            .unwrap()
            .to_string();
        let listed = super::share::agent()
            .get(&format!("http://{http}/json/list"))
            .call()
            .unwrap()
            .body_mut()
            .read_to_string()
            .unwrap();
        let list: serde_json::Value = serde_json::from_str(&listed).unwrap();
        let page_ws = list
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["type"] == "page")
            .and_then(|t| t["webSocketDebuggerUrl"].as_str())
            .expect("a page to drive")
            .to_string();
        let stream = TcpStream::connect(&http).unwrap();
        stream.set_read_timeout(Some(ARRIVAL)).unwrap();
        let (page, _) = tungstenite::client(page_ws.as_str(), stream).expect("DevTools answer");
        Browser {
            child,
            page,
            next_id: 1,
            _profile: profile,
        }
    }

    /// The page as a phone held upright shows it: 360 CSS pixels wide.
    fn phone(&mut self) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            &serde_json::json!({"width": 360, "height": 800, "deviceScaleFactor": 2, "mobile": true}),
        );
    }

    /// Sends the browser a command and returns its result.
    fn call(&mut self, method: &str, params: &serde_json::Value) -> serde_json::Value {
        let id = self.next_id;
        self.next_id += 1;
        let command = serde_json::json!({"id": id, "method": method, "params": params});
        self.page
            .send(Message::text(command.to_string()))
            .expect("a command sent");
        loop {
            let message = self.page.read().expect("an answer from the browser");
            let Message::Text(text) = message else {
                continue;
            };
            let value: serde_json::Value = serde_json::from_str(text.as_str()).unwrap();
            if value["id"] == id {
                return value["result"].clone();
            }
        }
    }

    /// What a JavaScript expression gives on the page now.
    fn eval(&mut self, expression: &str) -> serde_json::Value {
        let result = self.call(
            "Runtime.evaluate",
            &serde_json::json!({"expression": expression, "returnByValue": true}),
        );
        result["result"]["value"].clone()
    }

    /// Waits (within [`ARRIVAL`]) until `expression` gives a value `ready` accepts.
    fn wait_for(
        &mut self,
        expression: &str,
        ready: impl Fn(&serde_json::Value) -> bool,
    ) -> serde_json::Value {
        let start = Instant::now();
        loop {
            let value = self.eval(expression);
            if ready(&value) {
                return value;
            }
            assert!(
                start.elapsed() < ARRIVAL,
                "{expression} never came: last {value}"
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
}

const SCORES: &str = "document.getElementById('scores').innerText";

#[test]
fn the_page_in_a_browser_follows_the_scoreboard_as_steps_are_typed() {
    let Some(()) = browser_or_skip("the_page_in_a_browser_follows_the_scoreboard") else {
        return;
    };
    let mut table = Table::shared();
    table.step("new alice bob carol");
    let mut browser = Browser::start();
    browser.phone();
    browser.call("Page.navigate", &serde_json::json!({"url": table.url}));
    browser.wait_for("document.getElementById('link').textContent", |v| {
        v == "live"
    });
    let before = browser.wait_for(SCORES, |v| v.as_str().is_some_and(|s| s.contains("alice")));
    assert!(before.as_str().unwrap().contains("150"), "{before}");
    table.step("round knock alice alice=3 bob=20 carol=9");
    let after = browser.wait_for(SCORES, |v| v.as_str().is_some_and(|s| s.contains("23")));
    let after = after.as_str().unwrap();
    assert!(
        after.contains("127"),
        "alice is 127 from the target: {after}"
    );
    assert_eq!(
        browser.eval("document.getElementById('turn').textContent"),
        "carol to draw"
    );
    // At a phone's width nothing scrolls sideways.
    let wide = browser.eval("document.documentElement.scrollWidth <= window.innerWidth");
    assert_eq!(wide, true);
    assert_eq!(browser.eval("window.innerWidth"), 360);
}

#[test]
fn a_name_that_looks_like_markup_is_shown_as_text_in_a_browser() {
    let Some(()) = browser_or_skip("a_name_that_looks_like_markup_is_shown_as_text") else {
        return;
    };
    let mut table = Table::shared();
    table.step("new --game carolina <b>al</b> bob");
    let mut browser = Browser::start();
    browser.call("Page.navigate", &serde_json::json!({"url": table.url}));
    let shown = browser.wait_for(SCORES, |v| v.as_str().is_some_and(|s| s.contains("bob")));
    assert!(shown.as_str().unwrap().contains("<b>al</b>"), "{shown}");
    assert_eq!(browser.eval("document.querySelectorAll('b').length"), 0);
}
