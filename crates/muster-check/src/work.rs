//! Counters of work done by the checks, so the complexity guards measure
//! operations rather than time. Per thread, like `muster_model::work`.

use std::cell::Cell;

thread_local! {
    static TEXT_SCANNED: Cell<u64> = const { Cell::new(0) };
}

/// `bytes` of a side's text searched for names (fog of war, MC802/MC805).
pub(crate) fn text_scanned(bytes: usize) {
    TEXT_SCANNED.with(|c| c.set(c.get().wrapping_add(bytes as u64)));
}

/// Bytes of text searched for names on this thread so far: one pass per text,
/// however many names the side must not be told.
pub fn text_bytes_scanned() -> u64 {
    TEXT_SCANNED.with(Cell::get)
}
