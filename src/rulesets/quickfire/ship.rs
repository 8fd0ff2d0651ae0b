//! The Quickfire ship log (« 1.3 Equipment, Ship Log): the constant left side (size, gunnery
//! and armor ratings, ROF ratings, the eight speed boxes, torpedo rating, repair points, the
//! speed code "(P)") as the scenario gives it, and the variable right side (ROF points lost,
//! the "1st" box, speed boxes crossed, torpedo and repair points lost, the Blast Hits box with
//! its fires and direction hit) as the battle changes it. The damage codes of « 4.1.
use serde::{Deserialize, Serialize};
use std::fmt::{self, Write as _};
use std::str::FromStr;

/// Heavy or light gunnery (« 3.0 Gunnery Rating).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rating {
    Heavy,
    Light,
}

impl Rating {
    pub fn as_str(self) -> &'static str {
        match self {
            Rating::Heavy => "heavy",
            Rating::Light => "light",
        }
    }
    pub fn other(self) -> Rating {
        match self {
            Rating::Heavy => Rating::Light,
            Rating::Light => Rating::Heavy,
        }
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The three gunnery ranges (« 3.0 Ranges); the console does not measure, the umpire says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Range {
    Long,
    Short,
    /// Point blank: as short range, and both ratings may fire at up to two targets.
    Pb,
}

impl Range {
    pub fn as_str(self) -> &'static str {
        match self {
            Range::Long => "long",
            Range::Short => "short",
            Range::Pb => "pb",
        }
    }
    pub fn words(self) -> &'static str {
        match self {
            Range::Long => "long range",
            Range::Short => "short range",
            Range::Pb => "point blank",
        }
    }
    /// The Blast Damage table line: point blank "functions in the same manner as short
    /// range" (« 3.0 Ranges).
    pub fn blast_line(self) -> &'static str {
        match self {
            Range::Long => "long",
            Range::Short | Range::Pb => "short",
        }
    }
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The firing arc (« 3.1 Arcs-of-Fire): outside the broadside arcs ROF is halved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arc {
    Broadside,
    Fore,
    Aft,
}

impl Arc {
    pub fn as_str(self) -> &'static str {
        match self {
            Arc::Broadside => "broadside",
            Arc::Fore => "fore",
            Arc::Aft => "aft",
        }
    }
}

/// A damage code of the Damage Code Glossary (« 4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Code {
    /// Blast: roll on the Blast line of the Damage table.
    B,
    /// Direction: the ship turns uncontrollably until repaired (a D6 for the direction).
    D,
    /// Explosion: roll on the Explosion line of the Damage table.
    E,
    /// Fire: an F in the Blast Hits box, checked each turn.
    F,
    /// Gun hit: one ROF point, with the cascade of « 4.1 G.
    G,
    /// Repair hit: one repair point, else a fire.
    R,
    /// Speed hit: one speed box.
    S,
    /// T-hit: one torpedo point, else R; every T-hit checks the Damage table.
    T,
}

impl Code {
    pub const ALL: [Code; 8] = [
        Code::B,
        Code::D,
        Code::E,
        Code::F,
        Code::G,
        Code::R,
        Code::S,
        Code::T,
    ];
    pub fn letter(self) -> &'static str {
        match self {
            Code::B => "B",
            Code::D => "D",
            Code::E => "E",
            Code::F => "F",
            Code::G => "G",
            Code::R => "R",
            Code::S => "S",
            Code::T => "T",
        }
    }
    pub fn words(self) -> &'static str {
        match self {
            Code::B => "blast",
            Code::D => "direction hit",
            Code::E => "explosion",
            Code::F => "fire",
            Code::G => "gun hit",
            Code::R => "repair hit",
            Code::S => "speed hit",
            Code::T => "T-hit",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.letter())
    }
}

impl FromStr for Code {
    type Err = String;
    fn from_str(s: &str) -> Result<Code, String> {
        Code::ALL
            .into_iter()
            .find(|c| c.letter().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("\"{s}\" is not a damage code (B, D, E, F, G, R, S, T)"))
    }
}

