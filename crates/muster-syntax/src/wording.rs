//! The words every message is built from: counts with the right plural, `a` or
//! `an`, distances, and the one "did you mean" search. Messages call these rather
//! than writing `{n} figures` or `a {word}` by hand, so none reads "1 figures" or
//! "a integrated element" (a test runs every message through them).

/// `1 figure`, `3 figures`: a count and its noun, plural unless the count is one.
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    format!("{n} {}", plural(n, noun))
}

/// `ten`: a small number in words, as the rulebook writes "three to five";
/// digits from thirteen on.
pub fn number_word(n: u32) -> String {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// The noun for `n` of it: `figure` for one, `figures` otherwise.
pub fn plural(n: u64, noun: &str) -> String {
    if n == 1 {
        return noun.to_string();
    }
    if noun.ends_with('s') || noun.ends_with('x') || noun.ends_with("ch") || noun.ends_with("sh") {
        format!("{noun}es")
    } else if noun.ends_with('y')
        && !noun.ends_with("ay")
        && !noun.ends_with("ey")
        && !noun.ends_with("oy")
    {
        format!("{}ies", &noun[..noun.len() - 1])
    } else {
        format!("{noun}s")
    }
}

/// Words whose first letter is said with a vowel sound although written as a
/// consonant (the rulebook's abbreviations: "an HMG", "an HQ").
const VOWEL_SOUND_ABBREVIATIONS: &[&str] = &[
    "hmg", "hq", "lmg", "mg", "smg", "mp44", "fo", "foo", "rv", "sdkfz", "lca", "lct", "mc",
];

/// Words starting with a vowel letter said with a consonant sound ("a unit").
const CONSONANT_SOUND_PREFIXES: &[&str] = &["uni", "use", "usu", "uti", "ura", "eu", "one", "once"];

/// `a` or `an` for the word (or number) that follows it.
pub fn article(word: &str) -> &'static str {
    let w = word
        .trim_start_matches(['`', '"', '\'', '('])
        .to_ascii_lowercase();
    let Some(first) = w.chars().next() else {
        return "a";
    };
    if first.is_ascii_digit() {
        return if number_takes_an(&w) { "an" } else { "a" };
    }
    let head: String = w
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    if VOWEL_SOUND_ABBREVIATIONS.contains(&head.as_str()) {
        return "an";
    }
    if CONSONANT_SOUND_PREFIXES.iter().any(|p| w.starts_with(p)) {
        return "a";
    }
    if matches!(first, 'a' | 'e' | 'i' | 'o' | 'u')
        || w.starts_with("hour")
        || w.starts_with("honest")
    {
        "an"
    } else {
        "a"
    }
}

/// Whether a number is said starting with a vowel: eight, eleven, eighteen,
/// eighty, eight hundred, eleven thousand, …
fn number_takes_an(w: &str) -> bool {
    let digits: String = w
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(char::is_ascii_digit)
        .collect();
    if digits.starts_with('8') {
        return true;
    }
    // said in groups of three: 11, 18, 11,000 and 18,500 start with "eleven"/"eighteen"
    let lead = match digits.len() % 3 {
        2 => &digits[..2],
        _ => return false,
    };
    matches!(lead, "11" | "18")
}

/// `an integrated element`: the word with its article.
pub fn with_article(word: &str) -> String {
    format!("{} {word}", article(word))
}

/// A distance in metres as a message shows it: whole metres up to 10 km
/// (`1,001 m`, so a 1 m overshoot is not hidden by rounding), kilometres beyond.
pub fn metres(d: f64) -> String {
    if !d.is_finite() {
        return "an unmeasurable distance".to_string();
    }
    if d.abs() >= 10_000.0 {
        let km = d / 1000.0;
        if (km - km.round()).abs() < 0.05 {
            format!("{} km", thousands(km.round() as i64))
        } else {
            format!("{km:.1} km")
        }
    } else {
        format!("{} m", thousands(d.round() as i64))
    }
}

/// `12,500`: digits grouped by thousands.
pub fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 {
        format!("-{out}")
    } else {
        out
    }
}

