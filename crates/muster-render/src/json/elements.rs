//! One element of the model -> its JSON, with strength and command status.

use muster_model::analysis::{Analysis, CommandStatus, Means, Route};
use muster_model::model::{self as m, Model};

use super::common::{Kw, RealStrength};
use super::convert::reference;
use super::forces::{Command, Comms, Element, ElementKind, HmgZone, Task, Weapon};

pub(crate) fn element(model: &Model, analysis: &Analysis, index: usize, e: &m::Element) -> Element {
    let kind = e.kind.as_ref().map(kind);
    Element {
        id: e.qualified.clone(),
        name: e.name.id.clone(),
        display: e.display.clone(),
        unit: model
            .units
            .get(e.unit.0)
            .map(|u| u.name.id.clone())
            .unwrap_or_default(),
        description: e
            .kind
            .as_ref()
            .map(describe)
            .unwrap_or_else(|| "untyped element".into()),
        kind,
        is_hq: e.is_hq,
        commander: e.commander.is_some(),
        figures: e.figures.map(|(n, _)| n),
        models: e.models.map(|(n, _)| n),
        represents: e
            .kind
            .as_ref()
            .filter(|k| !muster_rules::troops::is_foot(k))
            .map(|_| muster_model::strength::per_model(e)),
        mix: e
            .mix
            .iter()
            .map(|(n, w)| super::forces::MixPart {
                count: *n,
                what: w.clone(),
            })
            .collect(),
        weapons: e
            .weapons
            .iter()
            .map(|w| Weapon {
                kind: Kw(w.kind),
                mount: w.mount.map(Kw),
                calibre_mm: w.calibre_mm,
            })
            .collect(),
        comms: Comms {
            radio: e.radio.map(|(r, _)| Kw(r)),
            telephone: e.telephone.is_some(),
        },
        position: e.pos.map(Into::into),
        facing: e.facing,
        postures: e.postures.iter().map(|(p, _)| Kw(*p)).collect(),
        embussed_in: e.embussed_in.as_ref().map(|r| reference(model, r)),
        riding_on: e.riding_on.as_ref().map(|r| reference(model, r)),
        registers_for: e.registers_for.as_ref().map(|r| reference(model, r)),
        hmg_zone: e.hmg_zone.as_ref().map(|z| HmgZone {
            bearing: z.bearing,
            spread: z.spread,
            range_m: z.range,
        }),
        tasks: e
            .tasks
            .iter()
            .map(|t| Task {
                task: t.task.id.clone(),
                target: t.target.as_ref().map(|r| reference(model, r)),
            })
            .collect(),
        refuel_at: e.refuel_at.as_ref().map(|r| reference(model, r)),
        strength: strength(e),
        command: command(model, analysis.command.get(index)),
        notes: e.notes.iter().map(|p| p.text.clone()).collect(),
        umpire_notes: e.umpire_notes.iter().map(|p| p.text.clone()).collect(),
        start: e.start.as_ref().map(|s| super::forces::DeclaredStart {
            hot: s.hot,
            reason: s.reason.text.clone(),
        }),
        prepared_since: e.prepared.as_ref().and_then(super::units::prepared_since),
        prepared_overnight: e.prepared.as_ref().is_some_and(|p| p.date.is_none()),
    }
}

fn kind(k: &m::Troop) -> ElementKind {
    match k {
        m::Troop::Foot { ty, specialism } => ElementKind::Foot {
            ty: Kw(*ty),
            specialism: specialism.map(Kw),
        },
        m::Troop::Vehicle(m::VehicleSpec {
            role,
            drive,
            armoured,
            open_topped,
        }) => ElementKind::Vehicle {
            role: Kw(*role),
            drive: Kw(*drive),
            armoured: *armoured,
            open_topped: *open_topped,
        },
        m::Troop::Artillery { weapon, calibre_mm } => ElementKind::Artillery {
            weapon: Kw(*weapon),
            calibre_mm: *calibre_mm,
        },
        m::Troop::Aircraft { role } => ElementKind::Aircraft { role: Kw(*role) },
        m::Troop::Ship { role } => ElementKind::Ship { role: Kw(*role) },
    }
}

/// A few words naming the type, for tables.
fn describe(k: &m::Troop) -> String {
    match k {
        m::Troop::Foot {
            ty,
            specialism: Some(s),
        } => format!("{ty} foot ({s})"),
        m::Troop::Foot {
            ty,
            specialism: None,
        } => format!("{ty} foot"),
        m::Troop::Vehicle(m::VehicleSpec {
            role,
            drive,
            armoured,
            open_topped,
        }) => format!(
            "{drive} {} {}{role}",
            if *armoured { "armoured" } else { "soft" },
            if *open_topped { "open-topped " } else { "" }
        ),
        m::Troop::Artillery {
            weapon,
            calibre_mm: Some(c),
        } => format!("{c} mm {weapon}"),
        m::Troop::Artillery {
            weapon,
            calibre_mm: None,
        } => format!("{weapon}"),
        m::Troop::Aircraft { role } => format!("{role} aircraft"),
        m::Troop::Ship { role } => format!("{role} (ship)"),
    }
}

/// Estimated real strength of one element (§3, §20).
fn strength(e: &m::Element) -> RealStrength {
    let s = muster_model::strength::element(e);
    RealStrength {
        men: s.men,
        vehicles: s.vehicles,
        guns: s.guns,
        aircraft: s.aircraft,
    }
}

fn qualified(model: &Model, e: m::ElementId) -> String {
    model
        .elements
        .get(e.0)
        .map(|e| e.qualified.clone())
        .unwrap_or_default()
}

fn command(model: &Model, status: Option<&CommandStatus>) -> Command {
    match status {
        None => Command::Unknown,
        Some(CommandStatus::InCommand {
            route,
            means,
            via,
            distance,
        }) => Command::InCommand {
            route: match route {
                Route::Direct => "direct",
                Route::Chain => "chain",
                Route::Supported => "supported",
            }
            .into(),
            means: match means {
                Means::Wire => "wire",
                Means::LongRadio => "long-radio",
                Means::ShortRadio => "short-radio",
                Means::Voice => "voice",
                Means::Runner => "runner",
            }
            .into(),
            via: qualified(model, *via),
            distance_m: *distance,
        },
        Some(CommandStatus::Separated {
            nearest,
            distance,
            short_by,
            runner_turns,
            ..
        }) => Command::Separated {
            nearest: nearest.map(|e| qualified(model, e)),
            distance_m: *distance,
            short_by_m: *short_by,
            runner_turns: *runner_turns,
        },
        Some(CommandStatus::Top) => Command::Top,
        Some(CommandStatus::NotPlaced) => Command::NotPlaced,
    }
}
