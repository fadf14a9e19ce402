//! Lowering of `nets` blocks: extra radio links, telephone lines, named nets.

use super::ctx::{kids, side_block};
use super::{Ctx, P};
use crate::ast::{NetEntry, Nets, Stop};
use crate::grammar::Rule;
use crate::span::Ident;
use muster_rules::vocab::MessengerMethod;

/// `nets side { statements }`
pub(crate) fn nets(c: &mut Ctx, p: P) -> Nets {
    let span = c.span(&p);
    let (side, entries) = side_block(c, p, Rule::junk_nets, Rule::net_stmt_only, entry);
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
        Rule::messenger_link => {
            let ids: Vec<Ident> = kids(p.clone())
                .filter(|k| k.as_rule() == Rule::path)
                .map(|k| c.ident(&k))
                .collect();
            let mut ids = ids.into_iter();
            let (from, to) = (ids.next()?, ids.next()?);
            let m = kids(p.clone()).find(|k| k.as_rule() == Rule::method_word)?;
            let method = c.vocab(
                &m,
                MessengerMethod::ALL,
                MessengerMethod::keyword,
                "an alternative method",
            )?;
            let via = kids(p)
                .filter(|k| k.as_rule() == Rule::via)
                .flat_map(kids)
                .filter_map(|k| match k.as_rule() {
                    Rule::path => Some(Stop::Name(c.ident(&k))),
                    Rule::point => c.point(k).map(Stop::Point),
                    _ => None,
                })
                .collect();
            Some(NetEntry::Messenger {
                from,
                to,
                method,
                via,
                span,
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
