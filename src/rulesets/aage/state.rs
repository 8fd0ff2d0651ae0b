//! `AaState` (ships and squadrons in scenario order, weather, night, the readings chosen, chart
//! values queued and 5.2 cells read, the turn's initiative) and `apply`: total, no dice, no
//! tables. An event naming a ship that is not in the state changes nothing.
use super::event::{Changed, Ev, Throw};
use super::ship::{
    Crew, CritResult, GunClass, RepairItem, Ship, ShipSpec, ShipType, SquadronSpec, Weather,
};
use crate::core::dice::Provenance;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// What 5.5's armour does to a damage roll: the text does not say (an option).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ArmourRule {
    /// Damage = the roll less the armour at the location (none below 0).
    #[default]
    Subtract,
    /// The roll does its full damage if it exceeds the armour, none otherwise.
    Penetrate,
    /// The roll is the damage; the armour is shown for the umpire's own rule.
    Ignore,
}

/// When a critical is rolled: the text does not say (an option).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum CritTrigger {
    /// A d20 on 5.7 for every gun hit, on 5.12 for every torpedo or mine hit.
    #[default]
    EveryHit,
    /// Only for hits that did damage.
    DamagingHit,
    /// Only with `crit`.
    Command,
}

/// The critical column a gunboat reads: GB is in neither "B, CB" nor "DD, TB" (an option).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum GunboatColumn {
    #[default]
    Other,
    DdTb,
}

/// The scenario's `[options]`: readings where umpires would differ.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct AaOptions {
    pub armour: ArmourRule,
    pub criticals: CritTrigger,
    pub gunboat_criticals: GunboatColumn,
    /// A gunboat counts as "DD or TB" for the to-hit, torpedo and mine modifiers.
    pub gunboat_small: bool,
}

impl AaOptions {
    /// "DD or TB" in 5.3, 5.10, 5.16 under this scenario's reading.
    pub fn small(&self, t: ShipType) -> bool {
        t.is_dd_tb() || (t == ShipType::GB && self.gunboat_small)
    }
}

/// A squadron and its morale results.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Squadron {
    pub spec: SquadronSpec,
    /// (turn, passed) of the last morale result recorded.
    pub morale: Option<(u32, bool)>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Initiative {
    pub turn: u32,
    pub throws: Vec<Throw>,
    pub first: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AaState {
    pub ships: Vec<Ship>,
    pub squadrons: Vec<Squadron>,
    pub options: AaOptions,
    pub weather: Weather,
    pub night: bool,
    pub chart_queue: VecDeque<String>,
    /// 5.2 cells read this battle ("H med1" -> "d12"): a cell is read once.
    pub charted: BTreeMap<String, String>,
    pub initiative: Option<Initiative>,
    /// The engine's clock, as it last told the state (`TurnRules::clock_moved`): the phase a
    /// ship sinks in. None until told (a state made outside a game).
    pub now: Option<(u32, super::Phase)>,
}

/// `[scenario]` of an aage-qr-2020 file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioHead {
    pub name: String,
    pub ruleset: String,
    pub start: String,
    #[serde(default)]
    pub seed: Option<u64>,
    #[serde(default)]
    pub date: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default = "moderate")]
    pub weather: Weather,
    #[serde(default)]
    pub night: bool,
}

fn moderate() -> Weather {
    Weather::Moderate
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    scenario: ScenarioHead,
    #[serde(default)]
    options: AaOptions,
    #[serde(default)]
    squadron: Vec<SquadronSpec>,
    #[serde(default)]
    ship: Vec<ShipSpec>,
}

/// Words of the commands a ship or squadron id may not be.
const RESERVED: &[&str] = &[
    "at",
    "dice",
    "range",
    "class",
    "critical",
    "outside_arc",
    "speed",
    "on",
    "off",
];

fn id_problem(what: &str, id: &str) -> Option<String> {
    if id.is_empty()
        || !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        Some(format!(
            "{what} \"{id}\": id: letters, digits, - and _ only (it is typed at the prompt)"
        ))
    } else if RESERVED.iter().any(|w| w.eq_ignore_ascii_case(id)) {
        Some(format!(
            "{what} \"{id}\": id: \"{id}\" is a word of the commands"
        ))
    } else {
        None
    }
}

