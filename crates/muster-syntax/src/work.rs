//! Counters of the parser's work, so complexity guards measure operations rather
//! than time (a loaded machine changes timings, never counts). Per thread, so
//! tests running side by side do not see each other's work.

use std::cell::Cell;

thread_local! {
    static GRAMMAR: Cell<u64> = const { Cell::new(0) };
    static RESCANNED: Cell<u64> = const { Cell::new(0) };
}

/// `bytes` handed to one run of the grammar.
pub(crate) fn grammar(bytes: usize) {
    GRAMMAR.with(|c| c.set(c.get().wrapping_add(bytes as u64)));
}

/// `bytes` of text read again to find a line (an unclosed brace's report).
pub(crate) fn rescanned(bytes: usize) {
    RESCANNED.with(|c| c.set(c.get().wrapping_add(bytes as u64)));
}

/// Bytes handed to the grammar on this thread so far: each statement once, plus
/// the statements read again to report an error.
pub fn grammar_bytes() -> u64 {
    GRAMMAR.with(Cell::get)
}

/// Bytes read again to find lines on this thread so far.
pub fn rescanned_bytes() -> u64 {
    RESCANNED.with(Cell::get)
}
