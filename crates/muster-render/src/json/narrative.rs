//! The briefing narrative in the JSON: each side's sections and the umpire's.

use muster_model::model::{self as m, Model, Target};
use muster_rules::vocab::BriefingSection;
use schemars::JsonSchema;
use serde::Serialize;

use super::common::Kw;
use super::convert::side_id;
use super::strict::NAME;

/// One side's (or the umpire's) briefing narrative (docs/language.md, `briefing`).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Briefing {
    /// The id of the side that reads it; null for the umpire's (never in a side's JSON).
    #[schemars(pattern(NAME))]
    pub side: Option<String>,
    /// The sections in the military order's sequence (situation first, history last).
    pub sections: Vec<Section>,
}

/// One section of a briefing.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Section {
    /// Which section (`situation`, `mission`, …, `history`).
    pub section: Kw<BriefingSection>,
    /// Its heading as printed (`Enemy forces`).
    pub heading: String,
    /// The author's words.
    pub text: String,
}

/// Every briefing of the scenario; a side's sections sorted into the order's
/// sequence (stable, so two texts of one section keep the order written).
pub(crate) fn briefings(model: &Model) -> Vec<Briefing> {
    model.briefings.iter().map(|b| briefing(model, b)).collect()
}

fn briefing(model: &Model, b: &m::Briefing) -> Briefing {
    let side = b.side.as_ref().map(|r| match r.target {
        Some(Target::Side(s)) => side_id(model, s),
        _ => r.name.id.clone(),
    });
    let mut sections: Vec<Section> = b
        .sections
        .iter()
        .map(|(s, p)| Section {
            section: Kw(*s),
            heading: s.gloss().to_string(),
            text: p.text.clone(),
        })
        .collect();
    sections.sort_by_key(|s| s.section.0);
    Briefing { side, sections }
}