/// What a Damage-table cell says: codes to apply, a repair made (`fix`), a fire out (`out`),
/// or no effect (`n/e`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    NoEffect,
    Fix,
    Out,
    Codes(Vec<Code>),
}

impl Outcome {
    /// Parse a cell as the chart spells it: `n/e`, `fix`, `out`, or codes joined by `+`.
    pub fn parse(s: &str) -> Result<Outcome, String> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("n/e") {
            return Ok(Outcome::NoEffect);
        }
        if t.eq_ignore_ascii_case("fix") {
            return Ok(Outcome::Fix);
        }
        if t.eq_ignore_ascii_case("out") {
            return Ok(Outcome::Out);
        }
        t.split('+')
            .map(|c| c.parse::<Code>())
            .collect::<Result<Vec<_>, _>>()
            .map(Outcome::Codes)
            .map_err(|_| {
                format!(
                    "\"{s}\" is not a result (n/e, fix, out, or codes B D E F G R S T joined by +)"
                )
            })
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::NoEffect => f.write_str("n/e"),
            Outcome::Fix => f.write_str("fix"),
            Outcome::Out => f.write_str("out"),
            Outcome::Codes(c) => {
                let l: Vec<&str> = c.iter().map(|c| c.letter()).collect();
                f.write_str(&l.join("+"))
            }
        }
    }
}

/// Where a G hit came from: the order its ROF points are taken in (« 4.1 G).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GSource {
    /// Heavy fire: HROF > LROF > T > R > F.
    Heavy,
    /// Light fire: LROF > T > R > F.
    Light,
    /// Blast (or an umpire's `damage`): the ROF of the higher gunnery rating first.
    Blast,
    /// The n-th G of one explosion: spread as equally as possible between heavy and light.
    Explosion(u32),
}

/// One damage point marked on the log (a slash during a gunnery phase, crossed out at its
/// end, « 4.0), before its cascade is worked out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "hit", rename_all = "snake_case")]
pub enum Hit {
    G {
        from: GSource,
    },
    S {
        repairable: bool,
    },
    T,
    R,
    F,
    /// A direction hit, its D6 already rolled (degrees, negative to the left).
    D {
        degrees: i32,
    },
}

/// The words of a mark, written straight into the text that holds it: a ship may have dozens of
/// marks pending, and the due list words them every frame.
impl fmt::Display for Hit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Hit::G { from } => f.write_str(match from {
                GSource::Heavy => "G (heavy fire)",
                GSource::Light => "G (light fire)",
                GSource::Blast => "G (blast)",
                GSource::Explosion(_) => "G (explosion)",
            }),
            Hit::S { repairable: true } => f.write_str("S"),
            Hit::S { repairable: false } => f.write_str("S (unrepairable)"),
            Hit::T => f.write_str("T"),
            Hit::R => f.write_str("R"),
            Hit::F => f.write_str("F"),
            Hit::D { degrees } => write!(f, "D ({})", direction_words(degrees)),
        }
    }
}

/// The marks pending, as the due list and the detail panel word them: "S, G (blast)".
pub fn marks_words(hits: &[Hit]) -> String {
    let mut out = String::new();
    for (k, h) in hits.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        // Writing to a String cannot fail.
        let _ = write!(out, "{h}");
    }
    out
}

/// A direction as the Blast Hits box notes it (« 4.1 D).
pub fn direction_words(degrees: i32) -> String {
    if degrees < 0 {
        format!("{}° left", -degrees)
    } else {
        format!("{degrees}° right")
    }
}

/// What one damage point did to the log once its cascade was worked out (« 4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "to", rename_all = "snake_case")]
pub enum Effect {
    /// One ROF point off that rating.
    Rof { rating: Rating },
    /// One speed box crossed (or an S written in the margin past the eighth).
    Speed { repairable: bool },
    /// One torpedo point off (T-hits cannot be repaired).
    Torpedo,
    /// One repair point off.
    Repair,
    /// A fire starts.
    Fire,
    /// The ship turns uncontrollably until repaired.
    Direction { degrees: i32 },
    /// Nothing of that type on board: no effect (« 4.1, the general rule).
    NoEffect,
}

