//! Lowering of the attributes a unit header and an element share:
//! `start hot|cold "reason"` (§24), `prepared since DATE` (§68) and the scoped
//! house rules `allow|warn|deny CODE "reason"`.

use super::header::{date, rule_code};
use super::{Ctx, P};
use crate::ast::{Prepared, SeverityOverride, StartDecl};
use crate::span::{Span, Spanned};
use crate::Code;
use muster_rules::vocab::SeverityLevel;

/// `start hot "reason"`: `word` is `hot` or `cold`; the reason is required, since
/// the declaration overrides what the distances say (§24).
pub(crate) fn start(
    c: &mut Ctx,
    ks: Span,
    word: Option<&P>,
    reason: Option<P>,
) -> Option<StartDecl> {
    let Some(word) = word else {
        needs(
            c,
            ks,
            "start",
            "`hot` or `cold` and a reason",
            "start cold \"below the cliff: nobody can see it\"",
        );
        return None;
    };
    let ws = c.span(word);
    let hot = match word.as_str() {
        "hot" => true,
        "cold" => false,
        other => {
            c.error(
                Code::MC001,
                ws,
                format!("expected `hot` or `cold`, found `{other}`"),
                "not a start situation",
                Some("a unit or element starts `hot` or `cold` (§24)".into()),
            );
            return None;
        }
    };
    let Some(reason) = reason else {
        needs(
            c,
            ks.join(ws),
            "start",
            "a quoted reason",
            "start cold \"below the cliff: nobody can see it\"",
        );
        return None;
    };
    let reason = c.text(reason);
    let span = ks.join(reason.span);
    Some(StartDecl {
        hot: Spanned::new(hot, ws),
        reason,
        span,
    })
}

/// `prepared since 1944-03-01 [20:00]` or `prepared overnight`
pub(crate) fn prepared(
    c: &mut Ctx,
    ks: Span,
    since: Option<&P>,
    when: Option<&P>,
    time: Option<&P>,
) -> Option<Prepared> {
    if let Some(o) = since.filter(|s| s.as_str() == "overnight") {
        let span = ks.join(c.span(o));
        return Some(Prepared {
            since: None,
            time: None,
            span,
        });
    }
    let (Some(since), Some(when)) = (since.filter(|s| s.as_str() == "since"), when) else {
        needs(
            c,
            ks,
            "prepared",
            "`since` and a date, or `overnight`",
            "prepared since 1944-03-01",
        );
        return None;
    };
    let d = date(c, when)?;
    let t = match time {
        Some(t) => Some(super::header::clock(c, t)?),
        None => None,
    };
    let span = ks
        .join(c.span(since))
        .join(t.as_ref().map_or(d.span, |t| t.span));
    Some(Prepared {
        since: Some(d),
        time: t,
        span,
    })
}

/// `allow MC209 "reason"` on a unit or element; `note` is no level here.
pub(crate) fn scoped_override(
    c: &mut Ctx,
    level: &P,
    code: Option<&P>,
    reason: Option<P>,
) -> Option<SeverityOverride> {
    let ls = c.span(level);
    let lv = SeverityLevel::from_keyword(level.as_str())?;
    let Some(code) = code else {
        needs(
            c,
            ls,
            level.as_str(),
            "a rule code and a reason",
            "allow MC209 \"a single Storch flew alone\"",
        );
        return None;
    };
    let code = rule_code(c, code)?;
    let reason = reason.map(|r| c.text(r));
    let end = reason.as_ref().map_or(code.span, |r| r.span);
    Some(SeverityOverride {
        level: Spanned::new(lv, ls),
        code,
        reason,
        span: ls.join(end),
    })
}

/// Reports an attribute whose arguments are missing.
fn needs(c: &mut Ctx, span: Span, word: &str, what: &str, example: &str) {
    c.error(
        Code::MC001,
        span,
        format!("`{word}` needs {what}"),
        "argument missing",
        Some(format!("write it like `{example}`")),
    );
}
