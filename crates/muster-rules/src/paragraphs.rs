//! Short titles for the reference's numbered paragraphs, so diagnostics and docs
//! can print "§88 command ranges". Titles are our own words.

/// `(number, title)` for the paragraphs muster cites, in order.
pub const TITLES: &[(u32, &str)] = &[
    (1, "ground scale"),
    (3, "figure and model scales"),
    (4, "base frontages"),
    (7, "time scale"),
    (9, "commanded groups"),
    (10, "command elements"),
    (11, "aircraft groups"),
    (12, "troop types"),
    (16, "company command elements"),
    (17, "support and specialist elements"),
    (18, "foot element types"),
    (19, "figure counts"),
    (20, "aircraft organisation"),
    (21, "game turns and bounds"),
    (22, "end of game"),
    (23, "first bound"),
    (24, "hot and cold situations"),
    (34, "movement"),
    (36, "turning"),
    (38, "overwatch"),
    (40, "suppressed elements and overwatch"),
    (50, "concealment"),
    (52, "battery preparation"),
    (55, "registering fire"),
    (56, "registering fire with the artillery"),
    (57, "prepared HMG zones"),
    (59, "vehicles in buildings"),
    (61, "demolitions"),
    (62, "refuelling helicopters and autogyros"),
    (65, "communication within a group"),
    (66, "relay delay"),
    (68, "field telephones"),
    (69, "radio ranges"),
    (70, "radio nets"),
    (71, "taking over a net"),
    (72, "word of mouth"),
    (73, "pre-arranged signals"),
    (74, "meaning of signals"),
    (75, "seeing signals"),
    (76, "alternative methods"),
    (78, "hot and cold communications"),
    (79, "command capability"),
    (80, "higher echelon support elements"),
    (81, "orders"),
    (83, "separate orders"),
    (84, "stance and intensity"),
    (86, "units without orders"),
    (87, "staying in command"),
    (88, "command ranges"),
    (89, "separated elements"),
    (90, "reaching separated elements"),
    (95, "movement grades"),
    (96, "observation grades"),
    (97, "cover grades"),
    (98, "terrain representation"),
    (100, "terrain types"),
    (101, "main terrain types"),
    (102, "state of the ground"),
    (103, "rivers, roads and obstacles"),
    (104, "high ground"),
    (105, "open terrain"),
    (109, "brush"),
    (111, "open woods"),
    (113, "dense woods"),
    (115, "rocky areas and ruins"),
    (116, "buildings"),
    (117, "structure strength"),
    (118, "structure height"),
    (119, "table of structure types"),
    (120, "strong buildings and vehicles"),
    (121, "seeing into buildings"),
];

/// The title of paragraph `n`, when we have one.
pub fn title(n: u32) -> Option<&'static str> {
    TITLES.iter().find(|(m, _)| *m == n).map(|(_, t)| *t)
}

/// The title for a citation such as `"§88"`; `None` for anything else.
pub fn title_of(cite: &str) -> Option<&'static str> {
    cite.strip_prefix('§')
        .and_then(|n| n.parse().ok())
        .and_then(title)
}

/// A citation with its title, e.g. `§88 command ranges`; the bare citation when
/// the title is unknown.
pub fn describe(cite: &str) -> String {
    match title_of(cite) {
        Some(t) => format!("{cite} {t}"),
        None => cite.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles() {
        assert_eq!(title(88), Some("command ranges"));
        assert_eq!(describe("§88"), "§88 command ranges");
        assert_eq!(describe("§999"), "§999");
        assert_eq!(describe("p.13"), "p.13");
        assert!(TITLES.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
