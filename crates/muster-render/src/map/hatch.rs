//! How an area is filled on paper: its kind's ground colour and, over it, the
//! kind's marks (dots, rings, hatching) repeated on a grid and clipped to the
//! area by the template. The marks are plain vector paths rather than an SVG
//! `<pattern>`: Chromium prints a pattern fill as a raster image, which made a
//! game pack many megabytes. They repeat where a pattern's tiles would, from
//! the map's origin, so the map looks as it did.

use super::crop::clip_to;
use super::svg::num;
use super::view::Window;
use serde::Serialize;
use std::f64::consts::FRAC_PI_4;

/// An area's fill: its ground colour and the layers of marks over it.
#[derive(Debug, Clone, Serialize, PartialEq, Default)]
pub struct Fill {
    pub colour: &'static str,
    pub layers: Vec<HatchLayer>,
}

/// One layer of an area's marks: one path, painted one way.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct HatchLayer {
    pub d: String,
    pub fill: &'static str,
    pub stroke: &'static str,
    /// The stroke's width in map units.
    pub width: f64,
    pub cap: &'static str,
}

/// A step of a mark's outline, in em within its tile.
enum Step {
    M(f64, f64),
    L(f64, f64),
    Q(f64, f64, f64, f64),
    Z,
    /// A dot: a line of no length, round-capped to the layer's width (a
    /// circle as a path of arcs prints four times the bytes).
    Dot(f64, f64),
    /// A line at this height across the whole row of tiles, drawn once a row.
    Across(f64),
}

/// The marks of one layer and how they are painted (`none` for no paint).
struct Layer {
    fill: &'static str,
    stroke: &'static str,
    /// Stroke width in em.
    width: f64,
    /// Round for dots, butt for lines.
    cap: &'static str,
    steps: &'static [Step],
}

/// A kind's fill: ground colour, tile size in em, the angle its tile grid is
/// turned by (radians, clockwise on the map as SVG's `rotate`) and its marks.
struct Motif {
    style: &'static str,
    ground: &'static str,
    w: f64,
    h: f64,
    turn: f64,
    layers: &'static [Layer],
}

use Step::{Across, Dot, Q, Z};
use Step::{L as Ln, M as Mv};

