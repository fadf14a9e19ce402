//! A counter of work done answering requests, so complexity guards measure
//! steps rather than time. Per thread, like `muster_model::work`.

use std::cell::Cell;

thread_local! {
    static STEPS: Cell<u64> = const { Cell::new(0) };
}

/// Counts `n` steps: characters walked to place a token, names compared.
pub(crate) fn step(n: usize) {
    STEPS.with(|c| c.set(c.get().wrapping_add(n as u64)));
}

/// Steps counted on this thread so far.
pub fn steps() -> u64 {
    STEPS.with(Cell::get)
}
