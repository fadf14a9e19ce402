//! MC110: a nation the language does not know (`nation germna`). Checked on the
//! text as written, once per place it is written, so a template used by three
//! units gives one finding, not three.

use super::{Ctx, FileItems};
use muster_rules::nations::{is_nation, NATIONS};
use muster_syntax::{ast, Code, Diagnostic, FileId, Ident};

/// Reports every unknown nation of every side, template and unit header.
pub(crate) fn check(cx: &mut Ctx, items: &[FileItems]) {
    for f in items {
        for item in &f.tree.items {
            match item {
                ast::Item::Side(s) => s.nations.iter().for_each(|n| unknown(cx, f.file, n)),
                ast::Item::Template(t) => {
                    if let Some(n) = &t.nation {
                        unknown(cx, f.file, n);
                    }
                    units(cx, f.file, &t.body.units);
                }
                ast::Item::Forces(fs) => units(cx, f.file, &fs.units),
                _ => {}
            }
        }
    }
}

fn units(cx: &mut Ctx, file: FileId, list: &[ast::Unit]) {
    for u in list {
        if let Some(n) = &u.nation {
            unknown(cx, file, n);
        }
        units(cx, file, &u.body.units);
    }
}

fn unknown(cx: &mut Ctx, file: FileId, n: &Ident) {
    if is_nation(&n.name) {
        return;
    }
    let list = format!("the nations are {}", NATIONS.join(", "));
    let help = match muster_syntax::wording::did_you_mean(&n.name, NATIONS.iter().copied()) {
        Some(h) => format!("{h} {list}"),
        None => list,
    };
    cx.push(
        Diagnostic::error(Code::MC110, format!("unknown nation `{}`", n.name))
            .with_label(file, n.span, "not a nation muster knows")
            .with_help(help),
    );
}
