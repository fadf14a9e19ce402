//! A keyword's spelling as the scenario JSON writes it, for the text of maps
//! and sheets.

use serde::Serialize;

/// A keyword's spelling, via its serialisation (`north`, `platoon`); empty for
/// anything that does not serialise to a string.
pub(crate) fn keyword<T: Serialize>(k: &T) -> String {
    match serde_json::to_value(k) {
        Ok(serde_json::Value::String(s)) => s,
        _ => String::new(),
    }
}
