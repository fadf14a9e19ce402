//! The rulebook's vocabulary: every closed list of words a scenario may use.
//!
//! Each enum maps one-to-one onto the keywords of the scenario language, so the
//! parser, the checks, the docs and the "expected one of …" messages all read the
//! same list. Adding a variant here adds it to the language.

use serde::{Deserialize, Serialize};

/// Declares a keyword enum with its spelling in the language and a short gloss.
macro_rules! keywords {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $kw:literal : $gloss:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum $name { $($variant),+ }

        impl $name {
            /// Every variant, in the order the reference lists them.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The keyword as written in a scenario.
            pub fn keyword(self) -> &'static str {
                match self { $($name::$variant => $kw),+ }
            }

            /// A few words saying what the keyword means, for docs and hover text.
            pub fn gloss(self) -> &'static str {
                match self { $($name::$variant => $gloss),+ }
            }

            /// Reads a keyword; `None` when the word is not one of ours.
            pub fn from_keyword(word: &str) -> Option<Self> {
                match word { $($kw => Some($name::$variant),)+ _ => None }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.keyword())
            }
        }
    };
}

keywords! {
    /// Who moves through a scenario terrain kind (§95): its movement grade is given
    /// per mover; `vehicles` stands for the three vehicle movers at once.
    Mover {
        Foot = "foot": "foot elements, cavalry and man-handled guns",
        Wheeled = "wheeled": "wheeled vehicles and towed guns",
        HalfTracked = "half-tracked": "half-tracked vehicles",
        Tracked = "tracked": "fully tracked vehicles",
        Vehicles = "vehicles": "every vehicle: wheeled, half-tracked and tracked",
    }
}

keywords! {
    /// Weather (scenario header); fog, snow and rain are "poor weather" for §76.
    Weather {
        Clear = "clear": "clear weather",
        Rain = "rain": "rain (poor weather, §76)",
        Fog = "fog": "fog (poor weather; ground visual signals unseen, §75)",
        Snow = "snow": "snow (poor weather; ground visual signals unseen, §75)",
    }
}

keywords! {
    /// Light at the start of the scenario.
    Light {
        Day = "day": "daylight",
        Night = "night": "night",
        Dawn = "dawn": "dawn",
        Dusk = "dusk": "dusk",
    }
}

keywords! {
    /// Unit echelons (§9, §20). Display names carry national terms.
    Echelon {
        Division = "division": "division",
        Brigade = "brigade": "brigade",
        Regiment = "regiment": "regiment",
        Battalion = "battalion": "battalion",
        Company = "company": "company",
        Platoon = "platoon": "platoon",
        Battery = "battery": "artillery battery",
        Squadron = "squadron": "squadron",
        Troop = "troop": "troop",
        Flight = "flight": "aircraft flight (§20)",
        Group = "group": "any other commanded group",
    }
}

keywords! {
    /// The arm a unit's map symbol shows (APP-6 branch icons). The map works it
    /// out from the unit's elements; a writer declares it only where the table
    /// holds too little of the unit to tell (a regiment present by one platoon).
    Branch {
        Armour = "armour": "tanks and assault guns",
        Mechanised = "mechanised": "infantry in carriers or half-tracks",
        Recce = "recce": "reconnaissance",
        Artillery = "artillery": "field and medium artillery",
        AntiTank = "anti-tank": "anti-tank guns and tank destroyers",
        AntiAircraft = "anti-aircraft": "anti-aircraft guns",
        MachineGun = "machine-gun": "machine guns",
        Mortar = "mortar": "mortars",
        Engineer = "engineer": "engineers and pioneers",
        Signals = "signals": "signals",
        Air = "air": "fixed-wing aircraft",
        RotaryWing = "rotary-wing": "helicopters and autogyros",
        Naval = "naval": "warships",
        Infantry = "infantry": "infantry",
        Headquarters = "headquarters": "a headquarters alone",
    }
}

keywords! {
    /// How a unit moves or where it fights, drawn as the APP-6 (D) mobility
    /// mark at the foot of its symbol's frame. Not the rulebook's: what an
    /// element can do is read from its own kind and drive, never from this.
    Modifier {
        Airborne = "airborne": "parachute and glider troops",
        Mountain = "mountain": "mountain troops",
        Motorised = "motorised": "carried in lorries (not fighting from carriers: that is `mechanised`)",
    }
}

