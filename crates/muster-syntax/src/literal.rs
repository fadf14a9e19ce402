//! Validation of the loose literal token: distances, coordinates, bearings,
//! counts, turns, dates, clock times, durations and calibres (MC002).
//!
//! The grammar reads every literal in one loose shape so that a malformed one is
//! reported here precisely, pointing at the literal, instead of as a vague MC001.

/// Why a literal was refused: the message and the help line.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LitError {
    pub message: String,
    pub help: String,
}

fn err(message: String, help: &str) -> LitError {
    LitError {
        message,
        help: help.to_string(),
    }
}

/// Splits `300m` into (`300`, `m`). Bytes, not chars: every byte the number
/// takes is ASCII, so the first other byte starts a char.
fn split_number(lit: &str) -> (&str, &str) {
    let end = lit
        .bytes()
        .enumerate()
        .find(|&(i, b)| !(b.is_ascii_digit() || b == b'.' || (i == 0 && (b == b'-' || b == b'+'))))
        .map_or(lit.len(), |(i, _)| i);
    match (lit.get(..end), lit.get(end..)) {
        (Some(digits), Some(unit)) => (digits, unit),
        _ => ("", lit),
    }
}

/// Most digits a whole number may have to be read exactly by [`number`]'s fast
/// path: 10^15 is below 2^53, so every such integer is an exact `f64`.
const EXACT_DIGITS: usize = 15;

fn number(digits: &str) -> Option<f64> {
    // plain digits (most numbers written): the integer is the nearest f64, as
    // the float parser would give, without its general path
    if (1..=EXACT_DIGITS).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit()) {
        let n = digits
            .bytes()
            .fold(0u64, |n, b| n * 10 + u64::from(b - b'0'));
        // under 2^53, so the conversion is exact
        return Some(n as f64);
    }
    if digits.is_empty() || digits == "-" || digits == "+" || digits.ends_with('.') {
        return None;
    }
    digits.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// A distance in metres: `300m`, `3km`, `1.5km`.
pub(crate) fn distance(lit: &str) -> Result<f64, LitError> {
    let (digits, unit) = split_number(lit);
    let help = "distances need a unit: `300m` or `3km`";
    let Some(v) = number(digits) else {
        return Err(err(format!("malformed distance `{lit}`"), help));
    };
    if v < 0.0 {
        return Err(err(
            format!("distance `{lit}` is negative"),
            "distances are zero or more",
        ));
    }
    match unit {
        "m" => Ok(v),
        "km" => Ok(v * 1000.0),
        "" => Err(err(
            format!("distance `{lit}` has no unit"),
            &format!("write `{lit}m` for metres or `{lit}km` for kilometres"),
        )),
        _ => Err(err(
            format!("unknown unit `{unit}` in distance `{lit}`"),
            help,
        )),
    }
}

/// A coordinate in metres: a bare number or one ending in `m`.
pub(crate) fn coordinate(lit: &str) -> Result<f64, LitError> {
    if lit.is_empty() {
        return Err(err(
            "a coordinate is missing".to_string(),
            "a point is two coordinates in metres, `(x,y)`, such as `(1200,800)`",
        ));
    }
    let (digits, unit) = split_number(lit);
    match (number(digits), unit) {
        (Some(v), "" | "m") => Ok(v),
        _ => Err(err(
            format!("malformed coordinate `{lit}`"),
            "coordinates are metres from the south-west corner, such as `1200` or `1200m`",
        )),
    }
}

/// A compass bearing in degrees, `0` to `360`.
pub(crate) fn bearing(lit: &str) -> Result<f64, LitError> {
    let help = "a bearing is bare degrees from north, `0` to `360`, such as `90`";
    let (digits, unit) = split_number(lit);
    match number(digits) {
        Some(v) if unit.is_empty() && muster_rules::limits::BEARING.allows(v) => Ok(v),
        Some(_) if unit.is_empty() => Err(err(format!("bearing `{lit}` is out of range"), help)),
        _ => Err(err(format!("malformed bearing `{lit}`"), help)),
    }
}

