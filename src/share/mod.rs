//! Sharing the game in play with the phones at the table: a small read-only web server on
//! the local network that serves one page, the game's snapshot as JSON, and the snapshots as
//! they come as server-sent events. It runs on a thread of its own with its own runtime; the
//! REPL hands it each new snapshot ([`Share::publish`]), which never waits on the network.
//!
//! Nothing is served without the token, a random 128-bit number in every address; every
//! method but GET is refused; connections, header sizes and the time to send a request are
//! bounded, and a page that reads too slowly misses snapshots rather than holding them.

use crate::error::{Error, ShareError};
use crate::view::Snapshot;
use axum::body::Body;
use axum::http::{HeaderValue, Method, Response, StatusCode, header};
use axum::response::IntoResponse;
use axum::response::sse::{Event, KeepAlive, Sse};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, UdpSocket};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Semaphore, broadcast, mpsc, oneshot, watch};

/// The port a share listens on when none is asked for (another is taken when it is busy).
pub const DEFAULT_PORT: u16 = 8044;
/// Connections held open at once: dozens of phones, each holding one or two.
pub const MAX_CONNECTIONS: usize = 128;
/// The most a request's head may take; a longer one is refused.
const MAX_HEAD_BYTES: usize = 16 * 1024;
/// How long a client may take to send a request's head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// Snapshots kept for pages that read slowly; a page further behind is sent the newest.
/// The memory they hold is this many times a snapshot, which grows with the rounds played.
const BACKLOG: usize = 128;

/// The page, whole: markup, style and script in one file, nothing from elsewhere.
pub const PAGE: &str = include_str!("page.html");

/// Where the page carries the snapshot it is served with, for its first paint.
const FIRST: &str = r#"<script id="first" type="application/json">{}</script>"#;

/// The page with `json` in it. Inside a script element only `</script` could end it early:
/// every `<` (and `>`, `&`, and the two line separators JavaScript once refused) is written
/// as a JSON escape, which reads back the same.
fn page_with(json: &str) -> String {
    let mut safe = String::with_capacity(json.len() + 64);
    for ch in json.chars() {
        match ch {
            '<' => safe.push_str("\\u003c"),
            '>' => safe.push_str("\\u003e"),
            '&' => safe.push_str("\\u0026"),
            '\u{2028}' => safe.push_str("\\u2028"),
            '\u{2029}' => safe.push_str("\\u2029"),
            _ => safe.push(ch),
        }
    }
    PAGE.replacen(
        FIRST,
        &format!(r#"<script id="first" type="application/json">{safe}</script>"#),
        1,
    )
}

/// Where to listen: an address and a port, either left to the defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub ip: IpAddr,
    /// `None`: [`DEFAULT_PORT`], or any free port when it is busy.
    pub port: Option<u16>,
}

impl Default for Place {
    /// Every interface, so that phones on the local network reach it.
    fn default() -> Place {
        Place {
            ip: IpAddr::V4(Ipv4Addr::UNSPECIFIED),
            port: None,
        }
    }
}

impl Place {
    /// Reads `PORT`, `ADDRESS` or `ADDRESS:PORT` (`[::1]:8044` for IPv6); empty: the defaults.
    pub fn parse(text: &str) -> Result<Place, Error> {
        let text = text.trim();
        let bad = || {
            Error::from(ShareError::Place {
                given: crate::words::shown(text),
            })
        };
        if text.is_empty() {
            return Ok(Place::default());
        }
        if let Ok(port) = text.parse::<u16>() {
            return Ok(Place {
                port: Some(port),
                ..Place::default()
            });
        }
        if let Ok(ip) = text.trim_matches(['[', ']']).parse::<IpAddr>() {
            return Ok(Place { ip, port: None });
        }
        let addr = text.parse::<SocketAddr>().map_err(|_| bad())?;
        Ok(Place {
            ip: addr.ip(),
            port: Some(addr.port()),
        })
    }

    fn bind(self) -> Result<TcpListener, Error> {
        let port = self.port.unwrap_or(DEFAULT_PORT);
        let bound = TcpListener::bind((self.ip, port));
        let bound = match bound {
            Err(_) if self.port.is_none() => TcpListener::bind((self.ip, 0)),
            other => other,
        };
        bound.map_err(|e| {
            ShareError::Bind {
                place: SocketAddr::new(self.ip, port).to_string(),
                problem: e.to_string(),
            }
            .into()
        })
    }
}

