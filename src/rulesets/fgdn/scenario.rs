//! Scenario files (SPEC 6): parsed strictly from TOML text. Pure: the caller reads the file.
use crate::rulesets::fgdn::clock::{ClockOptions, Hhmm};
use crate::rulesets::fgdn::kinds::{Column, SizeClass};
use serde::Deserialize;
use std::fmt;

/// A problem in a scenario file: where, and what would be right.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

impl std::error::Error for ScenarioError {}

/// Ship armor (FG&DN 8.1.6, 8.1.7.2): belt and deck ratings, underwater protection DP per side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Armor {
    #[serde(default)]
    pub belt: u32,
    #[serde(default)]
    pub deck: u32,
    #[serde(default)]
    pub tds: u32,
}

/// The battery a mount belongs to (FG&DN 8.3, Annex A).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, serde::Serialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Battery {
    Main,
    Casemate,
    Secondary,
    Tertiary,
    Light,
    Aa,
    Torpedo,
}

impl Battery {
    pub fn name(self) -> &'static str {
        match self {
            Battery::Main => "main",
            Battery::Casemate => "casemate",
            Battery::Secondary => "secondary",
            Battery::Tertiary => "tertiary",
            Battery::Light => "light",
            Battery::Aa => "aa",
            Battery::Torpedo => "torpedo",
        }
    }
}

impl fmt::Display for Battery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One weapon mount (turret, casemate gun, light battery, AA battery, torpedo mount).
#[derive(Debug, Clone, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Mount {
    pub battery: Battery,
    pub name: String,
    /// Gun calibre in mm.
    pub caliber: Option<f64>,
    /// "port", "starboard" or "centre".
    pub side: Option<String>,
    /// HE damage of one gun at Short range (magazine and ready-ammunition explosions).
    pub he_short: Option<u32>,
    /// Torpedo mounts: weapons loaded, and the damage of one warhead.
    pub loads: Option<u32>,
    pub warhead: Option<u32>,
    /// Torpedo mounts: below the waterline (its explosion floods, 8.3).
    #[serde(default)]
    pub submerged: bool,
}

/// Searchlight platforms (FG&DN 8.3 Sensors).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Searchlights {
    #[serde(default)]
    pub forward: u32,
    #[serde(default)]
    pub aft: u32,
}

/// Wireless sets (FG&DN 8.3 Communications).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Wireless {
    #[serde(default)]
    pub main: bool,
    #[serde(default)]
    pub auxiliary: bool,
}

/// What a hold (or tank) carries (FG&DN 8.3 Cargo Damage Table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CargoContents {
    /// Ammunition, `amount` in tons.
    Ammo,
    /// Petroleum products, `amount` in tons; `product` is crude, refined or avgas.
    Petroleum,
    /// Troops, `amount` men.
    Troops,
    /// General supplies, `amount` in tons.
    GeneralSupplies,
    /// Vehicles, `amount` vehicles.
    Vehicles,
    /// Aircraft carried as cargo, `amount` aircraft.
    Aircraft,
}

impl CargoContents {
    pub fn name(self) -> &'static str {
        match self {
            CargoContents::Ammo => "ammo",
            CargoContents::Petroleum => "petroleum",
            CargoContents::Troops => "troops",
            CargoContents::GeneralSupplies => "general_supplies",
            CargoContents::Vehicles => "vehicles",
            CargoContents::Aircraft => "aircraft",
        }
    }
    /// The unit of `amount`.
    pub fn unit(self) -> &'static str {
        match self {
            CargoContents::Ammo | CargoContents::Petroleum | CargoContents::GeneralSupplies => {
                "tons"
            }
            CargoContents::Troops => "men",
            CargoContents::Vehicles => "vehicles",
            CargoContents::Aircraft => "aircraft",
        }
    }
}

/// One hold or tank of cargo (FG&DN 8.3 Cargo: "allocate cargo to a hold/tank").
#[derive(Debug, Clone, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Hold {
    pub hold: String,
    pub contents: CargoContents,
    /// Tons, men, vehicles or aircraft (see `CargoContents::unit`).
    pub amount: u32,
    /// Petroleum only: "crude", "refined" or "avgas".
    pub product: Option<String>,
}

/// Petroleum products the Cargo Damage Table names.
pub const PETROLEUM_PRODUCTS: &[&str] = &["crude", "refined", "avgas"];

/// Aircraft aboard an aviation ship, by where they are (FG&DN 8.3 Aircraft, Flight Deck).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct AircraftAboard {
    #[serde(default)]
    pub hangar: u32,
    /// Parked on the flight deck forward (hit by a forward flight-deck critical).
    #[serde(default)]
    pub forward: u32,
    /// Parked on the flight deck aft.
    #[serde(default)]
    pub aft: u32,
    /// Armed or fueled for launch, by place (FG&DN 8.3 Armed or Fueled Aircraft, optional).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub armed_hangar: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub armed_forward: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub armed_aft: bool,
    /// The damage points of the ordnance an armed aircraft carries (Annex H1): 2/3 of it if it
    /// explodes (8.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordnance_dp: Option<u32>,
}

/// Aircraft counted by place, without the optional rules' keys: the aircraft lost that a
/// carried block records (`umpire carry`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct AircraftCount {
    #[serde(default)]
    pub hangar: u32,
    #[serde(default)]
    pub forward: u32,
    #[serde(default)]
    pub aft: u32,
}

impl AircraftAboard {
    pub fn total(&self) -> u32 {
        self.hangar + self.forward + self.aft
    }
}

/// A ship as the scenario gives it.
#[derive(Debug, Clone, PartialEq)]
pub struct ShipSpec {
    pub id: String,
    pub name: String,
    pub side: String,
    /// Critical Hit Table column (the ship's type).
    pub column: Column,
    pub size: SizeClass,
    pub dp: u32,
    pub speed: u32,
    pub in_service: u32,
    pub rebuilt: Option<u32>,
    pub nation: Option<String>,
    pub armor: Armor,
    /// "Weapon†": an unarmed small cargo craft treats Weapon as Cargo.
    pub armed: bool,
    /// A fleet tug or similar: lends its whole Minor rating when assisting (FG&DN 8.2).
    pub tug: bool,
    /// Weapon mounts by battery (empty: not given; effects are then described, not tracked).
    pub mounts: Vec<Mount>,
    /// Fire-control directors per battery (FG&DN 8.3 Fire Control).
    pub directors: std::collections::BTreeMap<Battery, u32>,
    pub searchlights: Option<Searchlights>,
    pub wireless: Option<Wireless>,
    /// Crew factors (FG&DN 8.3 Personnel: six).
    pub crew_factors: u32,
    /// "oil", "diesel" or "gasoline" (FG&DN 8.3 Fuel Tank).
    pub fuel: Option<String>,
    /// Holds and tanks of cargo (FG&DN 8.3 Cargo); empty: none given.
    pub cargo: Vec<Hold>,
    /// Aircraft aboard (FG&DN 8.3 Aircraft, Flight Deck); None: not given.
    pub aircraft: Option<AircraftAboard>,
    /// Men aboard (her complement): survivors are counted from it and she holds as many
    /// (FG&DN 8.6); None: not given.
    pub crew: Option<u32>,
    /// `type = "submarine"`: her starting depth and deepest band (FG&DN 8.1.4); None for a
    /// surface ship.
    pub submarine: Option<crate::rulesets::fgdn::submarine::SubSpec>,
    /// `type = "airship"`: her gas, cells, engines and fuel (FG&DN 8.8); None for a ship.
    pub airship: Option<crate::rulesets::fgdn::airship::AirshipSpec>,
    /// `type = "flight"`: a flight of aircraft in the air (FG&DN 8.1, 8.7); None for a ship.
    pub flight: Option<crate::rulesets::fgdn::flight::FlightSpec>,
    /// 1-based line of the `[[ship]]` header, for messages.
    pub line: usize,
    /// State carried from an earlier battle (`[ship.carried]`, `umpire carry`).
    pub carried: Option<crate::rulesets::fgdn::carried::Carried>,
}

