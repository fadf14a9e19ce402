//! The studio's link to an editor: the language server (`muster lsp` with the
//! studio's address) posts the line under the editor's cursor here and asks,
//! by waiting on [`Link::next_open`], which source line the writer clicked on
//! the map. Both sides talk over loopback to the studio's own server; the page
//! polls [`Link::state`].

use super::Place;
use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How long after its last poll an editor counts as connected.
const EDITOR_GONE: Duration = Duration::from_secs(45);
/// Clicks waiting for the editor; older ones are dropped.
const QUEUE: usize = 8;

/// The cursor the editor reported and the clicks waiting for it.
#[derive(Debug, Default)]
pub struct Link {
    state: Mutex<State>,
    wake: Condvar,
}

#[derive(Debug, Default)]
struct State {
    cursor: Option<Place>,
    /// Bumped on every cursor report, so the page sees a move back to a line.
    serial: u64,
    opens: VecDeque<Place>,
    editor_polled: Option<Instant>,
}

impl Link {
    /// The editor's cursor moved to `place`.
    pub fn set_cursor(&self, place: Place) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.cursor = Some(place);
        state.serial += 1;
    }

    /// Asks the editor to open `place`; whether an editor is connected to do it.
    pub fn request_open(&self, place: Place) -> bool {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let connected = state
            .editor_polled
            .is_some_and(|t| t.elapsed() < EDITOR_GONE);
        if connected {
            if state.opens.len() >= QUEUE {
                state.opens.pop_front();
            }
            state.opens.push_back(place);
            self.wake.notify_all();
        }
        connected
    }

    /// The next place to open, waiting at most `wait` for one (the editor's
    /// long poll); `None` when none came.
    pub fn next_open(&self, wait: Duration) -> Option<Place> {
        let deadline = Instant::now() + wait;
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            state.editor_polled = Some(Instant::now());
            if let Some(place) = state.opens.pop_front() {
                return Some(place);
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            state = self
                .wake
                .wait_timeout(state, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// What the page polls: the build counter, the editor's cursor and whether
    /// an editor is connected, as JSON.
    pub fn state(&self, version: u64) -> String {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let editor = state
            .editor_polled
            .is_some_and(|t| t.elapsed() < EDITOR_GONE);
        serde_json::json!({
            "version": version,
            "cursor": state.cursor,
            "serial": state.serial,
            "editor": editor,
        })
        .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(line: usize) -> Place {
        Place {
            file: "/p/a.muster".into(),
            line,
        }
    }

    #[test]
    fn clicks_reach_the_editor_only_once_it_polls() {
        let link = Link::default();
        assert!(!link.request_open(at(3)), "no editor yet");
        assert_eq!(link.next_open(Duration::ZERO), None);
        assert!(link.request_open(at(4)));
        assert_eq!(link.next_open(Duration::ZERO), Some(at(4)));
        link.set_cursor(at(9));
        let state: serde_json::Value = serde_json::from_str(&link.state(2)).unwrap_or_default();
        assert_eq!(state["cursor"]["line"], 9);
        assert_eq!(state["serial"], 1);
        assert_eq!(state["editor"], true);
    }
}