/// One snapshot as sent: its number and its JSON, made once for every page.
struct Frame {
    seq: u64,
    json: String,
}

/// What every connection reads: the token and the snapshots.
struct Shared {
    token: String,
    latest: watch::Receiver<Arc<Frame>>,
    stream: broadcast::Sender<Arc<Frame>>,
}

/// A game shared on the network, until it is dropped (or [`Share::stop`]ped).
pub struct Share {
    token: String,
    local: SocketAddr,
    /// To the server's thread, which writes each snapshot as JSON once for every page.
    snapshots: mpsc::UnboundedSender<Snapshot>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// A new token: 128 random bits, in upper-case hex so that the QR code's address is all of
/// the alphanumeric mode and the code stays small.
fn new_token() -> Result<String, Error> {
    let mut bits = [0u8; 16];
    getrandom::fill(&mut bits).map_err(|e| ShareError::Random {
        problem: e.to_string(),
    })?;
    Ok(bits.iter().map(|b| format!("{b:02X}")).collect())
}

/// Whether two texts are equal, taking as long whichever byte differs.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

impl Share {
    /// Starts sharing at `place`, showing `first` to the first pages.
    pub fn start(place: Place, first: &Snapshot) -> Result<Share, Error> {
        let listener = place.bind()?;
        let local = listener.local_addr().map_err(|e| ShareError::Bind {
            place: SocketAddr::new(place.ip, place.port.unwrap_or(0)).to_string(),
            problem: e.to_string(),
        })?;
        listener
            .set_nonblocking(true)
            .map_err(|e| ShareError::Runtime {
                problem: e.to_string(),
            })?;
        let token = new_token()?;
        let (latest, latest_rx) = watch::channel(frame_of(first));
        let (stream, _) = broadcast::channel(BACKLOG);
        let shared = Arc::new(Shared {
            token: token.clone(),
            latest: latest_rx,
            stream: stream.clone(),
        });
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_io()
            .enable_time()
            .build()
            .map_err(|e| ShareError::Runtime {
                problem: e.to_string(),
            })?;
        let (stop, stopped) = oneshot::channel();
        let (snapshots, to_send) = mpsc::unbounded_channel();
        let thread = std::thread::Builder::new()
            .name("share".to_string())
            .spawn(move || {
                runtime.block_on(async move {
                    let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                        return;
                    };
                    let server = tokio::spawn(serve(listener, shared));
                    let relay = tokio::spawn(relay(to_send, latest, stream));
                    let _ = stopped.await;
                    server.abort();
                    relay.abort();
                });
                // Every connection still open ends here, a page's stream with it.
                runtime.shutdown_timeout(Duration::from_secs(1));
            })
            .map_err(|e| ShareError::Runtime {
                problem: e.to_string(),
            })?;
        Ok(Share {
            token,
            local,
            snapshots,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// Hands a new snapshot to the server's thread, for every open page. Never waits: the
    /// snapshot is written as JSON there, and a page that has not read the ones before is
    /// sent the newest when it catches up.
    pub fn publish(&mut self, snapshot: Snapshot) {
        // A server that has stopped has no page to send it to.
        let _ = self.snapshots.send(snapshot);
    }

    /// The address the server listens on (`0.0.0.0:8044` for every interface).
    pub fn listening(&self) -> SocketAddr {
        self.local
    }

    /// The page's path: `/TOKEN/`.
    pub fn path(&self) -> String {
        format!("/{}/", self.token)
    }

    /// The page's address as a phone on the local network opens it: the machine's address
    /// on the network when the server listens on every interface (this machine's own when
    /// it is on no network).
    pub fn url(&self) -> String {
        let ip = if self.local.ip().is_unspecified() {
            network_address().unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST))
        } else {
            self.local.ip()
        };
        let host = SocketAddr::new(ip, self.local.port());
        format!("http://{host}{}", self.path())
    }

    /// The page's address as a QR code for a terminal, two rows of modules a line: light
    /// modules are drawn, so the code reads on a dark terminal and a light one alike.
    pub fn qr(&self) -> String {
        qr_code(&self.url())
    }