const MOTIFS: &[Motif] = &[
    Motif {
        style: "open",
        ground: "#fbfbf4",
        w: 2.0,
        h: 2.0,
        turn: 0.0,
        layers: &[],
    },
    Motif {
        style: "firm",
        ground: "#f6f3e6",
        w: 2.0,
        h: 2.0,
        turn: 0.0,
        layers: &[Layer {
            fill: "none",
            stroke: "#666",
            width: 0.12,
            cap: "round",
            steps: &[Dot(1.0, 1.0)],
        }],
    },
    Motif {
        style: "brush",
        ground: "#e4eed2",
        w: 1.0,
        h: 1.0,
        turn: 0.0,
        layers: &[Layer {
            fill: "none",
            stroke: "#3c5a1e",
            width: 0.2,
            cap: "round",
            steps: &[Dot(0.25, 0.25), Dot(0.75, 0.75)],
        }],
    },
    Motif {
        style: "open-woods",
        ground: "#d7e8c4",
        w: 1.4,
        h: 1.4,
        turn: 0.0,
        // A ring: a dark dot, and one of the ground's colour inside it.
        layers: &[
            Layer {
                fill: "none",
                stroke: "#2d4a16",
                width: 0.88,
                cap: "round",
                steps: &[Dot(0.7, 0.7)],
            },
            Layer {
                fill: "none",
                stroke: "#d7e8c4",
                width: 0.72,
                cap: "round",
                steps: &[Dot(0.7, 0.7)],
            },
        ],
    },
    Motif {
        style: "dense-woods",
        ground: "#a9cc8c",
        w: 0.9,
        h: 0.9,
        turn: 0.0,
        // A tree: a dark dot with a lighter one inside.
        layers: &[
            Layer {
                fill: "none",
                stroke: "#1d3209",
                width: 0.72,
                cap: "round",
                steps: &[Dot(0.45, 0.45)],
            },
            Layer {
                fill: "none",
                stroke: "#5d8a3a",
                width: 0.56,
                cap: "round",
                steps: &[Dot(0.45, 0.45)],
            },
        ],
    },
    Motif {
        style: "rocky",
        ground: "#e2e0da",
        w: 1.2,
        h: 1.2,
        turn: 0.0,
        layers: &[Layer {
            fill: "none",
            stroke: "#333",
            width: 0.08,
            cap: "butt",
            steps: &[Mv(0.3, 0.9), Ln(0.6, 0.35), Ln(0.9, 0.9), Z],
        }],
    },
    Motif {
        style: "ruins",
        ground: "#d9d4cc",
        w: 1.2,
        h: 1.2,
        turn: 0.0,
        layers: &[Layer {
            fill: "none",
            stroke: "#222",
            width: 0.12,
            cap: "butt",
            steps: &[
                Mv(0.2, 0.6),
                Ln(0.5, 0.6),
                Mv(0.7, 0.6),
                Ln(1.0, 0.6),
                Mv(0.6, 0.2),
                Ln(0.6, 0.45),
                Mv(0.6, 0.75),
                Ln(0.6, 1.0),
            ],
        }],
    },
    Motif {
        style: "buildings",
        ground: "#cfc7bf",
        w: 0.6,
        h: 0.6,
        turn: 0.0,
        layers: &[Layer {
            fill: "none",
            stroke: "#333",
            width: 0.07,
            cap: "butt",
            steps: &[Mv(0.0, 0.0), Ln(0.6, 0.6), Mv(0.6, 0.0), Ln(0.0, 0.6)],
        }],
    },
    Motif {
        style: "soft",
        ground: "#efe4c8",
        w: 1.2,
        h: 0.8,
        turn: 0.0,
        layers: &[Layer {
            fill: "none",
            stroke: "#6b5a2e",
            width: 0.08,
            cap: "butt",
            steps: &[Mv(0.2, 0.4), Ln(0.8, 0.4)],
        }],
    },
    Motif {
        style: "swamp",
        ground: "#d3e6de",
        w: 1.4,
        h: 1.0,
        turn: 0.0,
        layers: &[Layer {
            fill: "none",
            stroke: "#1f4d3d",
            width: 0.07,
            cap: "butt",
            steps: &[
                Mv(0.2, 0.7),
                Ln(1.0, 0.7),
                Mv(0.6, 0.7),
                Ln(0.6, 0.3),
                Mv(0.4, 0.7),
                Ln(0.3, 0.4),
                Mv(0.8, 0.7),
                Ln(0.9, 0.4),
            ],
        }],
    },
    // Hatching at an angle: lines across the rows of a grid turned by
    // three, or one, eighths of a turn.
    Motif {
        style: "ridge",
        ground: "#f1e6d2",
        w: 1.5,
        h: 1.5,
        turn: 3.0 * FRAC_PI_4,
        layers: &[Layer {
            fill: "none",
            stroke: "#7a5a2a",
            width: 0.12,
            cap: "butt",
            steps: &[Across(0.0)],
        }],
    },
    Motif {
        style: "gentle-slope",
        ground: "#f5eddc",
        w: 2.0,
        h: 2.0,
        turn: FRAC_PI_4,
        layers: &[Layer {
            fill: "none",
            stroke: "#7a5a2a",
            width: 0.08,
            cap: "butt",
            steps: &[Across(0.0)],
        }],
    },
    Motif {
        style: "steep-slope",
        ground: "#ecdcbc",
        w: 0.7,
        h: 0.7,
        turn: FRAC_PI_4,
        layers: &[Layer {
            fill: "none",
            stroke: "#5a3d14",
            width: 0.12,
            cap: "butt",
            steps: &[Across(0.0)],
        }],
    },
    Motif {
        style: "cliffs",
        ground: "#d8c8a8",
        w: 0.8,
        h: 0.8,
        turn: 0.0,
        layers: &[Layer {
            fill: "none",
            stroke: "#222",
            width: 0.12,
            cap: "butt",
            steps: &[Mv(0.0, 0.8), Ln(0.4, 0.0), Ln(0.8, 0.8)],
        }],
    },
    Motif {
        style: "water",
        ground: "#bcd8f0",
        w: 1.6,
        h: 0.8,
        turn: 0.0,
        layers: &[Layer {
            fill: "none",
            stroke: "#1f4f86",
            width: 0.07,
            cap: "butt",
            steps: &[Mv(0.0, 0.4), Q(0.4, 0.1, 0.8, 0.4), Q(1.2, 0.7, 1.6, 0.4)],
        }],
    },
    Motif {
        style: "lake",
        ground: "#a9cdec",
        w: 1.6,
        h: 0.8,
        turn: 0.0,
        layers: &[Layer {
            fill: "none",
            stroke: "#1f4f86",
            width: 0.06,
            cap: "butt",
            steps: &[Across(0.4)],
        }],
    },
    Motif {
        style: "fortification",
        ground: "#e6e0d6",
        w: 1.2,
        h: 1.2,
        turn: 0.0,
        layers: &[Layer {
            fill: "none",
            stroke: "#111",
            width: 0.1,
            cap: "butt",
            steps: &[
                Mv(0.0, 0.8),
                Ln(0.3, 0.4),
                Ln(0.6, 0.8),
                Ln(0.9, 0.4),
                Ln(1.2, 0.8),
            ],
        }],
    },
    Motif {
        style: "minefield",
        ground: "#f3dcdc",
        w: 1.2,
        h: 1.2,
        turn: 0.0,
        layers: &[Layer {
            fill: "none",
            stroke: "#600",
            width: 0.1,
            cap: "butt",
            steps: &[Mv(0.3, 0.3), Ln(0.9, 0.9), Mv(0.9, 0.3), Ln(0.3, 0.9)],
        }],
    },
];