keywords! {
    /// Foot element types of the Foot Elements Table (§18).
    FootType {
        Coherent = "coherent": "6 figures: rifles, LMG and hand-held AT",
        Integrated = "integrated": "5 figures: rifles and LMG",
        Assault = "assault": "4 figures with SMGs",
        AssaultMp44 = "assault-mp44": "4 figures with MP44 (German only)",
        Bare = "bare": "4 figures with rifles only",
        Cavalry = "cavalry": "3-4 mounted figures, treated as bare",
        LightSupport = "light-support": "2-3 figures: LMG, hand-held AT or light mortar",
        HeavySupport = "heavy-support": "2-3 figures: HMG or medium mortar (encumbered)",
        Specialist = "specialist": "2-3 figures with a specialism",
        Command = "command": "2-3 command figures, not a combat element",
    }
}

keywords! {
    /// Specialisms of specialist support elements (§18).
    Specialism {
        Engineers = "engineers": "engineers and pioneers (demolitions, §61)",
        Flamethrower = "flamethrower": "flamethrower team",
        AntiTank = "anti-tank": "anti-tank team",
        Foo = "foo": "forward observation officer (§55)",
        Sniper = "sniper": "sniper team",
        Medical = "medical": "medical team",
        Signals = "signals": "signals detachment",
        Recce = "recce": "reconnaissance team",
        Other = "other": "any other specialism",
    }
}

keywords! {
    /// Vehicle roles (§12).
    VehicleRole {
        Tank = "tank": "tank",
        CommandTank = "command-tank": "command tank",
        ArmouredCar = "armoured-car": "armoured car",
        ScoutCar = "scout-car": "scout car",
        HalfTrack = "half-track": "armoured personnel half-track",
        Carrier = "carrier": "tracked carrier",
        SpGun = "sp-gun": "self-propelled gun or howitzer",
        AssaultGun = "assault-gun": "assault gun",
        TankDestroyer = "tank-destroyer": "tank destroyer",
        Jeep = "jeep": "jeep or light car",
        Lorry = "lorry": "lorry or truck",
        Limber = "limber": "gun tractor or limber",
        Motorcycle = "motorcycle": "motorcycle",
        Train = "train": "armoured train",
        Other = "other": "any other vehicle",
    }
}

keywords! {
    /// How a vehicle moves (§12).
    Drive {
        Tracked = "tracked": "fully tracked",
        HalfTracked = "half-tracked": "half-tracked",
        Wheeled = "wheeled": "wheeled",
    }
}

keywords! {
    /// Artillery weapons (§12): guns, howitzers, AT guns, rockets, heavy mortars.
    ArtilleryWeapon {
        Gun = "gun": "field gun",
        Howitzer = "howitzer": "howitzer",
        AtGun = "at-gun": "anti-tank gun",
        InfantryGun = "infantry-gun": "infantry gun",
        AaGun = "aa-gun": "anti-aircraft gun",
        Rocket = "rocket": "rocket launcher",
        Mortar = "mortar": "mortar over 82 mm",
    }
}

keywords! {
    /// Aircraft roles (§12).
    AircraftRole {
        Fighter = "fighter": "fighter",
        GroundAttack = "ground-attack": "ground-attack aircraft",
        FighterBomber = "fighter-bomber": "fighter-bomber",
        DiveBomber = "dive-bomber": "dive-bomber",
        Reconnaissance = "reconnaissance": "reconnaissance aircraft",
        LightBomber = "light-bomber": "light bomber",
        MediumBomber = "medium-bomber": "medium bomber",
        HeavyBomber = "heavy-bomber": "heavy bomber",
        Transport = "transport": "transport aircraft",
        Glider = "glider": "glider",
        Helicopter = "helicopter": "helicopter (needs a refuelling ground, §62)",
        Autogyro = "autogyro": "autogyro (needs a refuelling ground, §62)",
    }
}

keywords! {
    /// Weapons and equipment an element may carry (§18).
    WeaponKind {
        Rifles = "rifles": "rifles",
        Smg = "smg": "sub-machine guns",
        Mp44 = "mp44": "MP44 assault rifles",
        Lmg = "lmg": "light machine gun",
        HandAt = "hand-at": "hand-held anti-tank weapon",
        Hmg = "hmg": "heavy machine gun",
        Mortar = "mortar": "mortar (with a calibre)",
        Gun = "gun": "gun (with a calibre)",
        Flamethrower = "flamethrower": "flamethrower",
        Demolitions = "demolitions": "demolition charges",
    }
}

