//! How far inside terrain an element may be and still see out or be seen
//! (§109, §111, §113, §115, §121), for overwatch positions (MC703) and the start
//! situation (§24). The limit follows the observation grade: partially obscuring
//! ground hides beyond [`WOODS_DEPTH_M`], obscuring ground beyond [`EDGE_M`], so a
//! scenario terrain kind of the same grade hides as deep as the built-in type.

use crate::terrain::{ObsGrade, Who};
use crate::vocab::TerrainKind;

/// Depth inside brush (foot only, §109) or open woods (everyone, §111) beyond
/// which an element neither sees out nor is seen.
pub const WOODS_DEPTH_M: f64 = 100.0;
/// What we take as "at the edge" of dense woods (§113) or a built-up area (§121),
/// which only let troops at the edge see out; 50 m matches the engineers' dig-in
/// allowance used for dense woods.
pub const EDGE_M: f64 = 50.0;

/// The visibility limit for `who` inside `kind`, with its paragraph; `None` when
/// the kind sets none.
pub fn depth_limit(kind: TerrainKind, who: Who) -> Option<(f64, &'static str)> {
    match kind {
        TerrainKind::Brush if who == Who::Foot => Some((WOODS_DEPTH_M, "§109")),
        // "visibility of foot elements in the terrain is short": as in brush
        TerrainKind::Rocky | TerrainKind::Ruins if who == Who::Foot => {
            Some((WOODS_DEPTH_M, "§115"))
        }
        TerrainKind::OpenWoods => Some((WOODS_DEPTH_M, "§111")),
        TerrainKind::DenseWoods => Some((EDGE_M, "§113")),
        TerrainKind::Buildings => Some((EDGE_M, "§121")),
        _ => None,
    }
}

/// The visibility limit of ground of an observation grade, for a scenario terrain
/// kind (§98): partial as open woods (§111), obscuring as dense woods (§113).
pub fn depth_for_grade(grade: ObsGrade) -> Option<(f64, &'static str)> {
    match grade {
        ObsGrade::Open => None,
        ObsGrade::PartiallyObscuring => Some((WOODS_DEPTH_M, "§111")),
        ObsGrade::Obscuring => Some((EDGE_M, "§113")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sees_out(kind: TerrainKind, depth_m: f64, who: Who) -> bool {
        depth_limit(kind, who).is_none_or(|(limit, _)| depth_m <= limit)
    }

    #[test]
    fn depth_limits() {
        assert!(sees_out(TerrainKind::Brush, 90.0, Who::Foot));
        assert!(!sees_out(TerrainKind::Brush, 150.0, Who::Foot));
        assert!(sees_out(TerrainKind::Brush, 150.0, Who::Other));
        assert!(!sees_out(TerrainKind::OpenWoods, 150.0, Who::Other));
        assert!(sees_out(TerrainKind::DenseWoods, 40.0, Who::Foot));
        assert!(!sees_out(TerrainKind::DenseWoods, 60.0, Who::Foot));
        assert!(!sees_out(TerrainKind::Buildings, 80.0, Who::Other));
        assert!(sees_out(TerrainKind::Open, 5000.0, Who::Foot));
        assert_eq!(
            depth_limit(TerrainKind::OpenWoods, Who::Foot),
            Some((100.0, "§111"))
        );
    }
}