    /// Ends sharing: every open page loses its connection.
    pub fn stop(mut self) {
        self.end();
    }

    fn end(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        self.end();
    }
}

/// `url` as a QR code drawn in text. Upper case (scheme and host do not care) makes the
/// whole address alphanumeric, which takes fewer modules.
pub fn qr_code(url: &str) -> String {
    let upper = url.to_uppercase();
    match qrcode::QrCode::with_error_correction_level(upper.as_bytes(), qrcode::EcLevel::L) {
        Ok(code) => code
            .render::<qrcode::render::unicode::Dense1x2>()
            .dark_color(qrcode::render::unicode::Dense1x2::Light)
            .light_color(qrcode::render::unicode::Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
        Err(_) => String::new(),
    }
}

/// This machine's address on the local network: the one its packets to elsewhere leave
/// from. Connecting a UDP socket sends nothing; it only picks the route.
fn network_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    // An address of the documentation range: routed like any other, never reached.
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified()).then_some(ip)
}

/// A snapshot written as JSON, once for every page.
fn frame_of(snapshot: &Snapshot) -> Arc<Frame> {
    Arc::new(Frame {
        seq: snapshot.seq,
        json: serde_json::to_string(snapshot).unwrap_or_default(),
    })
}

/// Writes each snapshot the REPL hands over as JSON, and sends it to every page's stream
/// and to the pages still to come.
async fn relay(
    mut snapshots: mpsc::UnboundedReceiver<Snapshot>,
    latest: watch::Sender<Arc<Frame>>,
    stream: broadcast::Sender<Arc<Frame>>,
) {
    while let Some(snapshot) = snapshots.recv().await {
        let frame = frame_of(&snapshot);
        // No page open is no failure.
        let _ = stream.send(Arc::clone(&frame));
        latest.send_replace(frame);
    }
}

/// Accepts connections while there is room, each served on its own task with a bounded
/// head and a time limit to send it.
async fn serve(listener: tokio::net::TcpListener, shared: Arc<Shared>) {
    let room = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let app = axum::Router::new()
        .fallback(answer)
        .with_state(Arc::clone(&shared));
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            // Out of file descriptors, most likely: wait for some to close.
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        // A connection over the limit is closed at once.
        let Ok(permit) = Arc::clone(&room).try_acquire_owned() else {
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
        tokio::spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(HEAD_TIMEOUT)
                .max_buf_size(MAX_HEAD_BYTES)
                .max_headers(64);
            let _ = http.serve_connection(TokioIo::new(stream), service).await;
            drop(permit);
        });
    }
}

/// Headers every answer carries: nothing cached, the token never sent on as a referrer.
fn guarded(mut response: Response<Body>) -> Response<Body> {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

fn plain(status: StatusCode, text: &'static str) -> Response<Body> {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text,
    )
        .into_response()
}

/// Every request: GET alone, and only under the token.
async fn answer(
    axum::extract::State(shared): axum::extract::State<Arc<Shared>>,
    request: axum::extract::Request,
) -> Response<Body> {
    if request.method() != Method::GET {
        let mut refused = plain(
            StatusCode::METHOD_NOT_ALLOWED,
            "This page is read-only: only GET.\n",
        );
        refused
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET"));
        return guarded(refused);
    }
    let path = request.uri().path();
    let (first, rest) = match path.trim_start_matches('/').split_once('/') {
        Some((first, rest)) => (first, Some(rest)),
        None => (path.trim_start_matches('/'), None),
    };
    if !same_secret(first, &shared.token) {
        return guarded(plain(StatusCode::NOT_FOUND, "Not found.\n"));
    }
    guarded(match rest {
        None => (
            StatusCode::SEE_OTHER,
            [(header::LOCATION, format!("/{}/", shared.token))],
        )
            .into_response(),
        Some("") => (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (
                    header::CONTENT_SECURITY_POLICY,
                    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; \
                     connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; \
                     frame-ancestors 'none'",
                ),
            ],
            page_with(&shared.latest.borrow().json),
        )
            .into_response(),
        Some("view.json") => {
            let frame = Arc::clone(&shared.latest.borrow());
            (
                [(header::CONTENT_TYPE, "application/json")],
                frame.json.clone(),
            )
                .into_response()
        }
        Some("events") => events(&shared).into_response(),
        Some(_) => plain(StatusCode::NOT_FOUND, "Not found.\n"),
    })
}

