//! The full set of FG&DN 1.1 tables: built-in files, user overrides, strict loading.
use super::airship::{self as airship_table, AirshipCriticalTable};
use super::breakdown::BreakdownRepairTable;
use super::cargo::CargoTable;
use super::error::{Ctx, TableError};
use super::gunfire::GunfireHitChanceTable;
use super::magazine::MagazineModifiersTable;
use super::parse_core::{self as core, DieSpec};
use super::parse_more as more;
use super::sequence::TurnSequenceTable;
use super::*;
use serde::de::DeserializeOwned;

/// Where the built-in files live in the source tree; used to name them in errors.
pub const BUILTIN_DIR: &str = "tables/fgdn-1.1";

macro_rules! builtin {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../../../../tables/fgdn-1.1/", $name)))),*]
    };
}

/// Every built-in table file: (file name, text), compiled into the binary.
pub const BUILTIN: &[(&str, &str)] = builtin!(
    "damage_ratio.toml",
    "critical_hit.toml",
    "light_weapons.toml",
    "severity_dice.toml",
    "severity_levels.toml",
    "reduction.toml",
    "shallow_torpedo.toml",
    "communications.toml",
    "sensors.toml",
    "sensor_comms.toml",
    "casemate_chain.toml",
    "cargo.toml",
    "magazine_modifiers.toml",
    "breakdown_repair.toml",
    "gunfire_hit_chance.toml",
    "turn_sequence.toml",
    "airship_critical.toml",
);

/// All FG&DN 1.1 rule tables, validated.
#[derive(Debug, Clone, PartialEq)]
pub struct Tables {
    pub damage_ratio: DamageRatioTable,
    pub critical_hit: CriticalHitTable,
    pub light_weapons: LightWeaponsTable,
    pub severity_dice: SeverityDiceTable,
    pub severity_levels: SeverityLevelsTable,
    pub reduction: ReductionTable,
    pub shallow_torpedo: ShallowTorpedoTable,
    /// FG&DN 8.3 Communications (D10).
    pub communications: DieTable,
    /// FG&DN 8.3 Sensors (D10).
    pub sensors: DieTable,
    /// FG&DN 8.3 Sensor/Communications split (D6).
    pub sensor_comms: DieTable,
    /// FG&DN 8.3 casemate chain reaction (2D6); `value` = additional guns damaged.
    pub casemate_chain: DieTable,
    pub cargo: CargoTable,
    pub magazine_modifiers: MagazineModifiersTable,
    pub breakdown_repair: BreakdownRepairTable,
    pub gunfire_hit_chance: GunfireHitChanceTable,
    pub turn_sequence: TurnSequenceTable,
    /// FG&DN 8.8 Airship Critical Hit Table and the Control D6.
    pub airship_critical: AirshipCriticalTable,
}

impl Tables {
    /// The built-in tables. They are proven to parse by the test suite.
    pub fn builtin() -> Tables {
        match Tables::load(&[]) {
            Ok(t) => t,
            Err(errors) => panic!(
                "built-in rule tables are invalid:\n{}",
                errors
                    .iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            ),
        }
    }

