//! The `muster` binary: everything it does is in `muster-cli`.

use std::process::ExitCode;

/// A pack check allocates many small, short-lived nodes on two threads; mimalloc
/// does that with about a third fewer instructions than glibc's allocator
/// (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    muster_cli::main()
}
