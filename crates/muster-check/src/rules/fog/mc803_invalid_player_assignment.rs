//! MC803 invalid-player-assignment: a player given no unit, a foreign unit, or a shared one.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC803,
    summary: "a player assigned to an undefined unit, or two players given one unit",
    explanation: "Each player commands a unit of their own side and receives a briefing \
for it. A player commanding a unit that does not exist, or belongs to the other side, \
would get a briefing of nothing or of the enemy's secrets; two players commanding one \
unit would both give it orders.",
    failing: r#"side red "Red" nation british {
  player howard "Maj. Howard" commands a
  player smith "Capt. Smith" commands a //~ MC803
}
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
}
orders red {
  a defend (500,500)
}
"#,
    fixed: r#"side red "Red" nation british {
  player howard "Maj. Howard" commands a
  player smith "Capt. Smith" commands b
}
side blue "Blue" nation german
forces red {
  company a "A Company" {
    hq a-hq command figures 2 at (500,500)
  }
  company b "B Company" {
    hq b-hq command figures 2 at (700,500)
  }
}
orders red {
  a defend (500,500)
  b defend (700,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut taken: Vec<(UnitId, &Player)> = Vec::new();
    for (si, side) in cx.model.sides.iter().enumerate() {
        // a side with no forces written yet: every player's unit is undefined for
        // that one reason, so the first is reported and the rest folded under it
        let no_forces = !cx.model.units.iter().any(|u| u.side == SideId(si));
        let mut undefined_since_no_forces: Vec<&Player> = Vec::new();
        for p in &side.players {
            let Some(r) = &p.commands else { continue };
            if no_forces && r.target.is_none() {
                undefined_since_no_forces.push(p);
                continue;
            }
            let msg = match r.target {
                None => format!(
                    "player `{}` commands `{}`, which is not defined",
                    p.name.id, r.name.id
                ),
                Some(Target::Unit(u)) => {
                    if cx.unit(u).map(|u| u.side) != Some(SideId(si)) {
                        format!(
                            "player `{}` of `{}` commands `{}`, a unit of the other side",
                            p.name.id, side.name.id, r.name.id
                        )
                    } else if let Some((_, first)) = taken.iter().find(|(t, _)| *t == u) {
                        out.push(
                            RULE.report(
                                format!(
                                    "players `{}` and `{}` both command `{}`",
                                    first.name.id, p.name.id, r.name.id
                                ),
                                r.name.loc,
                                "second player",
                            )
                            .related(first.loc, "first player")
                            .with_help("give each player a unit of their own"),
                        );
                        continue;
                    } else {
                        taken.push((u, p));
                        continue;
                    }
                }
                Some(_) => format!(
                    "player `{}` commands `{}`, which is not a unit",
                    p.name.id, r.name.id
                ),
            };
            out.push(
                RULE.report(msg, r.name.loc, "player's unit")
                    .with_help("name a unit of the player's own side"),
            );
        }
        out.extend(folded_under_missing_forces(
            side,
            &undefined_since_no_forces,
        ));
    }
    out
}

/// The players of a side without forces: the first reported in full, the rest
/// in one line naming the cause.
fn folded_under_missing_forces(side: &Side, players: &[&Player]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let Some((first, rest)) = players.split_first() else {
        return out;
    };
    let forces = format!("`forces {}`", side.name.id);
    let unit = first.commands.as_ref().map_or("?", |r| r.name.id.as_str());
    let at = first.commands.as_ref().map_or(first.loc, |r| r.name.loc);
    out.push(
        RULE.report(
            format!(
                "player `{}` commands `{unit}`, which is not defined: there is no {forces}",
                first.name.id
            ),
            at,
            "player's unit",
        )
        .with_help(format!(
            "write {forces} {{ … }} with the units its players command"
        )),
    );
    if let Some(second) = rest.first() {
        let at = second.commands.as_ref().map_or(second.loc, |r| r.name.loc);
        let mut d = RULE
            .report(
                format!(
                    "and {} more {} caused by the missing {forces}",
                    rest.len(),
                    RULE.code
                ),
                at,
                "the next player whose unit is undefined",
            )
            .with_help(format!(
                "write {forces} {{ … }} with the units its players command"
            ));
        d.omitted = Some(muster_syntax::Omitted {
            code: RULE.code,
            count: rest.len(),
            covers: rest
                .iter()
                .map(|p| {
                    let at = p.commands.as_ref().map_or(p.loc, |r| r.name.loc);
                    (at.file, at.span)
                })
                .collect(),
        });
        out.push(d);
    }
    out
}