impl ShipSpec {
    /// The year that picks severity dice and level shifts: the rebuild year if rebuilt (8.2).
    pub fn service_year(&self) -> u32 {
        self.rebuilt.unwrap_or(self.in_service)
    }

    /// The ship's type as the scenario names it: "submarine", else her column's name.
    pub fn type_name(&self) -> String {
        if self.flight.is_some() {
            crate::rulesets::fgdn::flight::FLIGHT.to_string()
        } else if self.airship.is_some() {
            crate::rulesets::fgdn::airship::AIRSHIP.to_string()
        } else if self.submarine.is_some() {
            SUBMARINE.to_string()
        } else {
            self.column.to_string()
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    pub name: String,
    pub ruleset: String,
    /// Absolute start minute (day 1).
    pub start: u32,
    pub date: Option<String>,
    pub seed: u64,
    pub sea_state: Option<u32>,
    pub clock: ClockOptions,
    pub rules: RuleOptions,
    pub ships: Vec<ShipSpec>,
    /// The battles this scenario was carried from, oldest first (`umpire carry`).
    pub carried_from: Vec<crate::rulesets::fgdn::carried::Origin>,
}

/// Optional rules and readings switched in the scenario `[options]` (SPEC 3.7); all off by
/// default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, Deserialize)]
pub struct RuleOptions {
    /// FG&DN 8.2 National Effectiveness: German and Russian crews -1 on the reduction D10.
    pub national_damage_control: bool,
    /// FG&DN 8.3 (optional): main magazine detonation modifiers by nation and date.
    pub magazine_modifiers: bool,
    /// FG&DN 8.3 (optional): +1 to the casemate ready-ammunition roll for France, Great
    /// Britain, Italy and Japan (picric acid).
    pub casemate_picric: bool,
    /// FG&DN 8.5 (optional): equipment serviceability rolls (`serviceability`) and breakdown
    /// repairs after the battle.
    pub equipment_serviceability: bool,
    /// FG&DN 8.1.6.1 (optional): British APC shells (`hit ... shell british_apc`) do x0.6 at Long
    /// or Extreme range when the belt is at least a third of the shell's diameter (cm).
    pub faulty_british_apc: bool,
    /// FG&DN 8.1.6.1 (optional): all gunfire damage x0.85.
    pub faulty_shells_all: bool,
    /// FG&DN 8.6 (optional): survivors of lost ships, picked up with `rescue`.
    #[serde(default)]
    pub search_and_rescue: bool,
    /// FG&DN 8.1.6 reading: a strafing hit that does not penetrate the deck does no damage
    /// (default: half, like any hit that does not penetrate).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub strafing_must_penetrate: bool,
    /// FG&DN 8.3 Armed or Fueled Aircraft (optional): a hit aircraft armed or fueled for launch
    /// burns at D6+2 and its ordnance may explode.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub armed_fueled_aircraft: bool,
    /// FG&DN 8.3 Closely Parked Aircraft (optional): an aircraft that explodes or burns may hit
    /// up to four parked beside it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub closely_parked_aircraft: bool,
    /// FG&DN 8.7 Aircraft Damage Resolution (optional): an aircraft hit in flight rolls its
    /// damage at once; 8.4's half of the destroyed aircraft only damaged, repaired after the
    /// battle.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub aircraft_damage_resolution: bool,
    /// The scenario date's year and month (from `date`), for date-dependent rules.
    pub year: Option<u32>,
    pub month: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    scenario: RawScenario,
    #[serde(default)]
    options: RawOptions,
    #[serde(default)]
    ship: Vec<toml::Spanned<RawShip>>,
    /// Ship classes (SPEC 9): the scenario's own and those embedded from class files.
    #[serde(default)]
    class: Vec<toml::Spanned<RawShip>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    name: String,
    ruleset: String,
    start: String,
    date: Option<String>,
    seed: Option<u64>,
    sea_state: Option<u32>,
    description: Option<String>,
    carried_from: Option<Vec<crate::rulesets::fgdn::carried::Origin>>,
    /// The sides of the battle: declared, a ship's side outside them is an error (SPEC 10).
    sides: Option<Vec<String>>,
    /// Class files, relative to the scenario (SPEC 9): the face reads them and embeds the
    /// classes used (`core::classes`); the parser sees the key only in a text not resolved.
    classes: Option<Vec<String>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawOptions {
    fire_flood_delay_turns: Option<u32>,
    intermediate_interval: Option<u32>,
    mark_anchor: Option<String>,
    national_damage_control: Option<bool>,
    magazine_modifiers: Option<bool>,
    casemate_picric: Option<bool>,
    equipment_serviceability: Option<bool>,
    faulty_british_apc: Option<bool>,
    faulty_shells_all: Option<bool>,
    search_and_rescue: Option<bool>,
    strafing_must_penetrate: Option<bool>,
    armed_fueled_aircraft: Option<bool>,
    closely_parked_aircraft: Option<bool>,
    aircraft_damage_resolution: Option<bool>,
}

/// A `[[ship]]` or a `[[class]]` as written. A ship's figures may come from its class, so every
/// figure is optional here; what a ship or a class must give is checked after the merge.
#[derive(Deserialize, Clone, Default)]
#[serde(deny_unknown_fields)]
struct RawShip {
    id: String,
    name: String,
    side: Option<String>,
    /// A ship's class (SPEC 9): every figure the ship does not give is the class's.
    class: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    size: Option<String>,
    dp: Option<u32>,
    speed: Option<u32>,
    in_service: Option<u32>,
    rebuilt: Option<u32>,
    nation: Option<String>,
    /// `armour` is the British spelling the dashboard shows (SPEC 10).
    #[serde(alias = "armour")]
    armor: Option<Armor>,
    armed: Option<bool>,
    tug: Option<bool>,
    mounts: Option<Vec<Mount>>,
    directors: Option<std::collections::BTreeMap<Battery, u32>>,
    searchlights: Option<Searchlights>,
    wireless: Option<Wireless>,
    crew_factors: Option<u32>,
    fuel: Option<String>,
    carried: Option<crate::rulesets::fgdn::carried::Carried>,
    cargo: Option<Vec<Hold>>,
    aircraft: Option<AircraftAboard>,
    /// A submarine's depth at the start and her deepest band (FG&DN 8.1.4, 8.3).
    depth: Option<String>,
    max_depth: Option<String>,
    /// Men aboard (FG&DN 8.6 search and rescue).
    crew: Option<u32>,
    /// `type = "airship"`: gas, gas cells, engines, fuel (FG&DN 8.8).
    airship: Option<crate::rulesets::fgdn::airship::AirshipSpec>,
    /// `type = "flight"`: aircraft in the air (FG&DN 8.1, 8.7).
    flight: Option<crate::rulesets::fgdn::flight::FlightSpec>,
}

/// The figures a ship (or a class) must give: the first one missing is reported as TOML would.
const REQUIRED: &[&str] = &["size", "dp", "speed", "in_service"];

impl RawShip {
    /// Whether the figure `key` is given here.
    fn has(&self, key: &str) -> bool {
        match key {
            "side" => self.side.is_some(),
            "type" => self.kind.is_some(),
            "size" => self.size.is_some(),
            "dp" => self.dp.is_some(),
            "speed" => self.speed.is_some(),
            "in_service" => self.in_service.is_some(),
            "rebuilt" => self.rebuilt.is_some(),
            "nation" => self.nation.is_some(),
            "armor" => self.armor.is_some(),
            "armed" => self.armed.is_some(),
            "tug" => self.tug.is_some(),
            "mounts" => self.mounts.is_some(),
            "directors" => self.directors.is_some(),
            "searchlights" => self.searchlights.is_some(),
            "wireless" => self.wireless.is_some(),
            "crew_factors" => self.crew_factors.is_some(),
            "fuel" => self.fuel.is_some(),
            "cargo" => self.cargo.is_some(),
            "aircraft" => self.aircraft.is_some(),
            "depth" => self.depth.is_some(),
            "max_depth" => self.max_depth.is_some(),
            "crew" => self.crew.is_some(),
            "airship" => self.airship.is_some(),
            "flight" => self.flight.is_some(),
            _ => false,
        }
    }

    /// The ship with every figure it does not give taken from `class` (SPEC 9): a key the ship
    /// gives replaces the class's value whole.
    fn over(&self, class: &RawShip) -> RawShip {
        let c = class.clone();
        RawShip {
            id: self.id.clone(),
            name: self.name.clone(),
            side: self.side.clone(),
            class: self.class.clone(),
            kind: self.kind.clone().or(c.kind),
            size: self.size.clone().or(c.size),
            dp: self.dp.or(c.dp),
            speed: self.speed.or(c.speed),
            in_service: self.in_service.or(c.in_service),
            rebuilt: self.rebuilt.or(c.rebuilt),
            nation: self.nation.clone().or(c.nation),
            armor: self.armor.or(c.armor),
            armed: self.armed.or(c.armed),
            tug: self.tug.or(c.tug),
            mounts: self.mounts.clone().or(c.mounts),
            directors: self.directors.clone().or(c.directors),
            searchlights: self.searchlights.or(c.searchlights),
            wireless: self.wireless.or(c.wireless),
            crew_factors: self.crew_factors.or(c.crew_factors),
            fuel: self.fuel.clone().or(c.fuel),
            carried: self.carried.clone(),
            cargo: self.cargo.clone().or(c.cargo),
            aircraft: self.aircraft.or(c.aircraft),
            depth: self.depth.clone().or(c.depth),
            max_depth: self.max_depth.clone().or(c.max_depth),
            crew: self.crew.or(c.crew),
            airship: self.airship.or(c.airship),
            flight: self.flight.clone().or_else(|| c.flight.clone()),
        }
    }
}

/// Ship types accepted in `type` and the Critical Hit Table column each uses (8.1.2).
pub const SHIP_TYPES: &[(&str, Column)] = &[
    ("major", Column::Major),
    ("minor", Column::Minor),
    ("aviation", Column::Aviation),
    ("merchant", Column::Merchant),
    ("small", Column::Small),
    ("small_cargo", Column::SmallCargo),
];

/// `type = "submarine"` (FG&DN 8.1.4): surfaced she uses the Minor column.
pub const SUBMARINE: &str = "submarine";

/// Default type by size (SPEC 3.3): A-B major, C-D minor, E-G small combatant.
pub fn default_column(size: SizeClass) -> Column {
    match size {
        SizeClass::A | SizeClass::B => Column::Major,
        SizeClass::C | SizeClass::D => Column::Minor,
        _ => Column::Small,
    }
}

/// Where each line of the scenario text starts, computed once: a line number from a byte offset
/// is a binary search, and the lines after a table header are read from there, not counted from
/// the top of the file for every ship (which made a 16,000-ship scenario take seconds).
struct LineIndex<'a> {
    text: &'a str,
    /// Byte offset of the start of each line (the first is 0).
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    fn new(text: &'a str) -> Self {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex { text, starts }
    }

    /// 1-based line of the byte at `offset` (the number of line starts at or before it).
    fn line_of(&self, offset: usize) -> usize {
        let offset = offset.min(self.text.len());
        self.starts.partition_point(|&s| s <= offset)
    }

    /// The lines after line `line` (1-based), each with its 0-based index: the same as
    /// `text.lines().enumerate().skip(line)`, without walking the lines before it.
    fn after(&self, line: usize) -> impl Iterator<Item = (usize, &'a str)> + 'a {
        let from = self.starts.get(line).copied().unwrap_or(self.text.len());
        self.text[from..]
            .lines()
            .enumerate()
            .map(move |(k, l)| (line + k, l))
    }
}

/// The line of `key = ...` inside the table that starts at `header` (1-based), or the header.
fn key_line(lines: &LineIndex<'_>, header: usize, key: &str) -> usize {
    for (i, l) in lines.after(header) {
        let t = l.trim_start();
        // A key written as its own table under the block (`[ship.carried.airship]`).
        if t.trim_end() == format!("[ship.carried.{key}]") {
            return i + 1;
        }
        if t.starts_with('[') {
            break;
        }
        if let Some(rest) = t.strip_prefix(key) {
            if rest.trim_start().starts_with('=') {
                return i + 1;
            }
        }
    }
    header
}

/// A submarine's `depth` and `max_depth` (FG&DN 8.1.4, 8.3): only with `type = "submarine"`.
fn submarine_spec(
    r: &RawShip,
    is_sub: bool,
    bad: &mut dyn FnMut(&str, String),
) -> Option<crate::rulesets::fgdn::submarine::SubSpec> {
    use crate::rulesets::fgdn::submarine::{DepthBand, SubSpec};
    let mut read = |key: &str, v: &Option<String>| -> Option<DepthBand> {
        let v = v.as_ref()?;
        if !is_sub {
            bad(key, "is for type = \"submarine\" only (8.1.4)".into());
            return None;
        }
        v.parse::<DepthBand>().map_err(|e| bad(key, e)).ok()
    };
    let depth = read("depth", &r.depth);
    let max_depth = read("max_depth", &r.max_depth);
    if !is_sub {
        return None;
    }
    let depth = depth.unwrap_or(DepthBand::Surfaced);
    if let Some(m) = max_depth {
        if depth > m {
            bad(
                "depth",
                format!("{} is below max_depth {}", depth.name(), m.name()),
            );
        }
    }
    Some(SubSpec { depth, max_depth })
}

/// Parses and validates a scenario (or a save: the log below the scenario is TOML comments).
pub fn parse_scenario(file: &str, text: &str) -> Result<Scenario, Vec<ScenarioError>> {
    let at = |line: usize, message: String| ScenarioError {
        file: file.to_string(),
        line,
        message,
    };
    let lines = LineIndex::new(text);
    let raw: RawFile = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|s| lines.line_of(s.start)).unwrap_or(1);
        let here = text.lines().nth(line.saturating_sub(1)).unwrap_or("");
        vec![at(line, explain_toml(e.message().trim(), here))]
    })?;
    // A figure missing from a ship without a class (or a ship without a side) is reported as
    // TOML reports a missing field: alone, at the ship's header.
    for spanned in &raw.ship {
        let r = spanned.get_ref();
        let required: &[&str] = if r.class.is_some() { &[] } else { REQUIRED };
        // An airship has no damage points: her hits are criticals (8.8).
        let airship = matches!(
            r.kind.as_deref(),
            Some(crate::rulesets::fgdn::airship::AIRSHIP | crate::rulesets::fgdn::flight::FLIGHT)
        );
        if let Some(key) = std::iter::once(&"side")
            .chain(required)
            .filter(|k| !(airship && **k == "dp"))
            .find(|k| !r.has(k))
        {
            let line = lines.line_of(spanned.span().start);
            return Err(vec![at(line, format!("missing field `{key}`"))]);
        }
    }
    let mut errors = Vec::new();
    let find_line = |needle: &str| {
        text.lines()
            .position(|l| l.trim_start().starts_with(needle))
            .map(|i| i + 1)
            .unwrap_or(1)
    };
    let s = &raw.scenario;
    let _ = (&s.description, &s.classes);
    if s.ruleset != "fgdn-1.1" {
        errors.push(at(
            find_line("ruleset"),
            format!(
                "key \"ruleset\": unknown ruleset \"{}\" (expected \"fgdn-1.1\")",
                s.ruleset
            ),
        ));
    }
    let start = match s.start.parse::<Hhmm>() {
        Ok(h) => h.0,
        Err(e) => {
            errors.push(at(find_line("start"), format!("key \"start\": {e}")));
            12 * 60
        }
    };
    if let Some(ss) = s.sea_state {
        if ss > 9 {
            errors.push(at(
                find_line("sea_state"),
                format!("key \"sea_state\": {ss} is not a sea state (0-9)"),
            ));
        }
    }
    let o = &raw.options;
    let interval = o.intermediate_interval.unwrap_or(30);
    if interval == 0 || !interval.is_multiple_of(3) || interval > 24 * 60 {
        errors.push(at(
            find_line("intermediate_interval"),
            format!("key \"intermediate_interval\": {interval} minutes must be a multiple of 3 between 3 and 1440"),
        ));
    }
    let delay_turns = o.fire_flood_delay_turns.unwrap_or(3);
    if !(1..=20).contains(&delay_turns) {
        errors.push(at(
            find_line("fire_flood_delay_turns"),
            format!("key \"fire_flood_delay_turns\": {delay_turns} must be 1-20 (the rules say 3)"),
        ));
    }
    let anchor = match &o.mark_anchor {
        None => start,
        Some(a) => match a.parse::<Hhmm>() {
            Ok(h) if h.0 <= start && (start - h.0).is_multiple_of(3) => h.0,
            Ok(h) => {
                errors.push(at(
                    find_line("mark_anchor"),
                    format!("key \"mark_anchor\": {h} must be at or before the start {} and a whole number of turns before it", Hhmm(start)),
                ));
                start
            }
            Err(e) => {
                errors.push(at(
                    find_line("mark_anchor"),
                    format!("key \"mark_anchor\": {e}"),
                ));
                start
            }
        },
    };
    let ym = s.date.as_deref().and_then(|d| {
        let mut it = d.split('-');
        let y = it.next()?.parse::<u32>().ok()?;
        let m = it.next()?.parse::<u32>().ok()?;
        (1..=12).contains(&m).then_some((y, m))
    });
    let classes = check_classes(&raw.class, &lines, &at, &mut errors);
    let mut ships: Vec<ShipSpec> = Vec::new();
    for spanned in &raw.ship {
        let line = lines.line_of(spanned.span().start);
        let own = spanned.get_ref();
        let before = errors.len();
        let class = match &own.class {
            None => None,
            Some(cid) => match classes.iter().find(|c| c.raw.id == *cid) {
                // The class's own problems are reported at the class.
                Some(c) if !c.good => continue,
                Some(c) => Some(c),
                None => {
                    let known: Vec<&str> = classes.iter().map(|c| c.raw.id.as_str()).collect();
                    errors.push(at(
                        key_line(&lines, line, "class"),
                        format!(
                            "ship \"{}\": key \"class\": no class \"{cid}\" in this scenario, its class files or the class library ({})",
                            own.id,
                            if known.is_empty() {
                                "no classes given".to_string()
                            } else {
                                format!("classes: {}", known.join(", "))
                            }
                        ),
                    ));
                    continue;
                }
            },
        };
        let merged = match class {
            Some(c) => own.over(c.raw),
            None => own.clone(),
        };
        let r = &merged;
        let side = r.side.clone().unwrap_or_default();
        let mut bad = |key: &str, m: String| {
            // A figure the ship takes from its class is reported at the class's line.
            let l = match class {
                Some(c) if !own.has(key) && c.raw.has(key) => key_line(&lines, c.line, key),
                _ => key_line(&lines, line, key),
            };
            errors.push(at(l, format!("ship \"{}\": key \"{key}\": {m}", r.id)))
        };
        if let Some(sides) = &s.sides {
            if !sides.contains(&side) {
                bad(
                    "side",
                    format!(
                        "\"{}\" is not one of the declared sides ({}: [scenario] sides)",
                        side,
                        sides.join(", ")
                    ),
                );
            }
        }
        let id = r.id.to_ascii_lowercase();
        if !good_id(&id) {
            bad("id", "use letters, digits, - and _ (e.g. \"tiger\")".into());
        }
        if id == "clock" {
            bad("id", "\"clock\" is reserved by the expect command".into());
        }
        if ships.iter().any(|o| o.id == id) {
            bad("id", format!("\"{id}\" is used by another ship"));
        }
        let (size, column, submarine) = check_figures(r, &mut bad);
        if errors.len() == before {
            let spec = ShipSpec {
                id,
                name: r.name.clone(),
                side,
                column,
                size,
                dp: r.dp.unwrap_or(1),
                speed: r.speed.unwrap_or(0),
                in_service: r.in_service.unwrap_or(1850),
                rebuilt: r.rebuilt,
                nation: r.nation.clone(),
                armor: r.armor.unwrap_or_default(),
                armed: r.armed.unwrap_or(true),
                tug: r.tug.unwrap_or(false),
                mounts: r.mounts.clone().unwrap_or_default(),
                directors: r.directors.clone().unwrap_or_default(),
                searchlights: r.searchlights,
                wireless: r.wireless,
                crew_factors: r.crew_factors.unwrap_or(6),
                fuel: r.fuel.clone(),
                cargo: r.cargo.clone().unwrap_or_default(),
                aircraft: r.aircraft,
                submarine,
                airship: r.airship,
                flight: r.flight.clone().map(|mut f| {
                    f.carrier = f.carrier.map(|c| c.to_ascii_lowercase());
                    f
                }),
                crew: r.crew,
                line,
                carried: r.carried.clone(),
            };
            if let Some(c) = &r.carried {
                let cl = carried_line(&lines, line);
                for (key, m) in crate::rulesets::fgdn::carried::validate(c, &spec) {
                    let sub = key.trim_start_matches("carried.");
                    let l = key_line(&lines, cl, sub);
                    errors.push(at(l, format!("ship \"{}\": key \"{key}\": {m}", r.id)));
                }
            }
            if errors.len() == before {
                ships.push(spec);
            }
        }
    }
    // A flight's carrier (8.5): an aviation ship of the scenario; land-based aircraft have none.
    for f in &ships {
        let Some(carrier) = f.flight.as_ref().and_then(|x| x.carrier.as_deref()) else {
            continue;
        };
        let problem = match ships.iter().find(|o| o.id == carrier.to_ascii_lowercase()) {
            _ if f.flight.as_ref().is_some_and(|x| x.land_based) => Some(
                "a flight with a carrier is not land-based: give carrier or land_based = true, not both (8.5)".to_string(),
            ),
            None => {
                let aviation: Vec<&str> = ships
                    .iter()
                    .filter(|o| o.column == Column::Aviation || o.aircraft.is_some())
                    .map(|o| o.id.as_str())
                    .collect();
                Some(format!(
                    "carrier \"{carrier}\" is not a ship of the scenario ({})",
                    if aviation.is_empty() {
                        "it has no aviation ship".to_string()
                    } else {
                        format!("aviation ships: {}", aviation.join(", "))
                    }
                ))
            }
            Some(o) if o.column != Column::Aviation && o.aircraft.is_none() => Some(format!(
                "carrier \"{carrier}\" ({}) is not an aviation ship (type = \"aviation\" or `aircraft` aboard)",
                o.name
            )),
            Some(_) => None,
        };
        if let Some(m) = problem {
            errors.push(at(
                key_line(&lines, f.line, "flight"),
                format!("ship \"{}\": key \"flight\": {m}", f.id),
            ));
        }
    }
    for m in
        crate::rulesets::fgdn::carried::validate_origins(s.carried_from.as_deref().unwrap_or(&[]))
    {
        errors.push(at(
            find_line("carried_from"),
            format!("key \"carried_from\": {m}"),
        ));
    }
    if raw.ship.is_empty() {
        errors.push(at(1, "no ships: add at least one [[ship]] table".into()));
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Scenario {
        name: s.name.clone(),
        ruleset: s.ruleset.clone(),
        start,
        date: s.date.clone(),
        seed: s.seed.unwrap_or(1),
        sea_state: s.sea_state,
        clock: ClockOptions {
            interval,
            delay_turns,
            anchor,
        },
        rules: RuleOptions {
            national_damage_control: o.national_damage_control.unwrap_or(false),
            magazine_modifiers: o.magazine_modifiers.unwrap_or(false),
            casemate_picric: o.casemate_picric.unwrap_or(false),
            equipment_serviceability: o.equipment_serviceability.unwrap_or(false),
            faulty_british_apc: o.faulty_british_apc.unwrap_or(false),
            faulty_shells_all: o.faulty_shells_all.unwrap_or(false),
            search_and_rescue: o.search_and_rescue.unwrap_or(false),
            strafing_must_penetrate: o.strafing_must_penetrate.unwrap_or(false),
            armed_fueled_aircraft: o.armed_fueled_aircraft.unwrap_or(false),
            closely_parked_aircraft: o.closely_parked_aircraft.unwrap_or(false),
            aircraft_damage_resolution: o.aircraft_damage_resolution.unwrap_or(false),
            year: ym.map(|d| d.0),
            month: ym.map(|d| d.1),
        },
        ships,
        carried_from: s.carried_from.clone().unwrap_or_default(),
    })
}

