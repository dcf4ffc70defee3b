//! The `carousel` binary: everything is in the library; `main` only hands it the request.

use std::process::ExitCode;

/// The allocator: the solver makes thousands of short-lived allocations a solve (a copy of
/// the simplex's basis for each branch, the search's lists of moves), and with `mimalloc`
/// the bench's classes take a tenth less time at the median than with the system's
/// allocator (see docs/solver-speed.md). The bench sets the same one, so it measures this.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    carousel::cli::main()
}
