//! The muster list: what figures, models and terrain pieces a scenario needs on
//! the table (§2–§4), per side and in total. It is computed from a view's own
//! JSON, so a side's list counts only that side and the ground it knows.

use schemars::JsonSchema;
use serde::Serialize;

use super::forces::{Element, ElementKind, Unit};
use super::round::whole;
use super::ScenarioJson;
use crate::keyword::keyword;
use muster_model::geometry::polyline_length;
use muster_rules::foot::{frontage_mm, usual_figures, Frontage};
use muster_rules::frontage::base_mm;
use muster_rules::vocab::Posture;

/// Everything to bring to the table.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema, Default)]
pub struct MusterList {
    /// Each side's troops; in a side's JSON only that side.
    pub sides: Vec<SideMuster>,
    /// Both sides together; in a side's JSON that side's alone.
    pub total: Troops,
    /// Terrain pieces by kind.
    pub terrain: Vec<TerrainPieces>,
}

/// One side's troops.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct SideMuster {
    /// The side's id.
    pub side: String,
    /// Its figures and models.
    pub troops: Troops,
}

/// Figures and models, grouped by type.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema, Default)]
pub struct Troops {
    /// Foot figures by element type, with their bases.
    pub figures: Vec<FigureLine>,
    /// Vehicle, gun and aircraft models by type.
    pub models: Vec<ModelLine>,
}

/// Foot elements of one type: each element is one base (§2).
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FigureLine {
    /// The element type (`coherent foot`, `heavy-support foot`, `gun crew`).
    pub element_type: String,
    /// Bases (one per element).
    pub bases: u32,
    /// Base frontage in millimetres (§4, §15–§18: 50 full size, 25 reduced).
    pub frontage_mm: u32,
    /// Figures on those bases.
    pub figures: u32,
}

/// Models of one type.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ModelLine {
    /// `vehicle`, `gun`, `aircraft` or `ship`.
    #[schemars(extend("enum" = ["vehicle", "gun", "aircraft", "ship"]))]
    pub category: String,
    /// The type in words (`tracked armoured tank`, `75 mm howitzer`).
    pub model_type: String,
    /// Elements of this type.
    pub elements: u32,
    /// Models (§3: each stands for 3 to 5 real ones).
    pub models: u32,
}

/// Terrain pieces of one kind.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct TerrainPieces {
    /// The kind: an area's terrain (`dense-woods`; buildings with strength and
    /// height, `buildings medium normal`) or a line's (`hedge`, `road`).
    pub kind: String,
    /// Separate pieces (areas or lines).
    pub pieces: u32,
    /// For lines, their total length in table centimetres, to the whole centimetre.
    #[serde(serialize_with = "whole")]
    pub length_cm: f64,
}

/// The muster list of a view.
pub fn list(s: &ScenarioJson) -> MusterList {
    let sides: Vec<SideMuster> = s
        .sides
        .iter()
        .filter(|sd| !sd.units.is_empty())
        .map(|sd| {
            let mut t = Troops::default();
            for u in &sd.units {
                add_unit(&mut t, u);
            }
            SideMuster {
                side: sd.id.clone(),
                troops: t,
            }
        })
        .collect();
    let mut total = Troops::default();
    for sd in &sides {
        for f in &sd.troops.figures {
            add_figures(
                &mut total,
                &f.element_type,
                f.frontage_mm,
                f.bases,
                f.figures,
            );
        }
        for m in &sd.troops.models {
            add_models(&mut total, &m.category, &m.model_type, m.elements, m.models);
        }
    }
    MusterList {
        sides,
        total,
        terrain: terrain(s),
    }
}

fn add_unit(t: &mut Troops, u: &Unit) {
    for e in &u.elements {
        add_element(t, e);
    }
    for c in &u.units {
        add_unit(t, c);
    }
}

fn add_element(t: &mut Troops, e: &Element) {
    // Off-table fire support needs nothing on the table; aircraft fly onto it.
    let aircraft = matches!(e.kind, Some(ElementKind::Aircraft { .. }));
    if !aircraft && e.postures.iter().any(|p| p.0 == Posture::OffTable) {
        return;
    }
    let models = e.models.unwrap_or(1);
    match &e.kind {
        Some(ElementKind::Foot { ty, .. }) => {
            let figures = e.figures.unwrap_or_else(|| usual_figures(ty.0));
            add_figures(t, &e.description, frontage_mm(ty.0), 1, figures);
        }
        Some(ElementKind::Vehicle { .. }) => {
            add_models(t, "vehicle", &e.description, 1, models);
        }
        Some(ElementKind::Artillery { .. }) => {
            add_models(t, "gun", &e.description, 1, models);
            if let Some(f) = e.figures {
                add_figures(t, "gun crew", base_mm(Frontage::Reduced), 0, f);
            }
        }
        Some(ElementKind::Aircraft { .. }) => {
            add_models(t, "aircraft", &e.description, 1, models);
        }
        // a landing craft is a model on the table; a warship fires from beyond it
        Some(ElementKind::Ship { .. }) => {
            add_models(t, "ship", &e.description, 1, models);
        }
        None => {
            if let Some(f) = e.figures {
                add_figures(t, "untyped element", base_mm(Frontage::Full), 1, f);
            }
        }
    }
}

fn add_figures(t: &mut Troops, ty: &str, frontage_mm: u32, bases: u32, figures: u32) {
    match t
        .figures
        .iter_mut()
        .find(|f| f.element_type == ty && f.frontage_mm == frontage_mm)
    {
        Some(f) => {
            f.bases = f.bases.saturating_add(bases);
            f.figures = f.figures.saturating_add(figures);
        }
        None => t.figures.push(FigureLine {
            element_type: ty.to_string(),
            bases,
            frontage_mm,
            figures,
        }),
    }
}

fn add_models(t: &mut Troops, category: &str, ty: &str, elements: u32, models: u32) {
    match t
        .models
        .iter_mut()
        .find(|m| m.category == category && m.model_type == ty)
    {
        Some(m) => {
            m.elements = m.elements.saturating_add(elements);
            m.models = m.models.saturating_add(models);
        }
        None => t.models.push(ModelLine {
            category: category.to_string(),
            model_type: ty.to_string(),
            elements,
            models,
        }),
    }
}

fn terrain(s: &ScenarioJson) -> Vec<TerrainPieces> {
    let mut out: Vec<TerrainPieces> = Vec::new();
    let mut add = |kind: String, length_cm: f64| match out.iter_mut().find(|t| t.kind == kind) {
        Some(t) => {
            t.pieces = t.pieces.saturating_add(1);
            t.length_cm += length_cm;
        }
        None => out.push(TerrainPieces {
            kind,
            pieces: 1,
            length_cm,
        }),
    };
    for a in &s.map.areas {
        let mut kind = keyword(&a.kind);
        if let Some(st) = &a.structure {
            kind = format!("{kind} {} {}", keyword(&st.strength), keyword(&st.height));
        }
        add(kind, 0.0);
    }
    let scale = s.header.ground_scale_m_per_mm;
    for l in &s.map.lines {
        let metres = polyline_length(&l.points);
        add(keyword(&l.kind), crate::map::grid::table_cm(metres, scale));
    }
    out
}