/// A class of a class file, as `umpire check`, the builder and the roster import list it.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassInfo {
    pub id: String,
    /// The class's name as written (e.g. "Tiger (battlecruiser)").
    pub name: String,
    pub size: String,
    pub dp: u32,
    pub speed: u32,
    /// 1-based line of its `[[class]]` header.
    pub line: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawClassFile {
    /// Optional: the ruleset the classes are for; must be this one.
    ruleset: Option<String>,
    #[serde(default)]
    class: Vec<toml::Spanned<RawShip>>,
}

/// Parses and checks a class file (SPEC 9): `[[class]]` blocks only (and an optional
/// `ruleset = "fgdn-1.1"` before them), each as strictly as a ship; every problem names the
/// file, line and key. Pure: the caller reads the file.
pub fn parse_class_file(file: &str, text: &str) -> Result<Vec<ClassInfo>, Vec<ScenarioError>> {
    let at = |line: usize, message: String| ScenarioError {
        file: file.to_string(),
        line,
        message,
    };
    let lines = LineIndex::new(text);
    let raw: RawClassFile = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|s| lines.line_of(s.start)).unwrap_or(1);
        let here = text.lines().nth(line.saturating_sub(1)).unwrap_or("");
        let m = explain_toml(e.message().trim(), here);
        let m = if m.contains("unknown field") {
            format!("{m}: a class file holds only [[class]] tables (and `ruleset = \"fgdn-1.1\"`)")
        } else {
            m
        };
        vec![at(line, m)]
    })?;
    let mut errors = Vec::new();
    if let Some(r) = raw.ruleset.as_deref().filter(|r| *r != "fgdn-1.1") {
        errors.push(at(
            key_line(&lines, 0, "ruleset"),
            format!(
                "key \"ruleset\": these classes are for \"{r}\"; this file is read as fgdn-1.1"
            ),
        ));
    }
    let checked = check_classes(&raw.class, &lines, &at, &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(checked
        .iter()
        .map(|c| ClassInfo {
            id: c.raw.id.clone(),
            name: c.raw.name.clone(),
            size: c.raw.size.clone().unwrap_or_default(),
            dp: c.raw.dp.unwrap_or(0),
            speed: c.raw.speed.unwrap_or(0),
            line: c.line,
        })
        .collect())
}

