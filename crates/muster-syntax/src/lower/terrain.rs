//! Lowering of a `terrain` item: a scenario terrain kind (§98) with its movement
//! grades per mover, its observation grade and its cover.

use super::ctx::kids;
use super::{Ctx, P};
use crate::ast::{MoverGrade, TerrainDef};
use crate::grammar::Rule;
use crate::span::Ident;
use crate::Code;
use muster_rules::terrain::{CoverGrade, MoveGrade, Mover, ObsGrade};

/// `terrain id "Name" { movement … observation … cover … }`
pub(crate) fn terrain(c: &mut Ctx, p: P) -> Option<TerrainDef> {
    let span = c.span(&p);
    let mut it = kids(p).skip(1);
    let id = it.next().map_or_else(
        || Ident {
            name: String::new(),
            span,
        },
        |i| c.ident(&i),
    );
    let mut t = TerrainDef {
        id,
        name: None,
        movement: Vec::new(),
        observation: None,
        cover: None,
        span,
    };
    for k in it {
        match k.as_rule() {
            Rule::string => t.name = Some(c.text(k)),
            Rule::terrain_block => {
                for s in kids(k) {
                    if s.as_rule() == Rule::junk_terrain {
                        if let Some((stmt, at)) = c.junk(&s, Rule::terrain_stmt_only, None) {
                            c.shifted(at, |c| statement(c, stmt, &mut t));
                        }
                    } else {
                        statement(c, s, &mut t);
                    }
                }
            }
            _ => {}
        }
    }
    Some(t)
}

/// One statement of the block.
fn statement(c: &mut Ctx, p: P, t: &mut TerrainDef) {
    let rule = p.as_rule();
    let words: Vec<P> = kids(p)
        .filter(|w| w.as_rule() == Rule::grade_word)
        .collect();
    match rule {
        Rule::movement_stmt => movement(c, &words, t),
        Rule::observation_stmt => {
            if let Some(w) = words.first() {
                t.observation =
                    c.vocab(w, ObsGrade::ALL, ObsGrade::keyword, "an observation grade");
            }
        }
        Rule::cover_stmt => {
            if let Some(w) = words.first() {
                t.cover = c.vocab(w, CoverGrade::ALL, CoverGrade::keyword, "a cover grade");
            }
        }
        _ => {}
    }
}

/// `movement foot difficult vehicles impassable`: pairs of a mover and a grade.
fn movement(c: &mut Ctx, words: &[P], t: &mut TerrainDef) {
    let mut pairs = words.chunks(2);
    for pair in pairs.by_ref() {
        let mover = c.vocab(&pair[0], Mover::ALL, Mover::keyword, "a mover");
        let Some(g) = pair.get(1) else {
            let sp = c.span(&pair[0]);
            c.error(
                Code::MC001,
                sp,
                format!("`{}` needs a movement grade after it", pair[0].as_str()),
                "grade missing",
                Some("write pairs of a mover and a grade, such as `foot difficult vehicles impassable`".into()),
            );
            return;
        };
        let grade = c.vocab(g, MoveGrade::ALL, MoveGrade::keyword, "a movement grade");
        if let (Some(mover), Some(grade)) = (mover, grade) {
            let span = mover.span.join(grade.span);
            t.movement.push(MoverGrade { mover, grade, span });
        }
    }
}
