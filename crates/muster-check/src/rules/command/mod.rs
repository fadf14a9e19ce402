//! MC3xx: command, control and communications (§63–§93).

pub(crate) mod mc301_element_separated;
pub(crate) mod mc302_long_radio_on_ordinary_element;
pub(crate) mod mc303_radio_link_outside_chain;
pub(crate) mod mc304_telephone_not_static;
pub(crate) mod mc305_telephone_line_hindered;
pub(crate) mod mc306_command_by_runner_only;
pub(crate) mod mc307_signal_unusable;
pub(crate) mod mc308_smoke_signal_unseen;
pub(crate) mod mc309_net_member_without_radio;
pub(crate) mod mc310_codeword_without_link;
pub(crate) mod mc311_lamp_unseen;
pub(crate) mod mc312_messenger_blocked;

use crate::prelude::*;

/// Whether the element talks only by voice or runner (no radio, no telephone).
pub(crate) fn has_no_set(e: &Element) -> bool {
    e.radio.is_none() && e.telephone.is_none()
}
