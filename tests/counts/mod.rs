//! How many cases a long test runs: few in debug builds (as CI runs them), more in release,
//! and any number from an environment variable, for a long run by hand.

/// `debug` cases in debug builds, `release` in release; the variable `var`, when set to a
/// number, overrides both.
pub(crate) fn cases(var: &str, debug: u64, release: u64) -> u64 {
    let default = if cfg!(debug_assertions) {
        debug
    } else {
        release
    };
    std::env::var(var)
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}