/// `a`, `a and b`, `a, b and c`.
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `a`, `a or b`, `a, b or c`.
pub fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Edit distance counting a swap of two neighbours as one edit, or some number
/// over `limit` as soon as every path is over it. Keeps the three rows the
/// recurrence reads, on the stack: it runs for every candidate of every
/// suggestion, and [`suggest`] never compares more than [`MAX_COMPARED`] chars.
fn edits(a: &[char], b: &[char], limit: usize) -> usize {
    const ROW: usize = MAX_COMPARED + 1;
    if a.len() >= ROW || b.len() >= ROW {
        return a.len().max(b.len());
    }
    // rows[(i + 1) % 3] is row i - 2, rows[(i + 2) % 3] row i - 1, rows[i % 3] row i
    let mut rows = [[0usize; ROW]; 3];
    for (j, d) in rows[0].iter_mut().enumerate().take(b.len() + 1) {
        *d = j;
    }
    for i in 1..=a.len() {
        let (cur, prev, before) = (i % 3, (i + 2) % 3, (i + 1) % 3);
        rows[cur][0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[prev][j] + 1)
                .min(rows[cur][j - 1] + 1)
                .min(rows[prev][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[before][j - 2] + 1);
            }
            rows[cur][j] = d;
        }
        // a row's least value never falls in the rows below it (a swap reads two
        // rows up, but adds one to a value that was itself over the limit then)
        if i > 1
            && rows[cur][..=b.len()].iter().all(|d| *d > limit)
            && rows[prev][..=b.len()].iter().all(|d| *d > limit)
        {
            return limit + 1;
        }
    }
    rows[a.len() % 3][b.len()]
}

/// Whether `short` abbreviates `long` part by part (`d-coy` for `d-company`):
/// the same number of `-` parts, each a subsequence of its partner starting with
/// the same letter.
fn abbreviates(short: &str, long: &str) -> bool {
    if short == long || short.len() < 3 || short.chars().next() != long.chars().next() {
        return false;
    }
    let (mut s, mut l) = (short.split('-'), long.split('-'));
    loop {
        match (s.next(), l.next()) {
            (None, None) => return true,
            (Some(s), Some(l)) => {
                let mut rest = l.chars();
                if s.chars().next() != l.chars().next() || !s.chars().all(|c| rest.any(|d| d == c))
                {
                    return false;
                }
            }
            _ => return false,
        }
    }
}

/// Longest name compared for a suggestion: longer ones are not typos of anything.
const MAX_COMPARED: usize = 64;

/// The closest of `candidates` to `name`, if close enough to be a slip: within
/// a third of its length in edits (at least one, at least two for names of four
/// letters or more), or an abbreviation of it either way. Ties go to the
/// alphabetically first, so the answer never depends on the order given.
pub fn suggest<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    if name.is_empty() || name.len() > MAX_COMPARED {
        return None;
    }
    let chars: Vec<char> = name.chars().collect();
    let len = chars.len();
    let limit = (len / 3).max(if len >= 4 { 2 } else { 1 });
    let mut best: Option<(usize, &str)> = None;
    let mut other: Vec<char> = Vec::new();
    for c in candidates {
        if c == name || c.len() > MAX_COMPARED {
            continue;
        }
        let d = if abbreviates(name, c) || abbreviates(c, name) {
            limit
        } else {
            other.clear();
            other.extend(c.chars());
            // the distance is at least the difference in length
            if other.len().abs_diff(len) > limit {
                continue;
            }
            edits(&chars, &other, limit)
        };
        if d > limit {
            continue;
        }
        if best.is_none_or(|(bd, bc)| d < bd || (d == bd && c < bc)) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c.to_string())
}

/// The help line "did you mean `x`?", when a candidate is close.
pub fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    suggest(name, candidates).map(|s| format!("did you mean `{s}`?"))
}