/// What a page's stream holds between two events.
struct Reading {
    /// The newest snapshot, sent first on connecting (and after falling behind).
    first: Option<Arc<Frame>>,
    sent: u64,
    stream: broadcast::Receiver<Arc<Frame>>,
    latest: watch::Receiver<Arc<Frame>>,
}

/// The snapshots as server-sent events: the newest first, then each new one in order. A
/// page that falls more than [`BACKLOG`] behind skips to the newest.
fn events(
    shared: &Shared,
) -> Sse<impl futures_util::Stream<Item = Result<Event, Infallible>> + use<>> {
    // Subscribed before the newest is read, so nothing comes between.
    let stream = shared.stream.subscribe();
    let latest = shared.latest.clone();
    let first = Arc::clone(&latest.borrow());
    let reading = Reading {
        first: Some(first),
        sent: 0,
        stream,
        latest,
    };
    let events = futures_util::stream::unfold(reading, |mut reading| async move {
        if let Some(frame) = reading.first.take() {
            reading.sent = frame.seq;
            let event = Event::default()
                .event("view")
                .id(frame.seq.to_string())
                .retry(Duration::from_secs(1))
                .data(frame.json.as_str());
            return Some((Ok(event), reading));
        }
        loop {
            match reading.stream.recv().await {
                Ok(frame) if frame.seq <= reading.sent => {}
                Ok(frame) => {
                    reading.sent = frame.seq;
                    let event = Event::default()
                        .event("view")
                        .id(frame.seq.to_string())
                        .data(frame.json.as_str());
                    return Some((Ok(event), reading));
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    reading.first = Some(Arc::clone(&reading.latest.borrow()));
                    return Some((Ok(Event::default().comment("behind")), reading));
                }
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_is_a_port_an_address_or_both() {
        assert_eq!(Place::parse("").unwrap(), Place::default());
        assert_eq!(Place::parse("9000").unwrap().port, Some(9000));
        let local = Place::parse("127.0.0.1").unwrap();
        assert_eq!(
            (local.ip, local.port),
            (IpAddr::V4(Ipv4Addr::LOCALHOST), None)
        );
        let both = Place::parse("[::1]:8080").unwrap();
        assert_eq!((both.ip.to_string(), both.port), ("::1".into(), Some(8080)));
        assert!(Place::parse("kitchen").is_err());
        assert!(Place::parse("70000").is_err());
    }

    #[test]
    fn tokens_are_128_random_bits_never_the_same() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn a_secret_is_equal_only_to_itself() {
        assert!(same_secret("ABCD", "ABCD"));
        assert!(!same_secret("ABCD", "ABCE"));
        assert!(!same_secret("ABCD", "ABC"));
        assert!(!same_secret("", "A"));
    }

    #[test]
    fn the_qr_code_of_an_address_fits_40_columns() {
        let code = qr_code("http://192.168.100.200:8044/0123456789ABCDEF0123456789ABCDEF/");
        let widest = code.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(widest <= 40, "{widest} columns");
        assert!(code.lines().count() <= 20);
    }

    #[test]
    fn the_snapshot_in_the_page_cannot_end_its_script() {
        let json = serde_json::json!({"name": "</script><b>x</b>\u{2028}&"}).to_string();
        let page = page_with(&json);
        assert!(!page.contains("</script><b>"));
        let start = page.find(r#"type="application/json">"#).unwrap() + 24;
        let end = start + page[start..].find("</script>").unwrap();
        let back: serde_json::Value = serde_json::from_str(&page[start..end]).unwrap();
        assert_eq!(back["name"], "</script><b>x</b>\u{2028}&");
    }

    #[test]
    fn the_page_is_small_and_loads_nothing_from_elsewhere() {
        assert!(PAGE.contains(FIRST));
        assert!(PAGE.len() < 40_000, "{} bytes", PAGE.len());
        for elsewhere in [
            "src=",
            "href=",
            "url(",
            "@import",
            "https://",
            "fetch(\"http",
        ] {
            assert!(!PAGE.contains(elsewhere), "{elsewhere}");
        }
        assert!(!PAGE.contains("innerHTML"));
    }
}
