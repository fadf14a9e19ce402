//! MC304 telephone-not-static: a field telephone at an element that is not static.

use crate::prelude::*;

pub(crate) const RULE: Rule = Rule {
    code: Code::MC304,
    summary: "a field telephone at an element not in a static position",
    explanation: "Field telephones need lines laid to a position held for at least a day \
(§68). Only elements that start dug in, fortified or declared `static` can have one; a \
moving element must use radio, voice or runners.",
    failing: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 telephone at (500,500) //~ MC304
  }
}
orders red {
  a defend (500,500)
}
"#,
    fixed: r#"forces red {
  company a "A Company" {
    hq a-hq command figures 2 telephone at (500,500) dug-in
  }
}
orders red {
  a defend (500,500)
}
"#,
};

pub(crate) const CHECK: Option<CheckFn> = Some(check);

/// Whether the element holds a static position (§68).
pub(crate) fn is_static(e: &Element) -> bool {
    e.has_posture(Posture::DugIn)
        || e.has_posture(Posture::Fortified)
        || e.has_posture(Posture::Static)
}

fn check(cx: &Context) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, e) in cx.model.elements.iter().enumerate() {
        if is_static(e) {
            continue;
        }
        let at = match e.telephone {
            Some(loc) => Some((loc, "telephone here")),
            None => cx
                .model
                .telephone_lines
                .iter()
                // a line of the other side's block naming this element is MC106
                .filter(|l| l.side == e.side)
                .flat_map(|l| [&l.from, &l.to])
                .find(|r| r.target == Some(Target::Element(ElementId(i))))
                .map(|r| (r.name.loc, "telephone line ends here")),
        };
        let Some((loc, label)) = at else { continue };
        out.push(
            RULE.report(
                format!(
                    "`{}` has a field telephone but is not in a static position",
                    e.qualified
                ),
                loc,
                label,
            )
            .about(e)
            .related(e.name.loc, "neither dug in, fortified nor static")
            .with_help("add `dug-in`, `fortified` or `static` to the element, or give it a radio"),
        );
    }
    out
}