/// The ship as the scenario gives her (the constant left side of the log).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QfShipSpec {
    pub id: String,
    pub name: String,
    pub side: String,
    /// Ship size (« 4.3 Sinking: the Sinking table's line).
    pub size: u32,
    /// Gunnery ratings, heavy and light ("22 - 8").
    pub gunnery: Pair,
    /// Armor ratings, heavy and light.
    #[serde(alias = "armour")]
    pub armor: Pair,
    /// ROF ratings, heavy and light ("4 - 6").
    pub rof: Pair,
    /// Torpedo rating (0: no torpedoes).
    #[serde(default)]
    pub torpedo: u32,
    /// Repair points ("repair dice").
    #[serde(default)]
    pub repair: u32,
    /// The maximum speed (the eighth box) in the game scale's units; the boxes are
    /// derived as k/8 of it unless `speed_boxes` gives them.
    #[serde(default)]
    pub speed: Option<f64>,
    /// The eight speed boxes, first (slowest) to eighth, as the Ship Values give them.
    #[serde(default)]
    pub speed_boxes: Option<Vec<f64>>,
    /// The speed code "(P)": the S-P repair line (« 4.2).
    #[serde(default)]
    pub speed_p: bool,
    /// A destroyer or torpedo boat (« 3.2 DD Launching).
    #[serde(default)]
    pub torpedo_craft: bool,
}

/// A heavy and a light value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Pair {
    pub heavy: u32,
    pub light: u32,
}

impl Pair {
    pub fn of(&self, r: Rating) -> u32 {
        match r {
            Rating::Heavy => self.heavy,
            Rating::Light => self.light,
        }
    }
    fn of_mut(&mut self, r: Rating) -> &mut u32 {
        match r {
            Rating::Heavy => &mut self.heavy,
            Rating::Light => &mut self.light,
        }
    }
}

/// Words of the command language a ship id may not be.
const RESERVED: &[&str] = &[
    "at",
    "heavy",
    "light",
    "long",
    "short",
    "pb",
    "fore",
    "aft",
    "broadside",
    "moved",
    "moving",
    "static",
    "converging",
    "port",
    "starboard",
    "hold",
    "speed",
    "direction",
    "unrepairable",
];

impl crate::core::turns::ScenarioShip for QfShipSpec {
    fn id(&self) -> &str {
        &self.id
    }
    fn set_id(&mut self, id: String) {
        self.id = id;
    }
    fn problems(&self) -> Vec<String> {
        QfShipSpec::problems(self)
    }
}

