//! Ground, figure and time scales (§1, §3, §7, §20) and the clock-to-turn arithmetic.
//!
//! Scenarios speak in metres and clock times; briefings also print table millimetres
//! and turn numbers, so both directions live here.

/// Metres of ground per table millimetre (§1).
pub const GROUND_SCALE_M_PER_MM: f64 = 2.0;

/// Real soldiers shown by one figure, roughly (§3).
pub const MEN_PER_FIGURE: u32 = 10;
/// Real vehicles, support or heavy weapons shown by one model, inclusive (§3).
pub const VEHICLES_PER_MODEL: (u32, u32) = (3, 5);

/// Real aircraft shown by one model, inclusive (§20).
pub const AIRCRAFT_PER_MODEL: (u32, u32) = (3, 5);
/// The real vehicles or guns a model is usually taken to stand for: the middle of
/// §3's range, for strength estimates.
pub const USUAL_VEHICLES_PER_MODEL: u32 = (VEHICLES_PER_MODEL.0 + VEHICLES_PER_MODEL.1) / 2;
/// The real aircraft a model is usually taken to stand for: the middle of §20's range.
pub const USUAL_AIRCRAFT_PER_MODEL: u32 = (AIRCRAFT_PER_MODEL.0 + AIRCRAFT_PER_MODEL.1) / 2;

/// Models in a flight, the smallest aircraft group (§20).
pub const MODELS_PER_FLIGHT: u32 = 2;

/// Average minutes of elapsed time per game turn, for time-driven events (§7).
pub const TURN_MINUTES: f64 = 10.0;
/// Minutes in a day, for clock arithmetic.
pub const MINUTES_PER_DAY: u32 = 24 * 60;

/// The scale to use: the scenario's own when it is a positive number, else §1's.
pub fn usable_scale(scale_m_per_mm: f64) -> f64 {
    if scale_m_per_mm.is_finite() && scale_m_per_mm > 0.0 {
        scale_m_per_mm
    } else {
        GROUND_SCALE_M_PER_MM
    }
}

/// Table millimetres for a ground distance at the given scale (metres per mm).
///
/// A scale that is not a positive number falls back to §1's 2 m per mm.
pub fn table_mm(metres: f64, scale_m_per_mm: f64) -> f64 {
    metres / usable_scale(scale_m_per_mm)
}

/// Ground metres for a table distance at the given scale (metres per mm).
pub fn ground_m(table_mm: f64, scale_m_per_mm: f64) -> f64 {
    table_mm * usable_scale(scale_m_per_mm)
}

/// Millimetres in a centimetre, for terrain pieces counted in table centimetres.
pub const MM_PER_CM: f64 = 10.0;

/// Table centimetres for a ground distance at the given scale (metres per mm).
pub fn table_cm(metres: f64, scale_m_per_mm: f64) -> f64 {
    table_mm(metres, scale_m_per_mm) / MM_PER_CM
}

/// The turn length to use: the scenario's own when positive, else §7's 10 minutes.
fn usable_turn(turn_minutes: f64) -> f64 {
    if turn_minutes.is_finite() && turn_minutes > 0.0 {
        turn_minutes
    } else {
        TURN_MINUTES
    }
}

/// The turn a clock time falls in (§7); turn 1 begins at the start time.
///
/// Times are minutes after midnight. A time up to 12 hours before the start counts
/// as before the game (turn 0 or less, which MC603 reports); any other earlier clock
/// reading is taken to be after midnight, so a night action starting at 23:50 puts
/// 00:10 in turn 3. Elapsed time is not strictly administered (§7): the arithmetic
/// only says which turn an author most plausibly meant.
pub fn turn_of_clock(start_min: u32, at_min: u32, turn_minutes: f64) -> i64 {
    let day = i64::from(MINUTES_PER_DAY);
    let half = day / 2;
    let mut offset = (i64::from(at_min) - i64::from(start_min)).rem_euclid(day);
    if offset >= half {
        offset -= day;
    }
    let turns = (offset as f64 / usable_turn(turn_minutes)).floor() as i64;
    turns + 1
}

/// A clock time as `HH:MM` (minutes after midnight, wrapped into one day).
pub fn format_clock(min: u32) -> String {
    let m = min % MINUTES_PER_DAY;
    format!("{:02}:{:02}", m / 60, m % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ground_scale_is_two_metres_per_millimetre() {
        assert_eq!(table_mm(2400.0, GROUND_SCALE_M_PER_MM), 1200.0);
        assert_eq!(table_mm(1600.0, 2.0), 800.0);
        assert_eq!(ground_m(50.0, 2.0), 100.0);
        // a custom scale
        assert_eq!(table_mm(300.0, 3.0), 100.0);
        // nonsense scales fall back to §1
        assert_eq!(table_mm(100.0, 0.0), 50.0);
        assert_eq!(ground_m(10.0, f64::NAN), 20.0);
    }

    #[test]
    fn fixed_scales_match_the_reference() {
        assert_eq!(MEN_PER_FIGURE, 10);
        assert_eq!(VEHICLES_PER_MODEL, (3, 5));
        assert_eq!(AIRCRAFT_PER_MODEL, (3, 5));
        assert_eq!(MODELS_PER_FLIGHT, 2);
        assert_eq!(TURN_MINUTES, 10.0);
    }

    #[test]
    fn a_clock_time_counts_as_the_turn_it_falls_in() {
        let start = 16; // 00:16
        assert_eq!(turn_of_clock(start, 16, 10.0), 1);
        assert_eq!(turn_of_clock(start, 25, 10.0), 1);
        assert_eq!(turn_of_clock(start, 26, 10.0), 2);
        assert_eq!(turn_of_clock(start, 16 + 170, 10.0), 18);
        assert_eq!(turn_of_clock(start, 10, 10.0), 0);
        assert_eq!(turn_of_clock(start, 0, 10.0), -1);
        // a custom turn length
        assert_eq!(turn_of_clock(start, 31, 15.0), 2);
        // a bad turn length falls back to ten minutes
        assert_eq!(turn_of_clock(start, 26, 0.0), 2);
    }

    #[test]
    fn crossing_midnight_counts_forwards() {
        let start = 23 * 60 + 50; // 23:50
        assert_eq!(turn_of_clock(start, 10, 10.0), 3); // 00:10
        assert_eq!(turn_of_clock(start, 23 * 60 + 40, 10.0), 0); // 23:40
                                                                 // 00:16 start, 23:00 the evening before: before the game
        assert!(turn_of_clock(16, 23 * 60, 10.0) < 1);
    }

    #[test]
    fn clocks_print_as_hours_and_minutes() {
        assert_eq!(format_clock(23 * 60 + 5), "23:05");
        assert_eq!(format_clock(24 * 60 + 26), "00:26");
    }
}