keywords! {
    /// How a machine gun is mounted (§57).
    Mount {
        Tripod = "tripod": "tripod mount",
        Fixed = "fixed": "fixed position mounting",
    }
}

keywords! {
    /// Radio range classes (§69).
    RadioRange {
        Long = "long": "long range (3 km)",
        Short = "short": "short range (300 m)",
    }
}

keywords! {
    /// Starting postures (§38, §50, §68).
    Posture {
        Open = "in-open": "in the open",
        Concealed = "concealed": "in a concealed position (§50)",
        DugIn = "dug-in": "dug in",
        Fortified = "fortified": "in a fortification",
        Static = "static": "in a static position (§68)",
        Overwatch = "overwatch": "in overwatch (§38)",
        Limbered = "limbered": "limbered",
        OffTable = "off-table": "off table",
    }
}

keywords! {
    /// Main terrain types (§101), ground state (§102), high ground (§104),
    /// water and fortifications: every kind a map area may have.
    TerrainKind {
        Open = "open": "open terrain",
        Brush = "brush": "brush",
        OpenWoods = "open-woods": "open woods",
        DenseWoods = "dense-woods": "dense woods",
        Rocky = "rocky": "rocky area",
        Ruins = "ruins": "ruins",
        Buildings = "buildings": "buildings (with strength and height)",
        Firm = "firm": "firm ground",
        Soft = "soft": "soft ground",
        Swamp = "swamp": "swamp",
        Ridge = "ridge": "ridge",
        GentleSlope = "gentle-slope": "gentle slope",
        SteepSlope = "steep-slope": "steep slope",
        Cliffs = "cliffs": "cliffs",
        Water = "water": "river or canal as an area",
        Lake = "lake": "lake",
        Fortification = "fortification": "field or permanent fortification",
        Minefield = "minefield": "minefield",
    }
}

keywords! {
    /// Structure strength (§117, Table of Structure Types).
    Strength {
        Light = "light": "light structure (wood)",
        Medium = "medium": "medium structure (brick or stone)",
        Strong = "strong": "strong structure (stone or concrete)",
        VeryStrong = "very-strong": "very strong (bunkers)",
    }
}

keywords! {
    /// Structure height (§118).
    Height {
        Low = "low": "single storey",
        Normal = "normal": "two storeys",
        Tall = "tall": "towers, steeples, multi-storey",
    }
}

keywords! {
    /// Linear features that are not roads or rivers (§103).
    LineKind {
        Road = "road": "road",
        Track = "track": "track",
        River = "river": "river or stream as a line",
        Wire = "wire": "barbed wire",
        Wall = "wall": "wall",
        Hedge = "hedge": "hedge or bocage",
    }
}

keywords! {
    /// Crossings (§103): how a road or railway gets over water or another line.
    /// What each kind may stand over is [`CrossingKind::may_be_over`].
    CrossingKind {
        Bridge = "bridge": "a bridge over water or over another line",
        Ford = "ford": "a ford through shallow water",
        LevelCrossing = "level-crossing": "a level crossing, at grade, over a line that is not water",
    }
}

/// What a crossing stands over: water (a water or lake area, a river line), a
/// line that is not water (a road, a railway, an obstacle), or an area of dry
/// ground (a ravine of cliffs, a marsh).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Crossed {
    Water,
    Line,
    Ground,
}

impl CrossingKind {
    /// The one table of what each crossing may be over (§103): a bridge spans
    /// anything, a ford wades water only, a level crossing meets a dry line at grade.
    pub fn may_be_over(self, over: Crossed) -> bool {
        match self {
            CrossingKind::Bridge => true,
            CrossingKind::Ford => over == Crossed::Water,
            CrossingKind::LevelCrossing => over == Crossed::Line,
        }
    }

    /// What the kind may be over, in words for messages and docs.
    pub fn over_words(self) -> &'static str {
        match self {
            CrossingKind::Bridge => "water, any line or any area",
            CrossingKind::Ford => "water (a water or lake area, or a river)",
            CrossingKind::LevelCrossing => {
                "a line that is not water (a road, a railway, an obstacle)"
            }
        }
    }
}