impl QfShipSpec {
    /// The eight speed boxes, first to eighth: as given, or k/8 of the maximum (the reading
    /// of « 2.1 that fits every figure of the text: Hannibal's 6" gives 3¾" in the fifth box
    /// and ¾" in the first).
    pub fn boxes(&self) -> [f64; 8] {
        if let Some(b) = &self.speed_boxes {
            let mut out = [0.0; 8];
            for (o, v) in out.iter_mut().zip(b) {
                *o = *v;
            }
            return out;
        }
        let max = self.speed.unwrap_or(0.0);
        std::array::from_fn(|k| max * (k as f64 + 1.0) / 8.0)
    }

    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let id = &self.id;
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            out.push(format!(
                "ship \"{id}\": id: letters, digits, - and _ only (it is typed at the prompt)"
            ));
        }
        if RESERVED.iter().any(|w| w.eq_ignore_ascii_case(id)) {
            out.push(format!(
                "ship \"{id}\": id: \"{id}\" is a word of the commands"
            ));
        }
        if self.name.trim().is_empty() {
            out.push(format!("ship \"{id}\": name: empty"));
        }
        if self.side.trim().is_empty() {
            out.push(format!("ship \"{id}\": side: empty"));
        }
        if self.size == 0 || self.size > 99 {
            out.push(format!("ship \"{id}\": size: {} is not 1-99", self.size));
        }
        for (key, v) in [
            ("gunnery.heavy", self.gunnery.heavy),
            ("gunnery.light", self.gunnery.light),
            ("armor.heavy", self.armor.heavy),
            ("armor.light", self.armor.light),
            ("torpedo", self.torpedo),
            ("repair", self.repair),
        ] {
            if v > 999 {
                out.push(format!("ship \"{id}\": {key}: {v} is more than 999"));
            }
        }
        for (key, v) in [("rof.heavy", self.rof.heavy), ("rof.light", self.rof.light)] {
            if v > 6 {
                out.push(format!(
                    "ship \"{id}\": {key}: {v} is more than 6 (the black ROF die is a D6)"
                ));
            }
        }
        match (&self.speed, &self.speed_boxes) {
            (None, None) => out.push(format!(
                "ship \"{id}\": speed: give the maximum speed (the eighth box) or speed_boxes"
            )),
            (Some(_), Some(_)) => out.push(format!(
                "ship \"{id}\": speed and speed_boxes: give one of them"
            )),
            (Some(v), None) if !(v.is_finite() && *v > 0.0 && *v <= 999.0) => out.push(format!(
                "ship \"{id}\": speed: {v} is not a distance above 0 (up to 999)"
            )),
            (None, Some(b)) => {
                if b.len() != 8 {
                    out.push(format!(
                        "ship \"{id}\": speed_boxes: {} values; the log has eight boxes",
                        b.len()
                    ));
                } else if b
                    .iter()
                    .any(|v| !(v.is_finite() && *v > 0.0 && *v <= 999.0))
                    || b.windows(2).any(|w| w[0] > w[1])
                {
                    out.push(format!(
                        "ship \"{id}\": speed_boxes: distances above 0 (up to 999), first box to eighth, never falling"
                    ));
                }
            }
            _ => {}
        }
        out
    }
}

/// A fire in the Blast Hits box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fire {
    pub since_turn: u32,
    /// The turn it went out, if it has.
    pub out_turn: Option<u32>,
}

/// The direction hit in the Blast Hits box.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Direction {
    pub degrees: i32,
    pub since_turn: u32,
}

/// One salvo of a turn: what « 3.0 and 3.1 limit (one target per rating and phase; no second
/// gunnery after a passed ROF roll).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Salvo {
    pub turn: u32,
    pub phase: super::Phase,
    pub rating: Rating,
    pub range: Range,
    pub target: String,
    pub black: u32,
    /// The ROF die modifier the salvo took.
    pub modifier: i32,
    pub fired: bool,
}

/// One ship's log during the battle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QfShip {
    pub spec: QfShipSpec,
    /// ROF points lost to G hits (repairable).
    pub rof_lost: Pair,
    /// The "1st" box: crossed after the ship's first successful fire of the game.
    pub first_fired: bool,
    /// The turn and result of the ship's last ROF roll (true: it fired).
    pub last_rof: Option<(u32, bool)>,
    /// Speed hits: repairable ones, and unrepairable ones (torpedoes, mines).
    pub speed_hits: u32,
    pub speed_hits_unrepairable: u32,
    /// Torpedo points lost to T-hits and used by hits scored.
    pub torpedo_lost: u32,
    pub torpedo_used: u32,
    /// Repair points lost to R hits and used by successful repairs.
    pub repair_lost: u32,
    pub repair_used: u32,
    pub fires: Vec<Fire>,
    pub direction: Option<Direction>,
    /// Damage points marked during this gunnery phase, crossed out at its end (« 1.4).
    pub pending: Vec<Hit>,
    /// This turn's and the last turn's salvos.
    pub salvos: Vec<Salvo>,
    /// Torpedo attacks: (turn, target, port/starboard or none).
    pub torpedo_attacks: Vec<(u32, String, Option<String>)>,
    /// The turn the umpire took over this ship's repairs (`repair`): no automatic attempts.
    pub repairs_declared: Option<u32>,
    pub sunk_turn: Option<u32>,
    /// A sunk ship: the phase she sank in (the clock the engine last told the state) and what
    /// sank her, in the rule's words (SPEC 10).
    pub sunk_phase: Option<super::Phase>,
    pub sunk_by: Option<String>,
}