/// How far a mark may reach outside its tile (a stroke's half width, a
/// mitred corner), in em: tiles this close to the area are drawn too.
const REACH_EM: f64 = 0.3;

/// The fill of an area of `style` (a terrain kind, or the style a scenario
/// kind is drawn in; open ground for one not known) whose outline is
/// `outline` (map units, y down), on a map of size unit `e`. Marks are made
/// only where the area meets `bounds` (the part of the table the map shows).
pub fn fill(style: &str, outline: &[(f64, f64)], e: f64, bounds: Window) -> Fill {
    let motif = MOTIFS
        .iter()
        .find(|m| m.style == style)
        .or_else(|| MOTIFS.first());
    let Some(motif) = motif else {
        return Fill {
            colour: "none",
            layers: Vec::new(),
        };
    };
    // Only the part of the area the map shows is hatched.
    let shown = clip_to(outline, bounds);
    let layers = if motif.layers.is_empty() || shown.len() < 3 || e.is_nan() || e <= 0.0 {
        Vec::new()
    } else {
        marks(motif, &shown, e)
    };
    Fill {
        colour: motif.ground,
        layers,
    }
}

/// The marks of `motif` over the tiles that meet the outline.
fn marks(motif: &Motif, outline: &[(f64, f64)], e: f64) -> Vec<HatchLayer> {
    let (cos, sin) = (motif.turn.cos(), motif.turn.sin());
    // Into the tile grid's frame (turned back) and out of it.
    let inward = |(x, y): (f64, f64)| (x * cos + y * sin, -x * sin + y * cos);
    let outward = |(x, y): (f64, f64)| (x * cos - y * sin, x * sin + y * cos);
    let shape: Vec<(f64, f64)> = outline.iter().map(|p| inward(*p)).collect();
    let (x0, y0, x1, y1) = extent_of(&shape);
    let (tw, th, reach) = (motif.w * e, motif.h * e, REACH_EM * e);
    let mut ds: Vec<String> = motif.layers.iter().map(|_| String::new()).collect();
    let point = |d: &mut String, cmd: &str, p: (f64, f64)| {
        let (x, y) = outward(p);
        d.push_str(cmd);
        d.push_str(&num(x));
        d.push(' ');
        d.push_str(&num(y));
    };
    // Bounded: the area is cut to the map's bounds, which a page holds at
    // a few dozen em a side.
    let rows = index(y0 - reach, th)..=index(y1 + reach, th);
    for j in rows {
        let oy = j as f64 * th;
        let Some((ax, bx)) = span_in_band(&shape, oy - reach, oy + th + reach) else {
            continue;
        };
        let (ax, bx) = (ax.max(x0), bx.min(x1));
        if ax > bx {
            continue;
        }
        let (i0, i1) = (index(ax - reach, tw), index(bx + reach, tw));
        for (layer, d) in motif.layers.iter().zip(ds.iter_mut()) {
            for step in layer.steps {
                if let Across(y) = step {
                    let y = oy + y * e;
                    point(d, "M", (i0 as f64 * tw, y));
                    point(d, "L", ((i1 + 1) as f64 * tw, y));
                }
            }
            for i in i0..=i1 {
                let ox = i as f64 * tw;
                let at = |x: f64, y: f64| (ox + x * e, oy + y * e);
                for step in layer.steps {
                    match *step {
                        Step::M(x, y) => point(d, "M", at(x, y)),
                        Step::L(x, y) => point(d, "L", at(x, y)),
                        Q(cx, cy, x, y) => {
                            point(d, "Q", at(cx, cy));
                            point(d, " ", at(x, y));
                        }
                        Z => d.push('Z'),
                        Dot(x, y) => {
                            point(d, "M", at(x, y));
                            d.push_str("h0");
                        }
                        Across(_) => {}
                    }
                }
            }
        }
    }
    motif
        .layers
        .iter()
        .zip(ds)
        .filter(|(_, d)| !d.is_empty())
        .map(|(l, d)| HatchLayer {
            d,
            fill: l.fill,
            stroke: l.stroke,
            width: l.width * e,
            cap: l.cap,
        })
        .collect()
}

