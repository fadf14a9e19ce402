//! Every rule, one file each, grouped like the codes: MC001–MC003 syntax, MC004–MC006
//! numeric limits, MC007 the run's own output, MC1xx names,
//! MC2xx organisation, MC3xx command, MC4xx orders, MC5xx battlefield, MC6xx
//! scenario, MC7xx actions, MC8xx fog of war, MC901–MC903 the pack's collection, MC904–MC906
//! what the printed maps could not draw, MC950–MC959 what `export` and `import` find,
//! MC960–MC969 the victory levels of the sides read together.

use crate::registry::{CheckFn, Rule};
use muster_syntax::Code;

pub(crate) mod actions;
pub(crate) mod battlefield;
pub(crate) mod collection;
pub(crate) mod command;
pub(crate) mod fog;
pub(crate) mod interchange;
pub(crate) mod limits;
pub(crate) mod maps;
pub(crate) mod names;
pub(crate) mod orders;
pub(crate) mod organisation;
pub(crate) mod output;
pub(crate) mod scenario;
pub(crate) mod syntax;
pub(crate) mod victory;

/// Builds the rule table and the check table from the list of rule modules.
macro_rules! registry {
    ($($group:ident :: $module:ident),+ $(,)?) => {
        pub(crate) static RULES: &[Rule] = &[$($group::$module::RULE),+];
        static CHECKS: &[(Code, Option<CheckFn>)] = &[$(($group::$module::RULE.code, $group::$module::CHECK)),+];
    };
}

// one row per rule file, in code order, written by `build.rs`
include!(concat!(env!("OUT_DIR"), "/registry.rs"));

/// The check of a code, when this crate implements it.
pub(crate) fn check_of(code: Code) -> Option<CheckFn> {
    CHECKS
        .iter()
        .find(|(c, _)| *c == code)
        .and_then(|(_, f)| *f)
}

/// Every implemented check, in code order.
pub(crate) fn checks() -> impl Iterator<Item = CheckFn> {
    CHECKS.iter().filter_map(|(_, f)| *f)
}
