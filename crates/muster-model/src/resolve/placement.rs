//! Where a unit's elements stand: template placement maths.
//!
//! A placement sets up a frame: an origin and a facing. Inside a frame every
//! offset is relative (x to the right of the facing, y forward) and every facing is
//! relative to the frame's; sub-units without their own placement inherit their
//! parent's frame, and a sub-unit's placement is itself relative to it. Outside any
//! frame positions are absolute table metres.
//!
//! `in line from P to Q` spreads the unit's elements evenly from P to Q in
//! declaration order (one element stands at the midpoint); an element whose `at` is
//! written at the use site keeps it, relative to the line's midpoint. Without a
//! written facing the line faces perpendicular to P→Q, to the left of the
//! direction of writing (a line written west to east faces north).
//!
//! **An instance without placement is unplaced.** A template's offsets (and the
//! placements of its sub-units) are relative: when the instance has no `at` or
//! `in line` and no frame above it (a unit arriving later, one off table, one not
//! yet deployed), they have nothing to be relative to, so those elements get no
//! position (and no facing) rather than the offsets read as table metres. An `at`
//! written at the use site of such an instance (in its override block, for an
//! element or a sub-unit) follows the rule for plain units: outside any frame it is
//! an absolute table position. Inside a placed instance it stays relative.

use super::pos;
use crate::geometry;
use crate::model::Pos;
use muster_syntax::ast;

/// An origin and a facing that relative offsets are measured from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Frame {
    pub origin: Pos,
    pub facing: f64,
}

/// Normalises a bearing into `0..360`.
pub(crate) fn norm(b: f64) -> f64 {
    let r = b.rem_euclid(360.0);
    if (r - 360.0).abs() < 1e-9 {
        0.0
    } else {
        r
    }
}

impl Frame {
    pub fn apply(&self, rel: Pos) -> Pos {
        geometry::place(self.origin, self.facing, rel)
    }

    pub fn turn(&self, f: f64) -> f64 {
        norm(self.facing + f)
    }
}

/// How a unit lays out its elements.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Layout {
    /// Positions as written (absolute when `None`, else in the frame).
    Frame(Option<Frame>),
    /// Spread along a line; `frame` is at the midpoint, facing the line's facing.
    Line { from: Pos, to: Pos, frame: Frame },
}

impl Layout {
    /// The frame sub-units inherit and explicit offsets use.
    pub fn frame(&self) -> Option<Frame> {
        match self {
            Layout::Frame(f) => *f,
            Layout::Line { frame, .. } => Some(*frame),
        }
    }
}

fn to_abs(parent: Option<Frame>, p: &ast::Point) -> Pos {
    match parent {
        Some(f) => f.apply(pos(p)),
        None => pos(p),
    }
}

fn to_abs_facing(parent: Option<Frame>, b: f64) -> f64 {
    match parent {
        Some(f) => f.turn(b),
        None => norm(b),
    }
}

/// The layout of a unit with `placement` inside `parent`'s frame. A placement
/// written inside a template body (`relative`) means nothing without a frame: the
/// unit then has none either.
pub(crate) fn layout(
    parent: Option<Frame>,
    placement: Option<&ast::Placement>,
    relative: bool,
) -> Layout {
    if parent.is_none() && relative {
        return Layout::Frame(None);
    }
    match placement {
        None => Layout::Frame(parent),
        Some(ast::Placement::At { point, facing, .. }) => Layout::Frame(Some(Frame {
            origin: to_abs(parent, point),
            facing: to_abs_facing(parent, facing.as_ref().map_or(0.0, |f| f.value)),
        })),
        Some(ast::Placement::InLine {
            from, to, facing, ..
        }) => {
            let (a, b) = (to_abs(parent, from), to_abs(parent, to));
            let facing = match facing {
                Some(f) => to_abs_facing(parent, f.value),
                None => norm(geometry::bearing(a, b) - 90.0),
            };
            let mid = Pos {
                x: (a.x + b.x) / 2.0,
                y: (a.y + b.y) / 2.0,
            };
            Layout::Line {
                from: a,
                to: b,
                frame: Frame {
                    origin: mid,
                    facing,
                },
            }
        }
    }
}

/// The `slot`-th of `count` evenly spaced points from `from` to `to`.
pub(crate) fn spread(from: Pos, to: Pos, slot: usize, count: usize) -> Pos {
    if count <= 1 {
        return Pos {
            x: (from.x + to.x) / 2.0,
            y: (from.y + to.y) / 2.0,
        };
    }
    let t = slot as f64 / (count - 1) as f64;
    Pos {
        x: from.x + (to.x - from.x) * t,
        y: from.y + (to.y - from.y) * t,
    }
}

/// An `at` written in a unit body, and whether that body lies inside a template
/// (then the point is relative and needs a frame).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Written<'a> {
    pub point: &'a ast::Point,
    pub in_template: bool,
}