/// A class as checked: the block, its header line, and whether it has no problems.
struct CheckedClass<'a> {
    raw: &'a RawShip,
    line: usize,
    good: bool,
}

/// Whether `id` (lower-cased) is a good ship or class id: letters, digits, `-` and `_`.
fn good_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Every `[[class]]` checked on its own, as strictly as a ship (SPEC 9): the figures a ship
/// needs are all given, each is in range, and nothing a ship alone has (side, carried state).
fn check_classes<'a>(
    raw: &'a [toml::Spanned<RawShip>],
    lines: &LineIndex<'_>,
    at: &dyn Fn(usize, String) -> ScenarioError,
    errors: &mut Vec<ScenarioError>,
) -> Vec<CheckedClass<'a>> {
    let mut out: Vec<CheckedClass<'a>> = Vec::new();
    for spanned in raw {
        let line = lines.line_of(spanned.span().start);
        let c = spanned.get_ref();
        let before = errors.len();
        let mut bad = |key: &str, m: String| {
            let l = key_line(lines, line, key);
            errors.push(at(l, format!("class \"{}\": key \"{key}\": {m}", c.id)))
        };
        for (key, given) in [
            ("side", c.side.is_some()),
            ("class", c.class.is_some()),
            ("carried", c.carried.is_some()),
        ] {
            if given {
                bad(
                    key,
                    format!("a class has no {key}: give it in each [[ship]] of the class"),
                );
            }
        }
        if !good_id(&c.id) {
            bad("id", "use letters, digits, - and _ (e.g. \"tiger\")".into());
        }
        if out.iter().any(|o| o.raw.id == c.id) {
            bad("id", format!("\"{}\" is used by another class", c.id));
        }
        match REQUIRED.iter().find(|k| !c.has(k)) {
            Some(key) => errors.push(at(
                line,
                format!(
                    "class \"{}\": missing field `{key}` (a class gives every figure a ship must have: {})",
                    c.id,
                    REQUIRED.join(", ")
                ),
            )),
            None => {
                check_figures(c, &mut bad);
            }
        }
        out.push(CheckedClass {
            raw: c,
            line,
            good: errors.len() == before,
        });
    }
    out
}

