//! Lowering of `nets` blocks: extra radio links, telephone lines, named nets.

use super::ctx::kids;
use super::{Ctx, P};
use crate::ast::{NetEntry, Nets};
use crate::grammar::Rule;
use crate::span::Ident;

/// `nets side { statements }`
pub(crate) fn nets(c: &mut Ctx, p: P) -> Nets {
    let span = c.span(&p);
    let mut it = kids(p).skip(1);
    let side = it.next().map_or_else(
        || Ident {
            name: String::new(),
            span,
        },
        |i| c.ident(&i),
    );
    let mut entries = Vec::new();
    let mut prev: Option<P> = None;
    for k in it {
        let this = (k.as_rule() != Rule::junk_nets).then(|| k.clone());
        let e = match k.as_rule() {
            Rule::junk_nets => match c.junk(&k, Rule::net_stmt_only, prev.as_ref()) {
                Some((s, at)) => c.shifted(at, |c| entry(c, s)),
                None => None,
            },
            _ => entry(c, k),
        };
        entries.extend(e);
        prev = this;
    }
    Nets {
        side,
        entries,
        span,
    }
}

/// One net statement.
fn entry(c: &mut Ctx, p: P) -> Option<NetEntry> {
    let span = c.span(&p);
    let rule = p.as_rule();
    match rule {
        Rule::radio_link | Rule::telephone_link => {
            let ids: Vec<Ident> = kids(p)
                .filter(|k| k.as_rule() == Rule::path)
                .map(|k| c.ident(&k))
                .collect();
            let mut ids = ids.into_iter();
            let (from, to) = (ids.next()?, ids.next()?);
            Some(if rule == Rule::radio_link {
                NetEntry::Radio { from, to, span }
            } else {
                NetEntry::Telephone { from, to, span }
            })
        }
        Rule::net_def => {
            let mut it = kids(p).skip(1);
            let id = c.ident(&it.next()?);
            let mut name = None;
            let mut members = Vec::new();
            for k in it {
                match k.as_rule() {
                    Rule::string => name = Some(c.text(k)),
                    Rule::path => members.push(c.ident(&k)),
                    _ => {}
                }
            }
            Some(NetEntry::Net {
                id,
                name,
                members,
                span,
            })
        }
        _ => None,
    }
}