/// The author's own text between backticks; a backtick inside it becomes `'` so the
/// quote cannot end early and make the rest of the message read as code.
pub fn quoted(text: &str) -> String {
    format!("`{}`", text.replace('`', "'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(count(1u32, "figure"), "1 figure");
        assert_eq!(count(3u32, "figure"), "3 figures");
        assert_eq!(count(1u32, "model"), "1 model");
        assert_eq!(count(0u32, "model"), "0 models");
        assert_eq!(plural(2, "battery"), "batteries");
        assert_eq!(plural(2, "bus"), "buses");
    }

    #[test]
    fn articles_follow_the_sound() {
        assert_eq!(with_article("integrated element"), "an integrated element");
        assert_eq!(with_article("assault element"), "an assault element");
        assert_eq!(with_article("coherent element"), "a coherent element");
        assert_eq!(with_article("unit"), "a unit");
        assert_eq!(with_article("83 mm mortar"), "an 83 mm mortar");
        assert_eq!(with_article("81 mm mortar"), "an 81 mm mortar");
        assert_eq!(with_article("50 mm mortar"), "a 50 mm mortar");
        assert_eq!(with_article("11 m gap"), "an 11 m gap");
        assert_eq!(with_article("110 m gap"), "a 110 m gap");
        assert_eq!(with_article("18,000 m"), "an 18,000 m");
        assert_eq!(with_article("hmg element"), "an hmg element");
        assert_eq!(with_article("`x`"), "a `x`");
    }

    #[test]
    fn distances_keep_metres_under_ten_kilometres() {
        assert_eq!(metres(1001.0), "1,001 m");
        assert_eq!(metres(999.6), "1,000 m");
        assert_eq!(metres(120.0), "120 m");
        assert_eq!(metres(12_000.0), "12 km");
        assert_eq!(metres(12_340.0), "12.3 km");
        assert_eq!(thousands(-1234567), "-1,234,567");
    }

    #[test]
    fn suggestions_catch_typos_and_abbreviations() {
        let names = ["roadblock", "d-coy", "e-coy", "german", "american"];
        assert_eq!(suggest("road-block", names).as_deref(), Some("roadblock"));
        assert_eq!(suggest("d-company", names).as_deref(), Some("d-coy"));
        assert_eq!(suggest("germna", names).as_deref(), Some("german"));
        assert_eq!(suggest("americna", names).as_deref(), Some("american"));
        assert_eq!(suggest("zzz", names), None);
        assert_eq!(
            suggest("german", ["german"]),
            None,
            "an exact name is no suggestion"
        );
        assert_eq!(
            did_you_mean("ranger-coy", ["ranger-company"]).as_deref(),
            Some("did you mean `ranger-company`?")
        );
        assert_eq!(
            suggest("lib/us-ranger.muster", ["lib/us-rangers.muster"]).as_deref(),
            Some("lib/us-rangers.muster")
        );
    }

    /// The textbook recurrence over the whole matrix, to hold [`edits`] to.
    fn edits_by_matrix(a: &[char], b: &[char]) -> usize {
        let mut m = vec![vec![0usize; b.len() + 1]; a.len() + 1];
        for (i, row) in m.iter_mut().enumerate() {
            row[0] = i;
        }
        for (j, d) in m[0].iter_mut().enumerate() {
            *d = j;
        }
        for i in 1..=a.len() {
            for j in 1..=b.len() {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                let mut d = (m[i - 1][j] + 1)
                    .min(m[i][j - 1] + 1)
                    .min(m[i - 1][j - 1] + cost);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    d = d.min(m[i - 2][j - 2] + 1);
                }
                m[i][j] = d;
            }
        }
        m[a.len()][b.len()]
    }

    proptest::proptest! {
        #[test]
        fn edits_agree_with_the_whole_matrix(a in "[abcé-]{0,12}", b in "[abcé-]{0,12}") {
            let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
            let whole = edits_by_matrix(&a, &b);
            for limit in 0..4 {
                let d = edits(&a, &b, limit);
                proptest::prop_assert!(d == whole || (d > limit && whole > limit), "{d} {whole} {limit}");
            }
        }
    }
}