impl AaState {
    /// Parse and validate a scenario; every message names the file and, for ships, the ship
    /// and the key.
    pub fn from_scenario(file: &str, text: &str) -> Result<(ScenarioHead, AaState), Vec<String>> {
        let raw: ScenarioFile = toml::from_str(text)
            .map_err(|e| vec![format!("{file}: {}", e.to_string().trim_end())])?;
        let mut errs = crate::core::turns::head_problems(
            file,
            super::ID,
            &raw.scenario.ruleset,
            &raw.scenario.start,
        );
        let mut squadrons: Vec<Squadron> = Vec::new();
        for s in &raw.squadron {
            if let Some(p) = id_problem("squadron", &s.id) {
                errs.push(format!("{file}: {p}"));
            }
            if s.side.trim().is_empty() {
                errs.push(format!("{file}: squadron \"{}\": side: empty", s.id));
            }
            if squadrons
                .iter()
                .any(|x| x.spec.id.eq_ignore_ascii_case(&s.id))
            {
                errs.push(format!(
                    "{file}: squadron \"{}\": id: used twice (ids are case-insensitive)",
                    s.id
                ));
            }
            let mut spec = s.clone();
            spec.id = spec.id.to_ascii_lowercase();
            if spec.name.trim().is_empty() {
                spec.name = s.id.clone();
            }
            squadrons.push(Squadron { spec, morale: None });
        }
        let mut ships: Vec<Ship> = Vec::new();
        for s in &raw.ship {
            let at = format!("{file}: ship \"{}\"", s.id);
            if let Some(p) = id_problem("ship", &s.id) {
                errs.push(format!("{file}: {p}"));
            }
            if ships.iter().any(|x| x.id.eq_ignore_ascii_case(&s.id)) {
                errs.push(format!("{at}: id: used twice (ids are case-insensitive)"));
            }
            if s.name.trim().is_empty() {
                errs.push(format!("{at}: name: empty"));
            }
            let kind = s
                .kind
                .parse::<ShipType>()
                .map_err(|e| errs.push(format!("{at}: type: {e}")))
                .ok();
            let sq = squadrons
                .iter()
                .find(|q| q.spec.id.eq_ignore_ascii_case(&s.squadron));
            if sq.is_none() {
                let ids: Vec<&str> = squadrons.iter().map(|q| q.spec.id.as_str()).collect();
                errs.push(format!(
                    "{at}: squadron: \"{}\" is not a [[squadron]] of the scenario ({})",
                    s.squadron,
                    ids.join(", ")
                ));
            }
            if s.speed > 99 {
                errs.push(format!("{at}: speed: {} knots is more than 99", s.speed));
            }
            let class =
                |key: &str, v: &Option<String>, errs: &mut Vec<String>| -> Option<GunClass> {
                    v.as_ref().and_then(|c| {
                        c.parse::<GunClass>()
                            .map_err(|e| errs.push(format!("{at}: {key}: {e}")))
                            .ok()
                    })
                };
            let main = class("main", &s.main, &mut errs);
            let secondary = class("secondary", &s.secondary, &mut errs);
            if let Some(c) = s.capacity {
                for (k, v) in [
                    ("hull", c.hull),
                    ("main", c.main),
                    ("secondary", c.secondary),
                ] {
                    if v > super::rules::MOST_POINTS * 10 {
                        errs.push(format!(
                            "{at}: capacity.{k}: {v} is more than {}",
                            super::rules::MOST_POINTS * 10
                        ));
                    }
                }
            }
            if let (Some(kind), Some(sq)) = (kind, sq) {
                ships.push(Ship {
                    id: s.id.to_ascii_lowercase(),
                    name: s.name.clone(),
                    side: sq.spec.side.clone(),
                    squadron: sq.spec.id.clone(),
                    kind,
                    crew: s.crew.unwrap_or(sq.spec.crew),
                    main,
                    secondary,
                    capacity: s.capacity,
                    max_speed: s.speed,
                    speed: s.speed,
                    stopped: false,
                    evasive: false,
                    flagship: s.flagship,
                    out_of_command: false,
                    damage: Default::default(),
                    fires: 0,
                    floods: 0,
                    rudder_disabled: false,
                    engine_room_hits: 0,
                    bridge_hits: 0,
                    catastrophic_explosion: false,
                    catastrophic_flooding: false,
                    splash: 0,
                    sunk_turn: None,
                    sunk_phase: None,
                    sunk_by: None,
                });
            }
        }
        for q in &squadrons {
            if !raw
                .ship
                .iter()
                .any(|s| s.squadron.eq_ignore_ascii_case(&q.spec.id))
            {
                errs.push(format!("{file}: squadron \"{}\": has no ship", q.spec.id));
            }
        }
        if raw.ship.is_empty() {
            errs.push(format!("{file}: no [[ship]]"));
        }
        if !errs.is_empty() {
            return Err(errs);
        }
        let state = AaState {
            ships,
            squadrons,
            options: raw.options,
            weather: raw.scenario.weather,
            night: raw.scenario.night,
            chart_queue: VecDeque::new(),
            charted: BTreeMap::new(),
            initiative: None,
            now: None,
        };
        Ok((raw.scenario, state))
    }

