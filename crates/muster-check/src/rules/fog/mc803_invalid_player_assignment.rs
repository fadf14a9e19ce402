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
        for p in &side.players {
            let Some(r) = &p.commands else { continue };
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
    }
    out
}
