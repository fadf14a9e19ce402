//! File-system events and Ctrl-C as one stream of messages: each folder of the
//! packs is watched on its own (`tree.rs` decides which, never through a symlink)
//! through notify-debouncer-full, which batches each burst of events.

use notify::{EventKind, RecursiveMode};
use notify_debouncer_full::{new_debouncer_opt, DebounceEventResult, Debouncer, RecommendedCache};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

/// How the debounce time is spent. notify-debouncer-full delivers each event
/// `hold` after it happened (merging repeats and stitching renames); the watch loop
/// then waits for `quiet` without a relevant event before it acts. A burst thus
/// ends after about `hold + quiet` = the debounce time of silence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timing {
    pub hold: Duration,
    pub tick: Duration,
    pub quiet: Duration,
}

impl Timing {
    pub fn of(debounce: Duration) -> Timing {
        let hold = (debounce / 4)
            .clamp(Duration::from_millis(10), Duration::from_millis(25))
            .min(debounce);
        let tick = (hold / 4).max(Duration::from_millis(2));
        Timing {
            hold,
            tick,
            quiet: debounce.saturating_sub(hold),
        }
    }
}

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
    /// Starts the watcher, watching nothing yet; each event is held `timing.hold`.
    pub fn start(timing: &Timing) -> Result<Events, String> {
        let (tx, rx) = channel();
        let interrupt = tx.clone();
        ctrlc::set_handler(move || {
            let _ = interrupt.send(Message::Interrupt);
        })
        .map_err(|e| format!("cannot listen for Ctrl-C: {e}"))?;
        let config = notify::Config::default().with_follow_symlinks(false);
        let debouncer = new_debouncer_opt(
            timing.hold,
            Some(timing.tick),
            handler(tx),
            RecommendedCache::new(),
            config,
        )
        .map_err(|e| format!("cannot start watching: {e}"))?;
        Ok(Events { rx, debouncer })
    }

    /// Watches (again) one folder, not its subfolders.
    pub fn watch(&mut self, folder: &Path) -> Result<(), String> {
        self.debouncer
            .watch(folder, RecursiveMode::NonRecursive)
            .map_err(|e| format!("cannot watch `{}`: {e}", folder.display()))
    }

    /// Stops watching a folder (it vanished); errors are of no interest then.
    pub fn unwatch(&mut self, root: &Path) {
        let _ = self.debouncer.unwatch(root);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_debounce_is_split_between_hold_and_quiet() {
        let ms = Duration::from_millis;
        assert_eq!(
            Timing::of(ms(100)),
            Timing {
                hold: ms(25),
                tick: ms(6) + Duration::from_micros(250),
                quiet: ms(75)
            }
        );
        assert_eq!(Timing::of(ms(20)).hold + Timing::of(ms(20)).quiet, ms(20));
        assert_eq!(Timing::of(ms(0)).quiet, ms(0));
    }
}