    pub fn index(&self, id: &str) -> Option<usize> {
        self.ships
            .iter()
            .position(|s| s.id.eq_ignore_ascii_case(id))
    }

    pub fn ship(&self, id: &str) -> Option<&Ship> {
        self.index(id).map(|i| &self.ships[i])
    }

    fn ship_mut(&mut self, id: &str) -> Option<&mut Ship> {
        self.index(id).map(move |i| &mut self.ships[i])
    }

    pub fn squadron(&self, id: &str) -> Option<&Squadron> {
        self.squadrons
            .iter()
            .find(|q| q.spec.id.eq_ignore_ascii_case(id))
    }

    /// The sides, in scenario order.
    pub fn sides(&self) -> Vec<String> {
        crate::core::board::sides_in_order(self.squadrons.iter().map(|q| q.spec.side.as_str()))
    }

    /// A squadron's ships: (in the scenario, afloat).
    pub fn strength(&self, squadron: &str) -> (u32, u32) {
        let of: Vec<&Ship> = self
            .ships
            .iter()
            .filter(|s| s.squadron.eq_ignore_ascii_case(squadron))
            .collect();
        (
            of.len() as u32,
            of.iter().filter(|s| s.afloat()).count() as u32,
        )
    }

    /// 2.2 Initiative: "reduced to half strength or below" (ships afloat against the scenario's).
    pub fn half_strength(&self, squadron: &str) -> bool {
        let (all, afloat) = self.strength(squadron);
        all > 0 && afloat.saturating_mul(2) <= all
    }

    pub fn crew_of(&self, i: usize) -> Crew {
        self.ships[i].crew
    }
}