/// An element's absolute position. `explicit` is an `at` written at the use site,
/// `template` one written in the template; `slot` its place among the elements the
/// line spreads (those without an explicit `at`). Without a frame, only an `at`
/// written outside every template is a table position; the others stay unplaced.
pub(crate) fn element_pos(
    layout: Layout,
    explicit: Option<Written>,
    template: Option<&ast::Point>,
    slot: (usize, usize),
) -> Option<Pos> {
    let explicit_point = explicit.map(|w| w.point);
    match layout {
        Layout::Frame(None) => explicit.filter(|w| !w.in_template).map(|w| pos(w.point)),
        Layout::Frame(frame) => explicit_point.or(template).map(|p| to_abs(frame, p)),
        Layout::Line { from, to, frame } => match explicit_point {
            Some(p) => Some(frame.apply(pos(p))),
            None => Some(spread(from, to, slot.0, slot.1)),
        },
    }
}

/// An element's absolute facing from its written one (relative inside a frame).
pub(crate) fn element_facing(layout: Layout, written: Option<f64>) -> Option<f64> {
    match (layout.frame(), written) {
        (Some(f), Some(w)) => Some(f.turn(w)),
        (Some(f), None) => Some(f.facing),
        (None, w) => w.map(norm),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use muster_syntax::Span;

    fn pt(x: f64, y: f64) -> ast::Point {
        ast::Point {
            x,
            y,
            span: Span::default(),
        }
    }

    fn bearing(v: f64) -> Option<ast::Bearing> {
        Some(ast::Bearing {
            value: v,
            span: Span::default(),
        })
    }

    fn written(p: &ast::Point) -> Written<'_> {
        Written {
            point: p,
            in_template: false,
        }
    }

    fn close(a: Option<Pos>, x: f64, y: f64) -> bool {
        a.is_some_and(|a| (a.x - x).abs() < 1e-6 && (a.y - y).abs() < 1e-6)
    }

    #[test]
    fn at_facing_east_rotates_offsets() {
        let p = ast::Placement::At {
            point: pt(1000.0, 500.0),
            facing: bearing(90.0),
            span: Span::default(),
        };
        let l = layout(None, Some(&p), false);
        // 100 m right of an east-facing unit is 100 m south; 60 m back is 60 m west
        assert!(close(
            element_pos(l, None, Some(&pt(100.0, 0.0)), (0, 1)),
            1000.0,
            400.0
        ));
        assert!(close(
            element_pos(l, None, Some(&pt(0.0, -60.0)), (0, 1)),
            940.0,
            500.0
        ));
        assert_eq!(element_facing(l, None), Some(90.0));
        assert_eq!(element_facing(l, Some(300.0)), Some(30.0));
    }

    #[test]
    fn in_line_spreads_evenly() {
        let p = ast::Placement::InLine {
            from: pt(0.0, 0.0),
            to: pt(0.0, 300.0),
            facing: None,
            span: Span::default(),
        };
        let l = layout(None, Some(&p), false);
        assert!(close(
            element_pos(l, None, Some(&pt(5.0, 5.0)), (0, 4)),
            0.0,
            0.0
        ));
        assert!(close(element_pos(l, None, None, (1, 4)), 0.0, 100.0));
        assert!(close(element_pos(l, None, None, (3, 4)), 0.0, 300.0));
        assert!(close(element_pos(l, None, None, (0, 1)), 0.0, 150.0));
        // written south to north: faces west
        assert_eq!(element_facing(l, None), Some(270.0));
        // an explicit offset is relative to the midpoint, facing west: 10 m forward is west
        assert!(close(
            element_pos(l, Some(written(&pt(0.0, 10.0))), None, (0, 4)),
            -10.0,
            150.0
        ));
    }

    #[test]
    fn nested_frames_compose() {
        let outer = layout(
            None,
            Some(&ast::Placement::At {
                point: pt(100.0, 100.0),
                facing: bearing(90.0),
                span: Span::default(),
            }),
            false,
        );
        let inner = layout(
            outer.frame(),
            Some(&ast::Placement::At {
                point: pt(0.0, 50.0),
                facing: bearing(90.0),
                span: Span::default(),
            }),
            true,
        );
        // 50 m forward of an east-facing frame, then facing 90 more: south
        assert!(close(
            element_pos(inner, None, Some(&pt(0.0, 10.0)), (0, 1)),
            150.0,
            90.0
        ));
        assert_eq!(inner.frame().map(|f| f.facing), Some(180.0));
    }

    #[test]
    fn without_a_frame_only_positions_written_outside_templates_count() {
        let l = layout(None, None, false);
        assert_eq!(element_pos(l, None, Some(&pt(0.0, -60.0)), (0, 1)), None);
        assert!(close(
            element_pos(l, Some(written(&pt(500.0, 400.0))), None, (0, 1)),
            500.0,
            400.0
        ));
        let inner = Written {
            point: &pt(10.0, 10.0),
            in_template: true,
        };
        assert_eq!(element_pos(l, Some(inner), None, (0, 1)), None);
        // a placement written in a template body, with no frame above it
        let p = ast::Placement::At {
            point: pt(0.0, 100.0),
            facing: None,
            span: Span::default(),
        };
        assert_eq!(layout(None, Some(&p), true), Layout::Frame(None));
    }
}