    /// The built-in tables with user overrides: each override (file name or path, text)
    /// replaces the built-in file of the same file name. Unknown file names are errors.
    /// Every problem in every file is reported, not only the first.
    pub fn load(overrides: &[(String, String)]) -> Result<Tables, Vec<TableError>> {
        let mut errors = Vec::new();
        let mut files: Vec<(String, &str)> = BUILTIN
            .iter()
            .map(|(name, text)| (format!("{BUILTIN_DIR}/{name}"), *text))
            .collect();
        let mut replaced = vec![false; BUILTIN.len()];
        for (path, text) in overrides {
            match BUILTIN
                .iter()
                .position(|(name, _)| *name == base_name(path))
            {
                Some(i) if replaced[i] => {
                    errors.push(file_error(path, "this table is overridden twice"))
                }
                Some(i) => {
                    replaced[i] = true;
                    files[i] = (path.clone(), text.as_str());
                }
                None => errors.push(file_error(
                    path,
                    &format!(
                        "unknown table file \"{}\" (expected one of: {})",
                        base_name(path),
                        BUILTIN
                            .iter()
                            .map(|(n, _)| *n)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )),
            }
        }
        let mut parts = Parts::default();
        for ((name, _), (file, text)) in BUILTIN.iter().zip(&files) {
            let mut ctx = Ctx::new(file, text);
            parts.parse(name, &mut ctx);
            errors.extend(ctx.errors);
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        parts
            .finish()
            .ok_or_else(|| vec![file_error(BUILTIN_DIR, "a table could not be read")])
    }
}

fn base_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

fn file_error(file: &str, message: &str) -> TableError {
    TableError {
        file: file.to_string(),
        line: None,
        key: None,
        message: message.to_string(),
    }
}

/// Deserializes strictly, then validates; None if anything was wrong.
fn parse<R: DeserializeOwned, T>(
    ctx: &mut Ctx,
    convert: impl FnOnce(&mut Ctx, R) -> Option<T>,
) -> Option<T> {
    match toml::from_str::<R>(ctx.text) {
        Ok(raw) => {
            let table = convert(ctx, raw);
            if ctx.errors.is_empty() {
                table
            } else {
                None
            }
        }
        Err(e) => {
            ctx.toml_error(&e);
            None
        }
    }
}

const COMMUNICATIONS: DieSpec = DieSpec {
    die: "d10",
    outcomes: &[
        "port_signal_lights",
        "starboard_signal_lights",
        "port_signal_halyards",
        "starboard_signal_halyards",
        "main_wireless",
        "auxiliary_wireless",
    ],
    needs_value: false,
};
const SENSORS: DieSpec = DieSpec {
    die: "d10",
    outcomes: &["forward_searchlight", "after_searchlight", "sonar"],
    needs_value: false,
};
const SENSOR_COMMS: DieSpec = DieSpec {
    die: "d6",
    outcomes: &["sensor", "communications"],
    needs_value: false,
};
const CASEMATE_CHAIN: DieSpec = DieSpec {
    die: "2d6",
    outcomes: &["none", "one_gun", "two_guns", "three_guns"],
    needs_value: true,
};

#[derive(Default)]
struct Parts {
    damage_ratio: Option<DamageRatioTable>,
    critical_hit: Option<CriticalHitTable>,
    light_weapons: Option<LightWeaponsTable>,
    severity_dice: Option<SeverityDiceTable>,
    severity_levels: Option<SeverityLevelsTable>,
    reduction: Option<ReductionTable>,
    shallow_torpedo: Option<ShallowTorpedoTable>,
    communications: Option<DieTable>,
    sensors: Option<DieTable>,
    sensor_comms: Option<DieTable>,
    casemate_chain: Option<DieTable>,
    cargo: Option<CargoTable>,
    magazine_modifiers: Option<MagazineModifiersTable>,
    breakdown_repair: Option<BreakdownRepairTable>,
    gunfire_hit_chance: Option<GunfireHitChanceTable>,
    turn_sequence: Option<TurnSequenceTable>,
    airship_critical: Option<AirshipCriticalTable>,
}

impl Parts {
    fn parse(&mut self, name: &str, ctx: &mut Ctx) {
        match name {
            "damage_ratio.toml" => self.damage_ratio = parse(ctx, core::damage_ratio),
            "critical_hit.toml" => self.critical_hit = parse(ctx, core::critical_hit),
            "light_weapons.toml" => self.light_weapons = parse(ctx, core::light_weapons),
            "severity_dice.toml" => self.severity_dice = parse(ctx, core::severity_dice),
            "severity_levels.toml" => self.severity_levels = parse(ctx, core::severity_levels),
            "reduction.toml" => self.reduction = parse(ctx, core::reduction),
            "shallow_torpedo.toml" => self.shallow_torpedo = parse(ctx, core::shallow_torpedo),
            "communications.toml" => {
                self.communications = parse(ctx, |c, r| core::die_table(c, r, &COMMUNICATIONS))
            }
            "sensors.toml" => self.sensors = parse(ctx, |c, r| core::die_table(c, r, &SENSORS)),
            "sensor_comms.toml" => {
                self.sensor_comms = parse(ctx, |c, r| core::die_table(c, r, &SENSOR_COMMS))
            }
            "casemate_chain.toml" => {
                self.casemate_chain = parse(ctx, |c, r| core::die_table(c, r, &CASEMATE_CHAIN))
            }
            "cargo.toml" => self.cargo = parse(ctx, more::cargo),
            "magazine_modifiers.toml" => {
                self.magazine_modifiers = parse(ctx, more::magazine_modifiers)
            }
            "breakdown_repair.toml" => self.breakdown_repair = parse(ctx, more::breakdown_repair),
            "gunfire_hit_chance.toml" => {
                self.gunfire_hit_chance = parse(ctx, more::gunfire_hit_chance)
            }
            "turn_sequence.toml" => self.turn_sequence = parse(ctx, more::turn_sequence),
            "airship_critical.toml" => {
                self.airship_critical = parse(ctx, airship_table::airship_critical)
            }
            _ => {}
        }
    }

    fn finish(self) -> Option<Tables> {
        Some(Tables {
            damage_ratio: self.damage_ratio?,
            critical_hit: self.critical_hit?,
            light_weapons: self.light_weapons?,
            severity_dice: self.severity_dice?,
            severity_levels: self.severity_levels?,
            reduction: self.reduction?,
            shallow_torpedo: self.shallow_torpedo?,
            communications: self.communications?,
            sensors: self.sensors?,
            sensor_comms: self.sensor_comms?,
            casemate_chain: self.casemate_chain?,
            cargo: self.cargo?,
            magazine_modifiers: self.magazine_modifiers?,
            breakdown_repair: self.breakdown_repair?,
            gunfire_hit_chance: self.gunfire_hit_chance?,
            turn_sequence: self.turn_sequence?,
            airship_critical: self.airship_critical?,
        })
    }
}
