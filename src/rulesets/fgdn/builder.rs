//! FG&DN's rows of the battle builder (`umpire new`, SPEC 9), as data for the builder written
//! once ([`crate::core::build`]): its `[scenario]` and optional rules (SPEC 3.7, defaults as
//! `docs/scenario-format.md` documents them), and the new-class form: the figures a ship must
//! have and her armour, by roster column (mounts, directors and the rest are written in a
//! class file).
use crate::core::build::{Builds, Field, Kind, Setting};

const fn row(
    table: &'static str,
    key: &'static str,
    label: &'static str,
    kind: Kind,
    default: &'static str,
) -> Setting {
    Setting::new(table, key, label, kind, default)
}

const TEXT: Kind = Kind::Text { optional: false };

/// The Battle panel's rows.
pub const SETTINGS: &[Setting] = &[
    row("scenario", "name", "Name", TEXT, "off"),
    row("scenario", "ruleset", "Ruleset", Kind::Fixed, "off"),
    row("scenario", "start", "Start HHMM", TEXT, "off"),
    row(
        "scenario",
        "date",
        "Date",
        Kind::Text { optional: true },
        "none",
    ),
    row("scenario", "sea_state", "Sea state", Kind::Whole, "3"),
    row("scenario", "seed", "Dice seed", Kind::Whole, "1"),
    row(
        "options",
        "fire_flood_delay_turns",
        "Fire/flood delay",
        Kind::Whole,
        "3",
    ),
    row(
        "options",
        "intermediate_interval",
        "Marks every min",
        Kind::Whole,
        "30",
    ),
    row(
        "options",
        "national_damage_control",
        "National DC",
        Kind::YesNo,
        "off",
    ),
    row(
        "options",
        "magazine_modifiers",
        "Magazine mods",
        Kind::YesNo,
        "off",
    ),
    row(
        "options",
        "casemate_picric",
        "Casemate picric",
        Kind::YesNo,
        "off",
    ),
    row(
        "options",
        "equipment_serviceability",
        "Serviceability",
        Kind::YesNo,
        "off",
    ),
    row(
        "options",
        "faulty_british_apc",
        "Faulty Brit. APC",
        Kind::YesNo,
        "off",
    ),
    row(
        "options",
        "faulty_shells_all",
        "Faulty shells",
        Kind::YesNo,
        "off",
    ),
];

/// The new-class form's fields (roster columns), with their labels.
pub const CLASS_FORM: &[Field] = &[
    Field {
        header: "id",
        label: "Class id",
    },
    Field {
        header: "name",
        label: "Class name",
    },
    Field {
        header: "type",
        label: "Type",
    },
    Field {
        header: "size",
        label: "Size A-G",
    },
    Field {
        header: "dp",
        label: "DP",
    },
    Field {
        header: "speed",
        label: "Speed kn",
    },
    Field {
        header: "in_service",
        label: "In service",
    },
    Field {
        header: "nation",
        label: "Nation",
    },
    Field {
        header: "belt",
        label: "Belt cm",
    },
    Field {
        header: "deck",
        label: "Deck cm",
    },
    Field {
        header: "tds",
        label: "TDS DP",
    },
];

impl Builds for super::Fgdn {
    const TITLE: &'static str = "Fear God & Dread Nought 1.1 (WWI, HHMM clock)";
    const SETTINGS: &'static [Setting] = SETTINGS;
    const SHIP_SUMMARY: &'static str = "own: {size} {dp}dp";
    const CLASS_SUMMARY: &'static str = "{size} {dp}dp {speed}kn";
    const CLASS_NOTE: &'static str = "Type: major minor aviation merchant small small_cargo";

    fn class_form() -> Vec<Field> {
        CLASS_FORM.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::build::column;
    use crate::core::roster::Roster;

    #[test]
    fn every_field_and_row_is_a_key_the_scenario_reads() {
        for f in CLASS_FORM {
            assert!(
                column(&super::super::Fgdn::ROSTER, f.header).is_some(),
                "{}",
                f.header
            );
        }
        let p = crate::core::build::row_problems::<super::super::Fgdn>(include_str!(
            "../../../saves/demo.toml"
        ));
        assert!(p.is_empty(), "{p:?}");
    }
}
