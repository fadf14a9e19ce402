//! File-system events and Ctrl-C as one stream of messages: the pack roots are
//! watched recursively (so renames, recreations and new folders are seen) through
//! notify-debouncer-full, which batches each burst of events.

use notify::{EventKind, RecursiveMode};
use notify_debouncer_full::{new_debouncer, DebounceEventResult, Debouncer, RecommendedCache};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

/// What the watch loop is told.
#[derive(Debug)]
pub enum Message {
    /// Paths touched by one debounced burst (access-only events left out).
    Paths(Vec<PathBuf>),
    /// The watcher itself failed (a watched folder vanished, too many watches).
    Failed(String),
    /// Ctrl-C (SIGINT): stop cleanly.
    Interrupt,
}

/// The running watcher; dropping it stops watching.
pub struct Events {
    rx: Receiver<Message>,
    debouncer: Debouncer<notify::RecommendedWatcher, RecommendedCache>,
}

impl Events {
    /// Starts watching `roots` recursively, batching bursts over `debounce`.
    pub fn start(roots: &[PathBuf], debounce: Duration) -> Result<Events, String> {
        let (tx, rx) = channel();
        let interrupt = tx.clone();
        ctrlc::set_handler(move || {
            let _ = interrupt.send(Message::Interrupt);
        })
        .map_err(|e| format!("cannot listen for Ctrl-C: {e}"))?;
        // Tick often so a burst is reported soon after it goes quiet.
        let tick = (debounce / 4).clamp(Duration::from_millis(5), Duration::from_millis(25));
        let debouncer = new_debouncer(debounce, Some(tick), handler(tx))
            .map_err(|e| format!("cannot start watching: {e}"))?;
        let mut events = Events { rx, debouncer };
        for root in roots {
            events.watch(root)?;
        }
        Ok(events)
    }

    /// Watches (again) one folder, recursively.
    pub fn watch(&mut self, root: &Path) -> Result<(), String> {
        self.debouncer
            .watch(root, RecursiveMode::Recursive)
            .map_err(|e| format!("cannot watch `{}`: {e}", root.display()))
    }

    /// Stops watching a folder (it vanished); errors are of no interest then.
    pub fn unwatch(&mut self, root: &Path) {
        let _ = self.debouncer.unwatch(root);
    }

    /// The next message, waiting as long as it takes.
    pub fn next(&self) -> Message {
        self.rx.recv().unwrap_or(Message::Interrupt)
    }

    /// The next message within `wait`, if any.
    pub fn next_within(&self, wait: Duration) -> Option<Message> {
        match self.rx.recv_timeout(wait) {
            Ok(m) => Some(m),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => Some(Message::Interrupt),
        }
    }
}

fn handler(tx: Sender<Message>) -> impl FnMut(DebounceEventResult) + Send + 'static {
    move |result: DebounceEventResult| {
        let message = match result {
            Ok(events) => {
                let paths: Vec<PathBuf> = events
                    .into_iter()
                    .filter(|e| !matches!(e.event.kind, EventKind::Access(_)))
                    .flat_map(|e| e.event.paths.clone())
                    .collect();
                if paths.is_empty() {
                    return;
                }
                Message::Paths(paths)
            }
            Err(errors) => Message::Failed(
                errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; "),
            ),
        };
        let _ = tx.send(message);
    }
}
