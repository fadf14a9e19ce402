//! Counters of the map's work, so complexity guards measure operations rather
//! than time (a loaded machine changes timings, never counts). Per thread, so
//! tests running side by side do not see each other's work.

use std::cell::Cell;

thread_local! {
    static SPOTS: Cell<u64> = const { Cell::new(0) };
    static SEGMENTS: Cell<u64> = const { Cell::new(0) };
    static COMPARED: Cell<u64> = const { Cell::new(0) };
}

/// One candidate spot of a label tested against what is already claimed.
pub(crate) fn spot() {
    SPOTS.with(|c| c.set(c.get().wrapping_add(1)));
}

/// `n` segments of a drawn shape (a line, an outline, a barrier) measured
/// against a label's box or sight line.
pub(crate) fn segments(n: usize) {
    SEGMENTS.with(|c| c.set(c.get().wrapping_add(n as u64)));
}

/// `n` candidates compared by a search: inset windows tested for overlap,
/// notes and model entries compared to say where a note points.
pub(crate) fn compared(n: usize) {
    COMPARED.with(|c| c.set(c.get().wrapping_add(n as u64)));
}

/// Candidate spots tested on this thread so far.
pub fn spots_tested() -> u64 {
    SPOTS.with(Cell::get)
}

/// Segments measured on this thread so far.
pub fn segments_measured() -> u64 {
    SEGMENTS.with(Cell::get)
}

/// Candidates compared by searches on this thread so far.
pub fn candidates_compared() -> u64 {
    COMPARED.with(Cell::get)
}
