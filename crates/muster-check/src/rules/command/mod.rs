//! MC3xx: command, control and communications (§63–§93).

include!(concat!(env!("OUT_DIR"), "/rules_command.rs"));

use crate::prelude::*;

/// Whether the element talks only by voice or runner (no radio, no telephone).
pub(crate) fn has_no_set(e: &Element) -> bool {
    e.radio.is_none() && e.telephone.is_none()
}
