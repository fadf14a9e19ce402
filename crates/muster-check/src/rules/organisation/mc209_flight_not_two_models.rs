//! MC209 flight-not-two-models: an aircraft element of other than two models.

use crate::prelude::*;
use muster_rules::scale::{AIRCRAFT_PER_MODEL, MODELS_PER_FLIGHT};
use muster_syntax::wording::{count, number_word};

pub(crate) const RULE: Rule = Rule {
    code: Code::MC209,
    summary: "an aircraft flight that is not two models",
    explanation: "§20 represents a flight of aircraft by two models, each standing for three \
to five machines. Another count changes the flight's firepower and how many hits it can \
take, which is rarely what the author meant.",
    failing: r#"forces blue {
  flight f "Schwarm" {
    element fw-1 aircraft fighter-bomber models 4 off-table //~ MC209
  }
}
orders blue {
  f attack probe (1000,1000)
}
"#,
    fixed: r#"forces blue {
  flight f "Schwarm" {
    element fw-1 aircraft fighter-bomber models 2 off-table
  }
}
orders blue {
  f attack probe (1000,1000)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for e in &cx.model.elements {
        let (true, Some((n, loc))) = (facts::is_aircraft(e), e.models) else {
            continue;
        };
        if n != MODELS_PER_FLIGHT {
            out.push(
                RULE.report(
                    format!(
                        "aircraft `{}` has {}; a flight is two",
                        e.qualified,
                        count(n, "model")
                    ),
                    loc,
                    count(n, "model"),
                )
                .about(e)
                .with_help(format!(
                    "use `models {MODELS_PER_FLIGHT}`; each model stands for {} to {} aircraft",
                    number_word(AIRCRAFT_PER_MODEL.0),
                    number_word(AIRCRAFT_PER_MODEL.1)
                )),
            );
        }
    }
    out
}