/// The tile index holding coordinate `v` for tiles of length `t`, bounded so
/// that a far-off value cannot make an endless loop.
fn index(v: f64, t: f64) -> i64 {
    (v / t).floor().clamp(-100_000.0, 100_000.0) as i64
}

/// The bounding box of points: (x0, y0, x1, y1).
fn extent_of(ps: &[(f64, f64)]) -> (f64, f64, f64, f64) {
    ps.iter().fold(
        (f64::MAX, f64::MAX, f64::MIN, f64::MIN),
        |(a, b, c, d), (x, y)| (a.min(*x), b.min(*y), c.max(*x), d.max(*y)),
    )
}

/// How far west and east the closed outline reaches within the band of
/// heights `lo..=hi`: each edge cut to the band, the extreme of what is left.
fn span_in_band(shape: &[(f64, f64)], lo: f64, hi: f64) -> Option<(f64, f64)> {
    let mut span: Option<(f64, f64)> = None;
    let n = shape.len();
    for k in 0..n {
        let (p, q) = (shape[k], shape[(k + 1) % n]);
        let (a, b) = if p.1 <= q.1 { (p, q) } else { (q, p) };
        if b.1 < lo || a.1 > hi {
            continue;
        }
        let x_at = |y: f64| {
            if (b.1 - a.1).abs() < f64::EPSILON {
                a.0
            } else {
                a.0 + (b.0 - a.0) * (y - a.1) / (b.1 - a.1)
            }
        };
        let (xa, xb) = (x_at(a.1.max(lo)), x_at(b.1.min(hi)));
        let (s0, s1) = (xa.min(xb), xa.max(xb));
        span = Some(span.map_or((s0, s1), |(c, d)| (c.min(s0), d.max(s1))));
    }
    span
}