/// Degrees with a hemisphere letter, `49.2410N`: the size and whether it is
/// the negative hemisphere. The letter keeps latitude and longitude from being
/// swapped unnoticed; the range is checked against the limits afterwards.
fn hemisphere(lit: &str, axis: Axis) -> Result<(f64, bool), LitError> {
    let (what, (plus, minus), other, example) = match axis {
        Axis::Latitude => ("latitude", ("N", "S"), ["E", "W"], "49.2410N"),
        Axis::Longitude => ("longitude", ("E", "W"), ["N", "S"], "0.2720W"),
    };
    let help =
        format!("a {what} is decimal degrees and `{plus}` or `{minus}`, such as `{example}`");
    let (digits, letter) = split_number(lit);
    let signed = digits.starts_with(['-', '+']);
    match number(digits) {
        Some(v) if !signed && letter == plus => Ok((v, false)),
        Some(v) if !signed && letter == minus => Ok((v, true)),
        Some(_) if signed => Err(err(
            format!("{what} `{lit}` has a sign"),
            &format!(
                "the hemisphere letter gives the side of the globe: `{example}`, not a minus sign"
            ),
        )),
        Some(_) if other.contains(&letter) => Err(err(
            format!("`{lit}` is not a {what}: it ends in `{letter}`"),
            "a georeference gives the latitude first, then the longitude: `49.2410N 0.2720W`",
        )),
        Some(_) if letter.is_empty() => Err(err(
            format!("{what} `{lit}` has no `{plus}` or `{minus}`"),
            &help,
        )),
        _ => Err(err(format!("malformed {what} `{lit}`"), &help)),
    }
}

/// Which of the two angles of a georeference a literal is.
#[derive(Clone, Copy)]
enum Axis {
    Latitude,
    Longitude,
}

/// A latitude, `49.2410N` or `33.9S`: degrees and whether it is south.
pub(crate) fn latitude(lit: &str) -> Result<(f64, bool), LitError> {
    hemisphere(lit, Axis::Latitude)
}

/// A longitude, `0.2720W` or `23.5E`: degrees and whether it is west.
pub(crate) fn longitude(lit: &str) -> Result<(f64, bool), LitError> {
    hemisphere(lit, Axis::Longitude)
}

/// An angle in degrees (an HMG zone's spread), `0` to `360`.
pub(crate) fn degrees(lit: &str) -> Result<f64, LitError> {
    bearing(lit).map_err(|_| {
        err(
            format!("malformed angle `{lit}`"),
            "an angle is bare degrees, `0` to `360`, such as `30`",
        )
    })
}

/// A whole number of plain digits; one too large for `u32` saturates, so the
/// range check reports it as out of range (MC004) rather than as malformed.
fn whole(lit: &str) -> Result<u32, ()> {
    if lit.is_empty() || !lit.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    Ok(lit.parse::<u32>().unwrap_or(u32::MAX))
}

/// A whole count of figures or models, at least 1.
pub(crate) fn count(lit: &str) -> Result<u32, LitError> {
    match whole(lit) {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(err(
            format!("malformed count `{lit}`"),
            "a count is a whole number of 1 or more, such as `6`",
        )),
    }
}

/// A whole number of men, vehicles or guns, or of victory points: 0 or more.
pub(crate) fn tally(lit: &str) -> Result<u32, LitError> {
    whole(lit).map_err(|()| {
        err(
            format!("malformed number `{lit}`"),
            "a whole number of 0 or more, such as `181`",
        )
    })
}

/// A turn number, at least 1.
pub(crate) fn turn(lit: &str) -> Result<u32, LitError> {
    match whole(lit) {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(err(
            format!("malformed turn `{lit}`"),
            "turns are numbered from 1, such as `turn 4`",
        )),
    }
}

/// The number of turns a game lasts (`turns 18`), at least 1.
pub(crate) fn turn_count(lit: &str) -> Result<u32, LitError> {
    match whole(lit) {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(err(
            format!("malformed number of turns `{lit}`"),
            "the game's length is a whole number of turns, such as `turns 18`",
        )),
    }
}