/// Afloat, at risk (zero speed: a sinking roll each turn, « 4.3) or sunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Afloat,
    AtRisk,
    Sunk,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Afloat => "afloat",
            Status::AtRisk => "at_risk",
            Status::Sunk => "sunk",
        }
    }
}

impl QfShip {
    pub fn new(spec: QfShipSpec) -> QfShip {
        QfShip {
            spec,
            rof_lost: Pair::default(),
            first_fired: false,
            last_rof: None,
            speed_hits: 0,
            speed_hits_unrepairable: 0,
            torpedo_lost: 0,
            torpedo_used: 0,
            repair_lost: 0,
            repair_used: 0,
            fires: Vec::new(),
            direction: None,
            pending: Vec::new(),
            salvos: Vec::new(),
            torpedo_attacks: Vec::new(),
            repairs_declared: None,
            sunk_turn: None,
            sunk_phase: None,
            sunk_by: None,
        }
    }
    pub fn id(&self) -> &str {
        &self.spec.id
    }
    /// The current ROF rating of a gunnery type.
    pub fn rof(&self, r: Rating) -> u32 {
        self.spec.rof.of(r).saturating_sub(self.rof_lost.of(r))
    }
    pub fn lose_rof(&mut self, r: Rating) {
        let v = self.rof_lost.of_mut(r);
        *v = v.saturating_add(1);
    }
    pub fn fix_rof(&mut self, r: Rating) {
        let v = self.rof_lost.of_mut(r);
        *v = v.saturating_sub(1);
    }
    /// Every speed hit taken (repairable or not).
    pub fn speed_hits_total(&self) -> u32 {
        self.speed_hits.saturating_add(self.speed_hits_unrepairable)
    }
    /// Speed boxes crossed out (at most eight).
    pub fn boxes_crossed(&self) -> u32 {
        self.speed_hits_total().min(8)
    }
    /// S hits past the eighth box ("an extra S written in the margin", « 4.3).
    pub fn speed_hits_beyond(&self) -> u32 {
        self.speed_hits_total().saturating_sub(8)
    }
    /// The box in use at full available speed (8 = the top box; 0 = zero speed).
    pub fn top_box(&self) -> u32 {
        8 - self.boxes_crossed()
    }
    /// Available speed: the topmost uncrossed box (« 2.0).
    pub fn available_speed(&self) -> f64 {
        match self.top_box() {
            0 => 0.0,
            k => self.spec.boxes()[k as usize - 1],
        }
    }
    pub fn torpedo(&self) -> u32 {
        self.spec
            .torpedo
            .saturating_sub(self.torpedo_lost.saturating_add(self.torpedo_used))
    }
    pub fn repair_points(&self) -> u32 {
        self.spec
            .repair
            .saturating_sub(self.repair_lost.saturating_add(self.repair_used))
    }
    pub fn fires_burning(&self) -> usize {
        self.fires.iter().filter(|f| f.out_turn.is_none()).count()
    }
    pub fn status(&self) -> Status {
        if self.sunk_turn.is_some() {
            Status::Sunk
        } else if self.top_box() == 0 {
            Status::AtRisk
        } else {
            Status::Afloat
        }
    }
    /// The salvos of a rating in a turn and phase.
    pub fn salvo(&self, turn: u32, phase: super::Phase, r: Rating) -> Option<&Salvo> {
        self.salvos
            .iter()
            .find(|s| s.turn == turn && s.phase == phase && s.rating == r)
    }
    /// Whether the ship passed an ROF roll in the first gunnery phase of `turn` (« 1.4 3).
    pub fn fired_first_gunnery(&self, turn: u32) -> bool {
        self.salvos
            .iter()
            .any(|s| s.turn == turn && s.phase == super::Phase::FirstGunnery && s.fired)
    }
    /// Whether the ship made an ROF roll in the first gunnery phase of `turn`.
    pub fn tried_first_gunnery(&self, turn: u32) -> bool {
        self.salvos
            .iter()
            .any(|s| s.turn == turn && s.phase == super::Phase::FirstGunnery)
    }
    /// Items a repair attempt may be made against (« 4.2): each G point, each repairable S
    /// hit, the D hit.
    pub fn repairable(&self) -> Vec<RepairItem> {
        let mut out = Vec::new();
        for _ in 0..self.rof_lost.heavy {
            out.push(RepairItem::Heavy);
        }
        for _ in 0..self.rof_lost.light {
            out.push(RepairItem::Light);
        }
        for _ in 0..self.speed_hits {
            out.push(RepairItem::Speed);
        }
        if self.direction.is_some() {
            out.push(RepairItem::Direction);
        }
        out
    }
}