/// The swatch of a style for the legend: a box `w` by `h` map units.
pub fn swatch(style: &str, w: f64, h: f64, e: f64) -> Fill {
    let bounds = Window {
        x: 0.0,
        y: 0.0,
        w,
        h,
    };
    fill(style, &[(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)], e, bounds)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn square(s: f64) -> Vec<(f64, f64)> {
        vec![(0.0, 0.0), (s, 0.0), (s, s), (0.0, s)]
    }

    /// The absolute points of a path's `M`, `L` and `Q` steps (dots, `h0`, are their `M`).
    fn points(d: &str) -> Vec<(f64, f64)> {
        let mut out = Vec::new();
        for step in d.split(['M', 'L', 'Q']).skip(1) {
            let numbers: Vec<f64> = step
                .split(['a', 'h', 'Z'])
                .next()
                .unwrap()
                .split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect();
            out.extend(numbers.chunks(2).map(|p| (p[0], p[1])));
        }
        out
    }

    #[test]
    fn every_terrain_kind_has_a_fill_of_its_own() {
        for k in muster_rules::vocab::TerrainKind::ALL {
            let style = k.keyword();
            assert!(
                MOTIFS.iter().any(|m| m.style == style),
                "no fill for {style}"
            );
        }
        // One not known is drawn as open ground.
        let f = fill(
            "no-such-style",
            &square(100.0),
            10.0,
            Window {
                x: 0.0,
                y: 0.0,
                w: 100.0,
                h: 100.0,
            },
        );
        assert_eq!(f.colour, "#fbfbf4");
        assert!(f.layers.is_empty());
    }

    #[test]
    fn marks_repeat_from_the_maps_origin_as_a_patterns_tiles_do() {
        // Brush: two dots a tile of one em, at a quarter and three quarters.
        let all = Window {
            x: 0.0,
            y: 0.0,
            w: 100.0,
            h: 100.0,
        };
        let f = fill("brush", &square(100.0), 10.0, all);
        assert_eq!(f.colour, "#e4eed2");
        let d = &f.layers[0].d;
        assert!(d.contains("M2.5 2.5h0M7.5 7.5h0"), "{d}");
        assert!(d.contains("M97.5 97.5h0"), "{d}");
        assert_eq!((f.layers[0].width, f.layers[0].cap), (2.0, "round"));
        // The same area moved by a tile and a half is dotted at the same spots.
        let moved: Vec<(f64, f64)> = square(100.0)
            .iter()
            .map(|(x, y)| (x + 15.0, y + 15.0))
            .collect();
        let g = fill(
            "brush",
            &moved,
            10.0,
            Window {
                x: 0.0,
                y: 0.0,
                w: 200.0,
                h: 200.0,
            },
        );
        let centres: Vec<(f64, f64)> = g.layers[0]
            .d
            .split('M')
            .skip(1)
            .map(|r| {
                let n: Vec<f64> = r
                    .trim_end_matches("h0")
                    .split(' ')
                    .map(|v| v.parse().unwrap())
                    .collect();
                (n[0], n[1])
            })
            .collect();
        assert!(centres.contains(&(22.5, 22.5)), "{centres:?}");
        for (x, y) in centres {
            assert!(
                [2.5, 7.5].contains(&(x % 10.0)) && x % 10.0 == y % 10.0,
                "{x} {y}"
            );
        }
    }

    #[test]
    fn a_slope_is_hatched_on_the_diagonal_in_whole_lines() {
        let f = fill(
            "steep-slope",
            &square(100.0),
            10.0,
            Window {
                x: 0.0,
                y: 0.0,
                w: 100.0,
                h: 100.0,
            },
        );
        let ps = points(&f.layers[0].d);
        assert!(ps.len() >= 2 && ps.len().is_multiple_of(2));
        for line in ps.chunks(2) {
            let (dx, dy) = (line[1].0 - line[0].0, line[1].1 - line[0].1);
            // A line per row, down to the right, not one per tile.
            assert!((dx - dy).abs() < 0.3, "{line:?}");
            assert!(dx > 0.0);
        }
    }

    #[test]
    fn only_the_part_of_an_area_the_map_shows_is_hatched() {
        // A wood far larger than the window: its trees stay within a tile
        // of the window, and a narrow diagonal strip is hatched along
        // itself, not over its whole bounding box.
        let window = Window {
            x: 400.0,
            y: 400.0,
            w: 100.0,
            h: 50.0,
        };
        let f = fill("dense-woods", &square(10_000.0), 10.0, window);
        let ps = points(&f.layers[0].d);
        assert!(!ps.is_empty());
        for (x, y) in ps {
            assert!(
                (380.0..=520.0).contains(&x) && (380.0..=470.0).contains(&y),
                "{x} {y}"
            );
        }
        let strip = [
            (0.0, 0.0),
            (20.0, 0.0),
            (1000.0, 980.0),
            (1000.0, 1000.0),
            (980.0, 1000.0),
            (0.0, 20.0),
        ];
        let all = Window {
            x: 0.0,
            y: 0.0,
            w: 1000.0,
            h: 1000.0,
        };
        let trees = fill("dense-woods", &strip, 10.0, all).layers[0]
            .d
            .matches("h0")
            .count();
        // About 110 rows of a few tiles each; the box would hold over 12,000.
        assert!(trees < 1_000, "{trees} trees");
    }
}