/// Whether `y` is a leap year in the proleptic Gregorian calendar.
fn leap(y: i32) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

/// A calendar date `YYYY-MM-DD` that exists.
pub(crate) fn date(lit: &str) -> Result<(i32, u8, u8), LitError> {
    let help = "dates are written `YYYY-MM-DD`, such as `1944-06-06`";
    let parts: Vec<&str> = lit.split('-').collect();
    let ok_shape = parts.len() == 3
        && parts[0].len() == 4
        && parts[1].len() == 2
        && parts[2].len() == 2
        && parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_digit()));
    if !ok_shape {
        return Err(err(format!("malformed date `{lit}`"), help));
    }
    let (Ok(y), Ok(m), Ok(d)) = (
        parts[0].parse::<i32>(),
        parts[1].parse::<u8>(),
        parts[2].parse::<u8>(),
    ) else {
        return Err(err(format!("malformed date `{lit}`"), help));
    };
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap(y) => 29,
        2 => 28,
        _ => {
            return Err(err(
                format!("date `{lit}` has no month {m}"),
                "months run from `01` to `12`",
            ))
        }
    };
    if d == 0 || d > days {
        return Err(err(
            format!("date `{lit}` does not exist"),
            &format!("that month has {days} days"),
        ));
    }
    Ok((y, m, d))
}

/// A clock time `HH:MM`.
pub(crate) fn clock(lit: &str) -> Result<(u8, u8), LitError> {
    let help = "clock times are written `HH:MM` on the 24-hour clock, such as `00:16`";
    let Some((h, m)) = lit.split_once(':') else {
        return Err(err(format!("malformed clock time `{lit}`"), help));
    };
    let digits = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(h) || !digits(m) {
        return Err(err(format!("malformed clock time `{lit}`"), help));
    }
    match (h.parse::<u8>(), m.parse::<u8>()) {
        (Ok(h), Ok(m)) if h < 24 && m < 60 => Ok((h, m)),
        _ => Err(err(format!("clock time `{lit}` does not exist"), help)),
    }
}

/// A duration in minutes: `10min`, `2h`.
pub(crate) fn duration(lit: &str) -> Result<f64, LitError> {
    let help = "durations need a unit: `10min` or `2h`";
    let (digits, unit) = split_number(lit);
    match (number(digits), unit) {
        (Some(v), _) if v <= 0.0 => Err(err(format!("duration `{lit}` is not positive"), help)),
        (Some(v), "min") => Ok(v),
        (Some(v), "h") => Ok(v * 60.0),
        (Some(_), "") => Err(err(
            format!("duration `{lit}` has no unit"),
            &format!("write `{lit}min` for minutes or `{lit}h` for hours"),
        )),
        (Some(_), u) => Err(err(format!("unknown unit `{u}` in duration `{lit}`"), help)),
        (None, _) => Err(err(format!("malformed duration `{lit}`"), help)),
    }
}

/// British pounder calibres and their bores in millimetres.
const POUNDERS: &[(u32, f64)] = &[
    (2, 40.0),
    (3, 47.0),
    (6, 57.0),
    (13, 76.2),
    (17, 76.2),
    (18, 83.8),
    (25, 87.6),
    (32, 94.0),
    (60, 127.0),
];

/// A calibre in millimetres: `81mm`, `8cm`, `3in`, `25pdr`.
pub(crate) fn calibre(lit: &str) -> Result<f64, LitError> {
    let help = "calibres are written `81mm`, `8cm`, `3in` or `25pdr`";
    let (digits, unit) = split_number(lit);
    let Some(v) = number(digits).filter(|v| *v > 0.0) else {
        return Err(err(format!("malformed calibre `{lit}`"), help));
    };
    match unit {
        "mm" => Ok(v),
        "cm" => Ok(v * 10.0),
        "in" => Ok(v * 25.4),
        "pdr" => POUNDERS
            .iter()
            .find(|(p, _)| f64::from(*p) == v)
            .map(|(_, mm)| *mm)
            .ok_or_else(|| {
                err(
                    format!("unknown pounder calibre `{lit}`"),
                    "known pounders: 2, 3, 6, 13, 17, 18, 25, 32, 60; or give the bore in `mm`",
                )
            }),
        "" => Err(err(format!("calibre `{lit}` has no unit"), help)),
        _ => Err(err(
            format!("unknown unit `{unit}` in calibre `{lit}`"),
            help,
        )),
    }
}