/// Fold one event into the state. Total: never fails, never rolls, never reads a table; counts
/// saturate, so even a hand-made save cannot overflow them.
pub fn apply(st: &mut AaState, ev: &Ev) {
    match ev {
        Ev::AAChartQueued { values } => st.chart_queue.extend(values.iter().cloned()),
        Ev::AAChartRead { read } => {
            if read.provenance == Provenance::Queued {
                st.chart_queue.pop_front();
            }
            if read.chart == super::rules::DAMAGE_CHART {
                st.charted.insert(read.line.clone(), read.value.clone());
            }
        }
        Ev::AAWeather { weather } => st.weather = *weather,
        Ev::AANight { on } => st.night = *on,
        Ev::AASet { ship, changed } => {
            if let Some(s) = st.ship_mut(ship) {
                match *changed {
                    Changed::Speed(k) => s.speed = k,
                    Changed::Stopped(b) => s.stopped = b,
                    Changed::Evasive(b) => s.evasive = b,
                    Changed::Flagship(b) => s.flagship = b,
                    Changed::OutOfCommand(b) => s.out_of_command = b,
                }
            }
        }
        Ev::AASplash { ship, n } => {
            if let Some(s) = st.ship_mut(ship) {
                s.splash = s.splash.saturating_add(*n);
            }
        }
        Ev::AASplashCleared { .. } => st.ships.iter_mut().for_each(|s| s.splash = 0),
        Ev::AAHit {
            ship,
            location,
            damage,
            ..
        } => {
            if let Some(s) = st.ship_mut(ship) {
                let d = s.damage.get_mut(*location);
                *d = d.saturating_add(*damage);
            }
        }
        Ev::AADamaged {
            ship,
            location,
            points,
            ..
        } => {
            if let Some(s) = st.ship_mut(ship) {
                let d = s.damage.get_mut(*location);
                *d = d.saturating_add(*points);
            }
        }
        Ev::AACritical { ship, result, .. } => {
            if let Some(s) = st.ship_mut(ship) {
                match result {
                    CritResult::NoEffect => {}
                    CritResult::Rudder => s.rudder_disabled = true,
                    CritResult::EngineRoom => {
                        s.engine_room_hits = s.engine_room_hits.saturating_add(1)
                    }
                    CritResult::Bridge => s.bridge_hits = s.bridge_hits.saturating_add(1),
                    CritResult::Fire => s.fires = s.fires.saturating_add(1),
                    CritResult::Flood => s.floods = s.floods.saturating_add(1),
                    CritResult::Explosion => s.catastrophic_explosion = true,
                    CritResult::CatFlooding => s.catastrophic_flooding = true,
                }
            }
        }
        Ev::AASank { ship, turn } => {
            let phase = st.now.map(|(_, phase)| phase);
            if let Some(s) = st.ship_mut(ship) {
                s.sunk_turn = Some(*turn);
                s.sunk_phase = phase;
            }
        }
        Ev::AARepair { ship, item, ok } => {
            if let (Some(s), true) = (st.ship_mut(ship), *ok) {
                match item {
                    RepairItem::Fire => s.fires = s.fires.saturating_sub(1),
                    RepairItem::Flood => s.floods = s.floods.saturating_sub(1),
                    RepairItem::Rudder => s.rudder_disabled = false,
                    RepairItem::EngineRoom => {
                        s.engine_room_hits = s.engine_room_hits.saturating_sub(1)
                    }
                    RepairItem::Bridge => s.bridge_hits = s.bridge_hits.saturating_sub(1),
                }
            }
        }
        Ev::AAMorale {
            squadron,
            pass,
            turn,
        } => {
            if let Some(q) = st
                .squadrons
                .iter_mut()
                .find(|q| q.spec.id.eq_ignore_ascii_case(squadron))
            {
                q.morale = Some((*turn, *pass));
            }
        }
        Ev::AARevealed { squadron } => {
            if let Some(q) = st
                .squadrons
                .iter_mut()
                .find(|q| q.spec.id.eq_ignore_ascii_case(squadron))
            {
                q.spec.models = true;
            }
        }
        Ev::AAInitiative {
            turn,
            throws,
            first,
        } => {
            st.initiative = Some(Initiative {
                turn: *turn,
                throws: throws.clone(),
                first: first.clone(),
            })
        }
        Ev::AAGunFire { .. }
        | Ev::AATorpedoFire { .. }
        | Ev::AAToHit { .. }
        | Ev::AACapacity { .. }
        | Ev::AAMineTest { .. }
        | Ev::AASinkingTest { sinks: false, .. } => {}
        // 5.17: the test that sinks her is what sank her.
        Ev::AASinkingTest {
            ship,
            face,
            sides,
            modifier,
            why,
            sinks: true,
        } => {
            let words = super::view::sinking_test_words(*face, *sides, *modifier, why);
            if let Some(s) = st.ship_mut(ship) {
                s.sunk_by = Some(format!("sinking test {words}: she sinks (5.17)"));
            }
        }
    }
}
