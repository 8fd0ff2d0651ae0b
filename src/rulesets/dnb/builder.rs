//! D&B's rows of the battle builder (`umpire new`, SPEC 9), as data for the builder written
//! once ([`crate::core::build`]): its `[scenario]` head and `[options]` with their defaults
//! (docs/rules-notes-dnb-standard.md). Classes and ships are typed in forms of its roster
//! columns.
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
    Setting::new("scenario", "seed", "Dice seed", Kind::Whole, "1"),
    Setting::new(
        "options",
        "torpedo_hits",
        "Torpedo hits",
        Kind::Choice(&["damage_throw", "si_hit"]),
        "damage_throw",
    ),
    Setting::new(
        "options",
        "diw_repair",
        "DIW repair",
        Kind::Choice(&["once", "each_turn"]),
        "once",
    ),
    Setting::new(
        "options",
        "reaction_fire",
        "Reaction fire",
        Kind::YesNo,
        "off",
    ),
    Setting::new("options", "wwi", "WWI scenario", Kind::YesNo, "off"),
    Setting::new("options", "last_turn", "Last turn", Kind::Whole, "none"),
];

impl Builds for super::game::Dnb {
    const TITLE: &'static str = "Dreadnoughts & Battlewagons, standard rules";
    const SETTINGS: &'static [Setting] = SETTINGS;
    const SHIP_SUMMARY: &'static str = "own: SI {front.si}/{back.si}";
    const CLASS_SUMMARY: &'static str = "{nation} SI {front.si}/{back.si}";
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_row_is_a_key_the_scenario_reads() {
        let p = crate::core::build::row_problems::<super::super::game::Dnb>(include_str!(
            "../../../saves/demo-dnb.toml"
        ));
        assert!(p.is_empty(), "{p:?}");
    }
}
