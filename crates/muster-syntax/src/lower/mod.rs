//! Lowering: pest pairs to the typed tree, one function per grammar rule.
//!
//! Vocabulary words and literals are validated here, so their diagnostics point
//! at the word or literal itself (MC001 with the vocabulary list, MC002).

mod briefing;
mod ctx;
mod element;
mod element_attr;
mod element_kind;
mod events;
mod forces;
mod header;
mod map;
mod nets;
mod orders;
mod scope;
mod terrain;

pub(crate) use ctx::{nearest, Ctx, P};
pub(crate) use orders::order_splits;

use crate::ast::Item;
use crate::diagnostic::{Diagnostic, FileId};
use crate::error::to_diagnostic;
use crate::grammar::Rule;
use crate::scan::Chunk;

/// Parses and lowers one top-level item's text, pushing the item if any part of
/// it could be read; with `tree`, adds its concrete nodes from the same parse.
pub(crate) fn chunk(
    file: FileId,
    text: &str,
    chunk: &Chunk,
    items: &mut Vec<Item>,
    diags: &mut Vec<Diagnostic>,
    tree: Option<&mut crate::cst::Cst>,
) {
    let src = crate::cst::chunk_source(text, chunk);
    let src: &str = &src;
    if crate::scan::is_blank(src) {
        return;
    }
    let mut ctx = Ctx::new(file, src, chunk.start, chunk.end, diags);
    let (pairs, complete) = match crate::grammar::run(Rule::item_only, src) {
        Ok(p) => (Some(p), true),
        Err(e) => {
            ctx.diags
                .push(to_diagnostic(file, src, chunk.start, chunk.end, &e));
            (crate::grammar::run(Rule::item_prefix, src).ok(), false)
        }
    };
    if let Some(tree) = tree {
        crate::cst::add_chunk(pairs.clone(), chunk, complete, tree);
    }
    let Some(pairs) = pairs else { return };
    for outer in pairs {
        for pair in outer.into_inner() {
            if let Some(item) = item(&mut ctx, pair) {
                items.push(item);
            }
        }
    }
}

/// Lowers one `item`.
fn item(c: &mut Ctx, p: P) -> Option<Item> {
    match p.as_rule() {
        Rule::use_item => Some(Item::Use(header::use_item(c, p))),
        Rule::scenario => Some(Item::Scenario(header::scenario(c, p))),
        Rule::side => Some(Item::Side(header::side(c, p))),
        Rule::map => Some(Item::Map(map::map(c, p))),
        Rule::template => forces::template(c, p).map(Item::Template),
        Rule::forces => Some(Item::Forces(forces::forces(c, p))),
        Rule::nets => Some(Item::Nets(nets::nets(c, p))),
        Rule::orders => Some(Item::Orders(orders::orders(c, p))),
        Rule::signal => orders::signal(c, p).map(Item::Signal),
        Rule::arrival => events::arrival(c, p).map(Item::Arrival),
        Rule::event => events::event(c, p).map(Item::Event),
        Rule::victory => Some(Item::Victory(events::victory(c, p))),
        Rule::intel => Some(Item::Intel(events::intel(c, p))),
        Rule::umpire_item => events::umpire(c, p).map(Item::Umpire),
        Rule::briefing => Some(Item::Briefing(briefing::briefing(c, p))),
        Rule::terrain_def => terrain::terrain(c, p).map(Item::Terrain),
        _ => None,
    }
}
