//! Lowering of `briefing` items: the narrative of a side's (or the umpire's) briefing.

use super::ctx::kids;
use super::{Ctx, P};
use crate::ast::{Briefing, BriefingText};
use crate::grammar::Rule;
use crate::Code;
use muster_rules::vocab::BriefingSection;

/// `briefing SIDE { section "…" … }` or `briefing umpire { history "…" }`
pub(crate) fn briefing(c: &mut Ctx, p: P) -> Briefing {
    let span = c.span(&p);
    let mut it = kids(p).skip(1);
    let side = match it.next() {
        Some(k) if k.as_rule() == Rule::ident => Some(c.ident(&k)),
        _ => None,
    };
    let umpire = side.is_none();
    let mut sections = Vec::new();
    let mut prev: Option<P> = None;
    for k in it {
        match k.as_rule() {
            Rule::briefing_section => {
                sections.extend(section(c, k.clone(), umpire));
                prev = Some(k);
            }
            Rule::junk_briefing => {
                if let Some((s, at)) = c.junk(&k, Rule::briefing_section_only, prev.as_ref()) {
                    sections.extend(c.shifted(at, |c| section(c, s, umpire)));
                }
                prev = None;
            }
            _ => {}
        }
    }
    Briefing {
        side,
        sections,
        span,
    }
}

/// `mission "…"`: a section word and its text. `history` belongs to the umpire.
fn section(c: &mut Ctx, p: P, umpire: bool) -> Option<BriefingText> {
    let span = c.span(&p);
    let mut it = kids(p);
    let word = it.next()?;
    let section = c.vocab(
        &word,
        BriefingSection::ALL,
        BriefingSection::keyword,
        "a briefing section",
    );
    let text = c.text(it.next()?);
    let section = section?;
    if section.value == BriefingSection::History && !umpire {
        c.error(
            Code::MC001,
            section.span,
            "`history` is the umpire's: what happened on the day is no side's briefing".into(),
            "only in `briefing umpire`",
            Some("move this text into `briefing umpire { history \"…\" }`".into()),
        );
        return None;
    }
    Some(BriefingText {
        section,
        text,
        span,
    })
}