keywords! {
    /// Order stances (§84).
    Stance {
        Attack = "attack": "attack",
        Defend = "defend": "defend",
        Support = "support": "support another unit",
    }
}

keywords! {
    /// Attack intensities (§84); `full` is the rulebook's plain "attack".
    Intensity {
        Probe = "probe": "probe",
        Full = "full": "attack",
        AllOut = "all-out": "all-out attack",
    }
}

keywords! {
    /// Pre-arranged signal kinds (§73).
    SignalKind {
        Flare = "flare": "signal flare",
        ShellBurst = "shell-burst": "pre-defined fire from mortars or artillery",
        Aerial = "aerial": "aircraft with coloured munitions",
        Smoke = "smoke": "coloured smoke grenades",
        Bugle = "bugle": "bugle call",
        Codeword = "codeword": "codeword spoken over a radio or telephone link",
        Lamp = "lamp": "signal lamp (visual; unseen in fog, snow and darkness, §75)",
    }
}

keywords! {
    /// Colours of a visual signal (§73: coloured flares, smoke, shell-bursts and lamps).
    Colour {
        White = "white": "white",
        Red = "red": "red",
        Green = "green": "green",
        Yellow = "yellow": "yellow",
        Orange = "orange": "orange",
        Blue = "blue": "blue",
        Violet = "violet": "violet",
    }
}

impl SignalKind {
    /// Whether the signal is seen, so may show colours (§73): not a bugle call
    /// or a codeword, which are heard.
    pub fn shows_colour(self) -> bool {
        !matches!(self, SignalKind::Bugle | SignalKind::Codeword)
    }
}

keywords! {
    /// Ship roles: naval fire support off table and landing craft.
    ShipRole {
        Battleship = "battleship": "battleship",
        Cruiser = "cruiser": "cruiser",
        Destroyer = "destroyer": "destroyer",
        Gunboat = "gunboat": "gunboat or support landing craft",
        LandingCraft = "landing-craft": "landing craft (carries elements ashore)",
    }
}

keywords! {
    /// Alternative methods of communication (§76).
    MessengerMethod {
        Runner = "runner": "a runner on foot",
        Motorcycle = "motorcycle": "a despatch rider on a motorcycle",
        Pigeon = "pigeon": "a carrier pigeon (flies over terrain)",
        Dog = "dog": "a messenger dog",
    }
}

keywords! {
    /// How precisely intel places an enemy unit.
    Precision {
        Exact = "exact": "exact position",
        Approximate = "approximate": "approximate position",
        Vague = "vague": "vague report",
    }
}

keywords! {
    /// Severity a scenario or pack may set for a rule (house rules, p.1).
    SeverityLevel {
        Allow = "allow": "switch the rule off",
        Note = "note": "report as a note",
        Warn = "warn": "report as a warning",
        Deny = "deny": "report as an error",
    }
}

keywords! {
    /// Table edges, for arrivals.
    Edge {
        North = "north": "north edge",
        South = "south": "south edge",
        East = "east": "east edge",
        West = "west": "west edge",
    }
}

keywords! {
    /// Sections of a `briefing` narrative, in the military order's sequence
    /// (situation, mission, execution, support, command and signals); `history`,
    /// what happened on the day, is the umpire's alone.
    BriefingSection {
        Situation = "situation": "Situation",
        Enemy = "enemy": "Enemy forces",
        Friendly = "friendly": "Friendly forces",
        Mission = "mission": "Mission",
        Execution = "execution": "Execution",
        Support = "support": "Support",
        Command = "command": "Command",
        Signals = "signals": "Signals",
        History = "history": "What happened on the day",
    }
}

keywords! {
    /// How a victory's conditions combine: every one, or one is enough.
    GroupMode {
        All = "all": "every condition must be met",
        Any = "any": "one condition is enough",
    }
}

keywords! {
    /// A graded victory result; a points value is written `points N` instead.
    Grade {
        Decisive = "decisive": "a decisive victory",
        Marginal = "marginal": "a marginal victory",
    }
}

keywords! {
    /// What a stated historical strength counts.
    StrengthKind {
        Men = "men": "men",
        Vehicles = "vehicles": "vehicles",
        Guns = "guns": "guns and heavy weapons",
    }
}
