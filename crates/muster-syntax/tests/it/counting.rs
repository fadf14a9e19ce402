//! A global allocator that counts the allocations made on each thread, the
//! bytes they ask for and the most bytes held at once, so the complexity guards
//! count work instead of timing it; and the one assertion every guard makes of
//! its counts. The checker's and the renderer's guards include this file too.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting allocations made on each thread.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static BYTES: Cell<u64> = const { Cell::new(0) };
    /// Bytes this thread has allocated and not freed (memory freed on another
    /// thread than made it makes this drift, which no guarded work does).
    static LIVE: Cell<i64> = const { Cell::new(0) };
    static PEAK: Cell<i64> = const { Cell::new(0) };
}

/// Counts one allocation of `size` bytes on this thread.
fn count(size: usize) {
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
    let _ = BYTES.try_with(|c| c.set(c.get() + size as u64));
}

/// Counts `by` more bytes held (fewer when negative) on this thread.
fn hold(by: i64) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + by;
        live.set(now);
        let _ = PEAK.try_with(|p| p.set(p.get().max(now)));
    });
}

// SAFETY: every call is forwarded unchanged to the system allocator; the count is
// a const-initialised thread-local that never allocates itself.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        hold(layout.size() as i64);
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        hold(-(layout.size() as i64));
        // SAFETY: forwarded with the caller's pointer and layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        hold(new_size as i64 - layout.size() as i64);
        // SAFETY: forwarded with the caller's pointer, layout and size.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made on this thread so far.
pub fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Bytes asked for by this thread's allocations so far (a reallocation counts
/// its new size).
#[allow(dead_code)]
pub fn bytes() -> u64 {
    BYTES.with(Cell::get)
}

/// Starts measuring the most bytes this thread holds at once from now;
/// returns what it holds now, for [`peak_held`].
#[allow(dead_code)]
pub fn start_peak() -> i64 {
    let now = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(now));
    now
}

/// The most bytes this thread held at once since [`start_peak`] returned
/// `base`, beyond `base`.
#[allow(dead_code)]
pub fn peak_held(base: i64) -> u64 {
    (PEAK.with(Cell::get) - base).max(0) as u64
}

/// One count of work, for the input and for eight times the input.
pub struct Grown<'a> {
    pub unit: &'a str,
    pub small: u64,
    pub large: u64,
    /// Whether the guard bounds it (otherwise it is only printed).
    pub bounded: bool,
}

/// Asserts that eight times the input cost at most twelve times each bounded
/// count: about linear, while a loop over every pair (64 times) fails. Every
/// count is printed first, so a failure shows them all.
#[allow(dead_code)]
pub fn assert_about_linear(what: &str, counts: &[Grown]) {
    let ratio = |g: &Grown| g.large as f64 / (g.small as f64).max(1.0);
    for g in counts {
        eprintln!(
            "{what}: {} {} → {} for 8× ({:.1}×)",
            g.unit,
            g.small,
            g.large,
            ratio(g)
        );
    }
    for g in counts.iter().filter(|g| g.bounded) {
        assert!(
            ratio(g) <= 12.0,
            "{what}: 8× the input cost {:.1}× the {} ({} → {})",
            ratio(g),
            g.unit,
            g.small,
            g.large
        );
    }
}
