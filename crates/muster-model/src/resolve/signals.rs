//! Pre-arranged signals (§73–§75): declared first so orders can name them, then
//! their senders, triggers and affected units resolved.

use super::names::Space;
use super::orders::side_of;
use super::{loc, name, prose, unresolved, Ctx, FileItems};
use crate::model::*;
use muster_syntax::ast;

/// Declares every signal (MC101 for a name used twice).
pub(crate) fn declare(cx: &mut Ctx, items: &[FileItems]) {
    for f in items {
        for item in f.items() {
            let ast::Item::Signal(s) = item else { continue };
            let n = name(f.file, &s.id);
            if let Some(first) = cx.names.signals.get(&n.id).copied() {
                let first = cx.model.signals[first.0].name.loc;
                cx.duplicate("signal", &n, first);
                continue;
            }
            cx.names
                .signals
                .insert(n.id.clone(), SignalId(cx.model.signals.len()));
            let file = f.file;
            cx.model.signals.push(Signal {
                name: n,
                side: None,
                kind: s.kind.value,
                meaning: s.meaning.as_ref().map(|t| prose(file, t)),
                sender: s.sender.as_ref().map(|i| unresolved(file, i)),
                trigger: s.trigger.as_ref().map(|t| match t {
                    ast::SignalTrigger::Command(sp) => Trigger::Command(loc(file, *sp)),
                    ast::SignalTrigger::Capture(i) => Trigger::Capture(unresolved(file, i)),
                    ast::SignalTrigger::Condition(t) => Trigger::Condition(prose(file, t)),
                }),
                affects: s.affects.iter().map(|i| unresolved(file, i)).collect(),
                colours: s
                    .colours
                    .iter()
                    .map(|c| (c.value, loc(file, c.span)))
                    .collect(),
                loc: loc(file, s.span),
            });
        }
    }
}

/// Resolves senders (any side's element), capture targets and affected units.
pub(crate) fn resolve(cx: &mut Ctx, _items: &[FileItems]) {
    for i in 0..cx.model.signals.len() {
        let mut sender = cx.model.signals[i].sender.take();
        if let Some(r) = sender.as_mut() {
            cx.resolve_ref(r, &[Space::Element], None);
        }
        let side = side_of(&cx.model, sender.as_ref().and_then(|r| r.target));
        let mut trigger = cx.model.signals[i].trigger.take();
        if let Some(Trigger::Capture(r)) = trigger.as_mut() {
            cx.resolve_ref(r, &[Space::Map, Space::Unit], side);
        }
        let mut affects = std::mem::take(&mut cx.model.signals[i].affects);
        for r in &mut affects {
            cx.resolve_ref(r, &[Space::Unit], side);
        }
        let s = &mut cx.model.signals[i];
        s.sender = sender;
        s.side = side;
        s.trigger = trigger;
        s.affects = affects;
    }
}