/// The years of a template: `1944` or `1943-1945`.
pub(crate) fn years(lit: &str) -> Result<(i32, i32), LitError> {
    let help = "write a year `1944` or a range `1943-1945`";
    let year = |s: &str| {
        (s.len() == 4 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<i32>().ok())
            .flatten()
    };
    let (a, b) = match lit.split_once('-') {
        Some((a, b)) => (year(a), year(b)),
        None => (year(lit), year(lit)),
    };
    match (a, b) {
        (Some(a), Some(b)) if a <= b => Ok((a, b)),
        (Some(_), Some(_)) => Err(err(format!("year range `{lit}` runs backwards"), help)),
        _ => Err(err(format!("malformed years `{lit}`"), help)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals() {
        assert_eq!(distance("3km"), Ok(3000.0));
        assert!(distance("300").is_err());
        assert!(distance("300yd").is_err());
        assert_eq!(date("1944-02-29"), Ok((1944, 2, 29)));
        assert!(date("1944-02-30").is_err());
        assert!(clock("25:61").is_err());
        assert_eq!(clock("00:16"), Ok((0, 16)));
        assert!(turn("0").is_err());
        assert!(turn("-1").is_err());
        assert_eq!(calibre("3in"), Ok(76.19999999999999));
        assert_eq!(calibre("25pdr"), Ok(87.6));
        assert_eq!(duration("2h"), Ok(120.0));
        assert_eq!(years("1943-1945"), Ok((1943, 1945)));
        assert_eq!(coordinate("-60"), Ok(-60.0));
        assert_eq!(latitude("49.2410N"), Ok((49.241, false)));
        assert_eq!(latitude("33.9S"), Ok((33.9, true)));
        assert_eq!(longitude("0.2720W"), Ok((0.272, true)));
        assert_eq!(longitude("18E"), Ok((18.0, false)));
        assert!(latitude("49.2410E").is_err());
        assert!(latitude("-49.2410N").is_err());
        assert!(longitude("0.2720").is_err());
        assert!(longitude("W").is_err());
    }

    /// [`number`] before its fast path for plain digits.
    fn number_by_parse(digits: &str) -> Option<f64> {
        if digits.is_empty() || digits == "-" || digits == "+" || digits.ends_with('.') {
            return None;
        }
        digits.parse::<f64>().ok().filter(|v| v.is_finite())
    }

    /// [`split_number`] by chars, as it was written first.
    fn split_by_chars(lit: &str) -> (&str, &str) {
        let end = lit
            .char_indices()
            .find(|&(i, c)| !(c.is_ascii_digit() || c == '.' || (i == 0 && (c == '-' || c == '+'))))
            .map_or(lit.len(), |(i, _)| i);
        (&lit[..end], &lit[end..])
    }

    #[test]
    fn plain_digits_at_the_edges() {
        for d in [
            "0",
            "00",
            "007",
            "999999999999999",
            "9999999999999999",
            "1",
            "-0",
            "+5",
        ] {
            let (a, b) = (number(d), number_by_parse(d));
            assert_eq!(a.map(f64::to_bits), b.map(f64::to_bits), "{d}");
        }
    }

    proptest::proptest! {
        #[test]
        fn numbers_agree_with_the_float_parser(d in "[+-]?[0-9]{0,17}(\\.[0-9]{0,3})?") {
            proptest::prop_assert_eq!(number(&d).map(f64::to_bits), number_by_parse(&d).map(f64::to_bits));
        }

        #[test]
        fn splits_agree_with_the_char_split(lit in "[+-]?[0-9.]{0,5}[a-zé+-]{0,3}") {
            proptest::prop_assert_eq!(split_number(&lit), split_by_chars(&lit));
        }
    }
}