/// The checks on a ship's (or a class's) figures, each problem through `bad(key, message)`;
/// the size class and Critical Hit Table column, read (or a stand-in when bad).
fn check_figures(
    r: &RawShip,
    bad: &mut dyn FnMut(&str, String),
) -> (
    SizeClass,
    Column,
    Option<crate::rulesets::fgdn::submarine::SubSpec>,
) {
    let size = r
        .size
        .as_deref()
        .unwrap_or("")
        .parse::<SizeClass>()
        .unwrap_or_else(|e| {
            bad("size", e.to_string());
            SizeClass::A
        });
    let is_sub = r.kind.as_deref() == Some(SUBMARINE);
    let column = match &r.kind {
        None => default_column(size),
        Some(k) if k == SUBMARINE => Column::Minor,
        // An airship's hits are her own criticals (8.8): the column is never read.
        Some(k) if k == crate::rulesets::fgdn::airship::AIRSHIP => Column::Minor,
        Some(k) if k == crate::rulesets::fgdn::flight::FLIGHT => Column::Minor,
        Some(k) => match SHIP_TYPES.iter().find(|(n, _)| n == k) {
            Some((_, c)) => *c,
            None => {
                bad(
                    "type",
                    format!(
                        "unknown type \"{k}\" (expected one of: {})",
                        SHIP_TYPES
                            .iter()
                            .map(|(n, _)| *n)
                            .chain([
                                SUBMARINE,
                                crate::rulesets::fgdn::airship::AIRSHIP,
                                crate::rulesets::fgdn::flight::FLIGHT,
                            ])
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
                Column::Major
            }
        },
    };
    let submarine = submarine_spec(r, is_sub, &mut *bad);
    let is_airship = r.kind.as_deref() == Some(crate::rulesets::fgdn::airship::AIRSHIP);
    match (&r.airship, is_airship) {
        (Some(a), true) => {
            for (key, m) in a.problems() {
                bad(key, m);
            }
        }
        (None, true) => bad(
            "airship",
            "type = \"airship\" needs airship = { gas = \"hydrogen\"|\"helium\", gas_cells = N } (8.8)".into(),
        ),
        (Some(_), false) => bad("airship", "is for type = \"airship\" only (8.8)".into()),
        (None, false) => {}
    }
    let is_flight = r.kind.as_deref() == Some(crate::rulesets::fgdn::flight::FLIGHT);
    match (&r.flight, is_flight) {
        (Some(f), true) if f.aircraft == 0 || f.aircraft > 100 => bad(
            "flight",
            format!("aircraft {} must be 1-100 (8.7)", f.aircraft),
        ),
        (Some(f), true) if f.crew.is_some_and(|c| c == 0 || c > 100) => bad(
            "flight",
            format!(
                "crew {} must be 1-100 men per aircraft (8.6)",
                f.crew.unwrap_or(0)
            ),
        ),
        (Some(_), true) | (None, false) => {}
        (None, true) => bad(
            "flight",
            "type = \"flight\" needs flight = { aircraft = N } (8.1, 8.7)".into(),
        ),
        (Some(_), false) => bad("flight", "is for type = \"flight\" only (8.7)".into()),
    }
    let dp = r.dp.unwrap_or(1);
    if dp == 0 || dp > 100_000 {
        bad("dp", format!("{dp} must be 1-100000"));
    }
    let speed = r.speed.unwrap_or(0);
    // Aircraft and airships fly faster than any ship.
    let air = matches!(
        r.kind.as_deref(),
        Some(crate::rulesets::fgdn::airship::AIRSHIP | crate::rulesets::fgdn::flight::FLIGHT)
    );
    if air && speed > 400 {
        bad(
            "speed",
            format!("{speed} knots is not an aircraft's speed (0-400)"),
        );
    } else if speed > 80 && !air {
        bad(
            "speed",
            format!("{speed} knots is not a ship's speed (0-80)"),
        );
    }
    for (key, y) in [("in_service", r.in_service), ("rebuilt", r.rebuilt)] {
        if let Some(y) = y {
            if !(1850..=2100).contains(&y) {
                bad(key, format!("{y} is not a year (1850-2100)"));
            }
        }
    }
    let armor = r.armor.unwrap_or_default();
    if armor.belt > 200 || armor.deck > 200 || armor.tds > 100_000 {
        bad(
            "armor",
            "ratings out of range (belt and deck 0-200, tds 0-100000)".into(),
        );
    }
    for m in r.mounts.iter().flatten() {
        if let Some(side) = &m.side {
            if !["port", "starboard", "centre"].contains(&side.as_str()) {
                bad(
                    "mounts",
                    format!(
                        "mount \"{}\": side \"{side}\" (expected port, starboard or centre)",
                        m.name
                    ),
                );
            }
        }
    }
    // SPEC 3.8: every rule that reads the nation reads it through one table of names; a
    // name none of them knows is refused, never read as "all other navies".
    if let Some(n) = &r.nation {
        if crate::rulesets::fgdn::nation::Navy::parse(n).is_none() {
            bad("nation", crate::rulesets::fgdn::nation::unknown_nation(n));
        }
    }
    if let Some(f) = &r.fuel {
        if !["oil", "diesel", "gasoline"].contains(&f.as_str()) {
            bad(
                "fuel",
                format!("\"{f}\" (expected oil, diesel or gasoline)"),
            );
        }
    }
    if r.crew.is_some_and(|c| c == 0 || c > 10_000) {
        bad("crew", "must be 1-10000 men (8.6)".into());
    }
    if r.crew_factors.is_some_and(|c| c == 0 || c > 6) {
        bad("crew_factors", "must be 1-6 (8.3)".into());
    }
    for h in r.cargo.iter().flatten() {
        let petroleum = h.contents == CargoContents::Petroleum;
        match (&h.product, petroleum) {
            (Some(p), true) if !PETROLEUM_PRODUCTS.contains(&p.as_str()) => bad(
                "cargo",
                format!(
                    "hold \"{}\": product \"{p}\" (expected {})",
                    h.hold,
                    PETROLEUM_PRODUCTS.join(", ")
                ),
            ),
            (None, true) => bad(
                "cargo",
                format!(
                    "hold \"{}\": petroleum needs product = {} (8.3)",
                    h.hold,
                    PETROLEUM_PRODUCTS.join("|")
                ),
            ),
            (Some(_), false) => bad(
                "cargo",
                format!(
                    "hold \"{}\": product is for petroleum only (contents = \"{}\")",
                    h.hold,
                    h.contents.name()
                ),
            ),
            _ => {}
        }
    }
    (size, column, submarine)
}

/// SPEC 10: a side spelled two ways. A side that only one ship has and whose name is close to
/// another side's (`Germany` beside `German`) is most likely a typo: a warning for `check`,
/// naming the sides. Declaring `[scenario] sides = [...]` turns any stray side into an error.
pub fn side_warnings(scenario: &Scenario) -> Vec<String> {
    let mut sides: Vec<(&str, usize)> = Vec::new();
    for ship in &scenario.ships {
        match sides.iter_mut().find(|(s, _)| *s == ship.side) {
            Some((_, n)) => *n += 1,
            None => sides.push((&ship.side, 1)),
        }
    }
    let names: Vec<&str> = sides.iter().map(|(s, _)| *s).collect();
    let mut out = Vec::new();
    for (side, n) in &sides {
        let others: Vec<&str> = names.iter().copied().filter(|o| o != side).collect();
        if *n != 1 {
            continue;
        }
        if let Some(close) = crate::rulesets::fgdn::command::suggest(side, &others) {
            let ship = scenario
                .ships
                .iter()
                .find(|s| s.side == *side)
                .map(|s| s.id.as_str())
                .unwrap_or("");
            out.push(format!(
                "ship \"{ship}\": side \"{side}\" has only this ship: did you mean \"{close}\"? (sides: {}; `[scenario] sides = [...]` makes a stray side an error)",
                names.join(", ")
            ));
        }
    }
    out
}

/// A TOML error in the words of the scenario format (SPEC 10, "a TOML error says what was
/// meant"): serde's "expected u32" becomes "a whole number without quotes", a `[ship]` table
/// where a list of ships is needed says to write `[[ship]]`.
fn explain_toml(message: &str, line: &str) -> String {
    let t = line.trim_start();
    if t.starts_with("[ship]") && message.contains("expected a sequence") {
        return format!(
            "{message}: write [[ship]] (two brackets) for each ship; [ship] is a single table"
        );
    }
    if message.contains("duplicate key") && t.starts_with("[ship") && !t.starts_with("[[") {
        return format!("{message}: write [[ship]] (two brackets) for each ship");
    }
    for (ty, what) in [
        ("u32", "a whole number"),
        ("u64", "a whole number"),
        ("f64", "a number"),
        ("bool", "true or false"),
    ] {
        if message.contains(&format!("expected {ty}")) {
            let quoted = message.contains("invalid type: string");
            return format!(
                "{message}: the value must be {what}{}",
                if quoted { " without quotes" } else { "" }
            );
        }
    }
    message.to_string()
}

/// The line of a ship's `[ship.carried]` header (or its `carried = ...` key) after the ship's
/// header line, or the ship's line.
fn carried_line(lines: &LineIndex<'_>, ship_line: usize) -> usize {
    for (i, l) in lines.after(ship_line) {
        let t = l.trim_start();
        if t.starts_with("[[ship]]") {
            break;
        }
        let compact: String = t.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.starts_with("[ship.carried]") || compact.starts_with("carried=") {
            return i + 1;
        }
    }
    ship_line
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// One battlecruiser, HMS Tiger (also the history tests' battle).
    pub(crate) const GOOD: &str = r#"
[scenario]
name = "Test"
ruleset = "fgdn-1.1"
start = "1200"

[[ship]]
id = "Tiger"
name = "HMS Tiger"
side = "British"
size = "A"
dp = 501
speed = 28
in_service = 1914
armor = { belt = 18, deck = 6 }
"#;

    /// The line index gives the same lines as counting from the top of the file, for every
    /// offset and every header line (with CRLF, blank lines, and with and without a final
    /// newline); `parse_scenario` uses it for every ship, so loading stays linear in the ships.
    #[test]
    fn the_line_index_agrees_with_counting_from_the_top() {
        for text in [
            "",
            "a",
            "a\n",
            "\n\n",
            "a = 1\r\n\r\n[x]\nb = 2",
            "[[ship]]\nid = 1\n\n",
        ] {
            let idx = LineIndex::new(text);
            for offset in 0..=text.len() + 2 {
                let naive = text[..offset.min(text.len())].matches('\n').count() + 1;
                assert_eq!(idx.line_of(offset), naive, "{text:?} at {offset}");
            }
            for line in 0..text.lines().count() + 3 {
                let naive: Vec<_> = text.lines().enumerate().skip(line).collect();
                assert_eq!(
                    idx.after(line).collect::<Vec<_>>(),
                    naive,
                    "{text:?} after {line}"
                );
            }
        }
    }

    /// Ship lines, key lines and carried lines far down a long scenario are still exact.
    #[test]
    fn lines_of_ships_deep_in_a_long_scenario_are_exact() {
        let mut text =
            String::from("[scenario]\nname = \"Big\"\nruleset = \"fgdn-1.1\"\nstart = \"1200\"\n");
        for i in 0..300 {
            text.push_str(&format!(
                "\n[[ship]]\nid = \"s{i}\"\nname = \"S{i}\"\nside = \"Blue\"\nsize = \"D\"\ndp = 40\nspeed = 30\nin_service = 1914\n"
            ));
        }
        let s = parse_scenario("big.toml", &text).unwrap();
        for (i, ship) in s.ships.iter().enumerate() {
            assert_eq!(ship.line, 6 + 9 * i, "ship {i}");
        }
        let bad = text.replace(
            "id = \"s299\"\nname = \"S299\"\nside = \"Blue\"\nsize = \"D\"",
            "id = \"s299\"\nname = \"S299\"\nside = \"Blue\"\nsize = \"Q\"",
        );
        let e = parse_scenario("big.toml", &bad).unwrap_err();
        assert_eq!(e[0].line, 6 + 9 * 299 + 4, "{}", e[0]);
    }

    #[test]
    fn parses_a_good_scenario() {
        let s = parse_scenario("t.toml", GOOD).unwrap();
        assert_eq!(s.ships[0].id, "tiger");
        assert_eq!(s.ships[0].column, Column::Major);
        assert_eq!(s.ships[0].line, 7);
        assert_eq!(s.clock.delay_turns, 3);
    }

    #[test]
    fn unknown_key_names_file_and_line() {
        let bad = GOOD.replace("speed = 28", "sped = 28");
        let e = parse_scenario("t.toml", &bad).unwrap_err();
        assert_eq!(e[0].line, 13, "{}", e[0]);
        assert!(
            e[0].to_string()
                .starts_with("t.toml:13: unknown field `sped`"),
            "{}",
            e[0]
        );
    }

    #[test]
    fn toml_errors_say_what_was_meant() {
        let e = parse_scenario("t.toml", &GOOD.replace("[[ship]]", "[ship]")).unwrap_err();
        assert!(
            e[0].to_string().contains("write [[ship]] (two brackets)"),
            "{}",
            e[0]
        );
        let e = parse_scenario("t.toml", &GOOD.replace("dp = 501", "dp = \"501\"")).unwrap_err();
        assert!(
            e[0].to_string()
                .contains("the value must be a whole number without quotes"),
            "{}",
            e[0]
        );
    }

    #[test]
    fn armour_is_accepted_for_armor() {
        let s = parse_scenario("t.toml", &GOOD.replace("armor =", "armour =")).unwrap();
        assert_eq!(s.ships[0].armor.belt, 18);
        assert_eq!(s.ships[0].armor.deck, 6);
    }

    #[test]
    fn bad_values_name_ship_and_key() {
        let bad = GOOD.replace("size = \"A\"", "size = \"Q\"");
        let e = parse_scenario("t.toml", &bad).unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "t.toml:11: ship \"Tiger\": key \"size\": unknown size class \"Q\" (expected A, B, C, D, E, F or G)"
        );
    }
    /// SPEC 9: a ship takes every figure of its class and overrides any of them.
    #[test]
    fn a_ship_takes_its_class_and_overrides_a_figure() {
        let text = r#"
[scenario]
name = "Test"
ruleset = "fgdn-1.1"
start = "1200"

[[class]]
id = "w-class"
name = "W class"
size = "C"
dp = 39
speed = 34
in_service = 1917
armor = { belt = 1 }

[[ship]]
id = "wakeful"
name = "HMS Wakeful"
side = "British"
class = "w-class"

[[ship]]
id = "whitley"
name = "HMS Whitley"
side = "British"
class = "w-class"
in_service = 1918
armour = { deck = 2 }
"#;
        let s = parse_scenario("t.toml", text).unwrap();
        let (a, b) = (&s.ships[0], &s.ships[1]);
        assert_eq!(
            (a.size, a.dp, a.speed, a.in_service),
            (SizeClass::C, 39, 34, 1917)
        );
        assert_eq!(a.column, Column::Minor);
        assert_eq!(
            a.armor,
            Armor {
                belt: 1,
                deck: 0,
                tds: 0
            }
        );
        assert_eq!((b.dp, b.in_service), (39, 1918));
        // A key the ship gives replaces the class's value whole.
        assert_eq!(
            b.armor,
            Armor {
                belt: 0,
                deck: 2,
                tds: 0
            }
        );
        assert_eq!(a.line, 16);
    }

    /// SPEC 9: a class is checked as strictly as a ship, with its line and key.
    #[test]
    fn a_class_is_checked_as_strictly_as_a_ship() {
        let base = "[scenario]\nname = \"T\"\nruleset = \"fgdn-1.1\"\nstart = \"1200\"\n\n[[class]]\nid = \"k\"\nname = \"K\"\nsize = \"C\"\ndp = 39\nspeed = 34\nin_service = 1917\n\n[[ship]]\nid = \"a\"\nname = \"A\"\nside = \"Blue\"\nclass = \"k\"\n";
        assert!(parse_scenario("t.toml", base).is_ok());
        let e =
            parse_scenario("t.toml", &base.replace("size = \"C\"", "size = \"Q\"")).unwrap_err();
        assert_eq!(e.len(), 1, "the ship of a bad class adds nothing: {e:?}");
        assert_eq!(
            e[0].to_string(),
            "t.toml:9: class \"k\": key \"size\": unknown size class \"Q\" (expected A, B, C, D, E, F or G)"
        );
        let e = parse_scenario("t.toml", &base.replace("dp = 39\n", "")).unwrap_err();
        assert!(
            e[0].to_string()
                .starts_with("t.toml:6: class \"k\": missing field `dp`"),
            "{}",
            e[0]
        );
        let e = parse_scenario(
            "t.toml",
            &base.replace("name = \"K\"", "name = \"K\"\nside = \"Blue\""),
        )
        .unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "t.toml:9: class \"k\": key \"side\": a class has no side: give it in each [[ship]] of the class"
        );
        let e = parse_scenario("t.toml", &base.replace("dp = 39", "dpp = 39")).unwrap_err();
        assert!(
            e[0].to_string()
                .starts_with("t.toml:10: unknown field `dpp`"),
            "{}",
            e[0]
        );
        let e =
            parse_scenario("t.toml", &base.replace("class = \"k\"", "class = \"j\"")).unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "t.toml:18: ship \"a\": key \"class\": no class \"j\" in this scenario, its class files or the class library (classes: k)"
        );
        // An override out of range is reported at the ship's own line.
        let e = parse_scenario(
            "t.toml",
            &base.replace("class = \"k\"\n", "class = \"k\"\nspeed = 99\n"),
        )
        .unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "t.toml:19: ship \"a\": key \"speed\": 99 knots is not a ship's speed (0-80)"
        );
        // A ship without a class still needs every figure, reported as before.
        let e = parse_scenario("t.toml", &base.replace("class = \"k\"\n", "")).unwrap_err();
        assert_eq!(e[0].to_string(), "t.toml:14: missing field `size`");
    }

    #[test]
    fn a_class_file_is_checked_with_file_line_and_key() {
        let text = "ruleset = \"fgdn-1.1\"\n\n[[class]]\nid = \"k\"\nname = \"K\"\nsize = \"C\"\ndp = 0\nspeed = 34\nin_service = 1917\n";
        let e = parse_class_file("lib/k.toml", text).unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "lib/k.toml:7: class \"k\": key \"dp\": 0 must be 1-100000"
        );
        let ok = parse_class_file("lib/k.toml", &text.replace("dp = 0", "dp = 39")).unwrap();
        assert_eq!((ok[0].id.as_str(), ok[0].dp, ok[0].line), ("k", 39, 3));
        let e =
            parse_class_file("lib/k.toml", &format!("{text}\n[[ship]]\nid = \"x\"\n")).unwrap_err();
        assert!(
            e[0].to_string()
                .contains("a class file holds only [[class]] tables"),
            "{}",
            e[0]
        );
    }
}