/// A damage point a repair attempt is made against (« 4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RepairItem {
    Heavy,
    Light,
    Speed,
    Direction,
}

impl RepairItem {
    pub fn as_str(self) -> &'static str {
        match self {
            RepairItem::Heavy => "heavy",
            RepairItem::Light => "light",
            RepairItem::Speed => "speed",
            RepairItem::Direction => "direction",
        }
    }
    pub fn words(self) -> &'static str {
        match self {
            RepairItem::Heavy => "a heavy ROF point (G)",
            RepairItem::Light => "a light ROF point (G)",
            RepairItem::Speed => "a speed hit (S)",
            RepairItem::Direction => "the direction hit (D)",
        }
    }
}

impl FromStr for RepairItem {
    type Err = String;
    fn from_str(s: &str) -> Result<RepairItem, String> {
        [
            RepairItem::Heavy,
            RepairItem::Light,
            RepairItem::Speed,
            RepairItem::Direction,
        ]
        .into_iter()
        .find(|r| r.as_str().eq_ignore_ascii_case(s))
        .ok_or_else(|| format!("\"{s}\" is not a repair item (heavy, light, speed, direction)"))
    }
}

/// A distance as the log writes it: up to four decimals (an eighth of 5½" is 0.6875), no
/// trailing zeros.
pub fn distance(v: f64) -> String {
    let s = format!("{v:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(speed: f64) -> QfShipSpec {
        QfShipSpec {
            id: "h".into(),
            name: "Hannibal".into(),
            side: "Blue".into(),
            size: 9,
            gunnery: Pair {
                heavy: 20,
                light: 8,
            },
            armor: Pair {
                heavy: 10,
                light: 6,
            },
            rof: Pair { heavy: 4, light: 6 },
            torpedo: 0,
            repair: 2,
            speed: Some(speed),
            speed_boxes: None,
            speed_p: false,
            torpedo_craft: false,
        }
    }

    /// « 2.1 Turning, the example: Hannibal at 6" has 3" in her fourth box, 3¾" in her fifth
    /// and ¾" in her first.
    #[test]
    fn hannibal_speed_boxes_2_1_turning_example() {
        let b = spec(6.0).boxes();
        assert_eq!(b[7], 6.0);
        assert_eq!(b[4], 3.75);
        assert_eq!(b[3], 3.0);
        assert_eq!(b[0], 0.75);
    }

    /// « 1.3 Ship Log: the lower log's four unrepairable S hits leave 2¾" (of 5½"); the upper
    /// log's two active S hits leave 3" (of 4").
    #[test]
    fn the_sample_logs_speeds_1_3_ship_log() {
        let mut lower = QfShip::new(spec(5.5));
        lower.speed_hits_unrepairable = 4;
        assert_eq!(lower.available_speed(), 2.75);
        let mut upper = QfShip::new(spec(4.0));
        upper.speed_hits = 2;
        assert_eq!(upper.available_speed(), 3.0);
        assert_eq!(distance(2.75), "2.75");
        assert_eq!(distance(3.0), "3");
    }

    #[test]
    fn outcomes_parse_and_print() {
        assert_eq!(Outcome::parse("n/e"), Ok(Outcome::NoEffect));
        assert_eq!(
            Outcome::parse("s+F"),
            Ok(Outcome::Codes(vec![Code::S, Code::F]))
        );
        assert_eq!(Outcome::parse("S+F").unwrap().to_string(), "S+F");
        assert!(Outcome::parse("X").is_err());
    }
}
