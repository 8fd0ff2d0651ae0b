//! Quickfire 1.1's rows of the battle builder (`umpire new`, SPEC 9), as data for the builder
//! written once ([`crate::core::build`]): its `[scenario]` head and `[options]` with their
//! defaults (docs/rules-notes-quickfire-1.1.md). Ships are typed in a form of its roster
//! columns (her Ship Values).
use crate::core::build::{Builds, Kind, Setting};

const TEXT: Kind = Kind::Text { optional: false };
const OPTIONAL: Kind = Kind::Text { optional: true };

/// The Battle panel's rows.
pub const SETTINGS: &[Setting] = &[
    Setting::new("scenario", "name", "Name", TEXT, "none"),
    Setting::new("scenario", "ruleset", "Ruleset", Kind::Fixed, "none"),
    Setting::new("scenario", "start", "First turn", TEXT, "1"),
    Setting::new("scenario", "date", "Date", OPTIONAL, "none"),
    Setting::new("scenario", "description", "Description", OPTIONAL, "none"),
    Setting::new("scenario", "scale", "Scale (label)", OPTIONAL, "none"),
    Setting::new("scenario", "seed", "Dice seed", Kind::Whole, "1"),
    Setting::new(
        "options",
        "pb_rof",
        "Point blank ROF",
        Kind::Choice(&["separate", "shared"]),
        "separate",
    ),
    Setting::new(
        "options",
        "second_gunnery",
        "Second gunnery",
        Kind::Choice(&["failed_only", "not_passed"]),
        "failed_only",
    ),
    Setting::new(
        "options",
        "first_fire_stacks",
        "1st fire stacks",
        Kind::YesNo,
        "on",
    ),
    Setting::new("options", "auto_repair", "Auto repair", Kind::YesNo, "on"),
    Setting::new(
        "options",
        "remember_chart_reads",
        "Keep chart reads",
        Kind::YesNo,
        "on",
    ),
];

impl Builds for super::game::Quickfire {
    const TITLE: &'static str = "Quickfire 1.1 (pre-dreadnought fast play)";
    const SETTINGS: &'static [Setting] = SETTINGS;
    const SHIP_SUMMARY: &'static str = "size {size} speed {speed}";
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_row_is_a_key_the_scenario_reads() {
        let p = crate::core::build::row_problems::<super::super::game::Quickfire>(include_str!(
            "../../../saves/demo-quickfire.toml"
        ));
        assert!(p.is_empty(), "{p:?}");
    }
}
