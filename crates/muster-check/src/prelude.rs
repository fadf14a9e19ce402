//! What every rule file imports.

pub(crate) use crate::context::{metres, Context};
pub(crate) use crate::facts;
pub(crate) use crate::query::{Moment, NoUnit};
pub(crate) use crate::registry::{About, CheckFn, Related, Rule};
pub(crate) use muster_model::geometry;
pub(crate) use muster_model::model::*;
pub(crate) use muster_rules::vocab::*;
pub(crate) use muster_syntax::{Code, Diagnostic};
