//! Counters of work done, so complexity guards measure operations rather than
//! time (a loaded machine changes timings, never counts). Per thread, so tests
//! running side by side do not see each other's work.

use std::cell::Cell;

thread_local! {
    static GEOMETRY: Cell<u64> = const { Cell::new(0) };
    static PARSED: Cell<u64> = const { Cell::new(0) };
    static LIBRARY_ITEMS: Cell<u64> = const { Cell::new(0) };
}

/// Counts one exact geometric test of a point, segment or outline against one
/// shape (or one distance between two positions).
pub fn geometry() {
    GEOMETRY.with(|c| c.set(c.get().wrapping_add(1)));
}

/// `bytes` of source handed to the parser.
pub(crate) fn parsed(bytes: usize) {
    PARSED.with(|c| c.set(c.get().wrapping_add(bytes as u64)));
}

/// Geometric tests made on this thread so far.
pub fn geometry_tests() -> u64 {
    GEOMETRY.with(Cell::get)
}

/// Bytes of source parsed on this thread so far.
pub fn parsed_bytes() -> u64 {
    PARSED.with(Cell::get)
}

/// `items` top-level items of an imported file resolved (declared, checked):
/// once per text when the library's own part is cached, once per importer when not.
pub(crate) fn library_items(items: usize) {
    LIBRARY_ITEMS.with(|c| c.set(c.get().wrapping_add(items as u64)));
}

/// Top-level items of imported files resolved on this thread so far.
pub fn library_items_resolved() -> u64 {
    LIBRARY_ITEMS.with(Cell::get)
}
