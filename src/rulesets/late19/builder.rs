//! The late-19th-century naval rules' rows of the battle builder (`umpire new`, SPEC 9), as
//! data for the builder written once ([`crate::core::build`]): its `[scenario]` head and
//! `[options]` with their defaults (docs/rules-notes-late19-naval.md). Ships are typed in a
//! form of its roster columns.
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
        Kind::Choice(&["any", "per_die"]),
        "any",
    ),
];

impl Builds for super::game::Late19 {
    const TITLE: &'static str = "late-19th-century naval rules";
    const SETTINGS: &'static [Setting] = SETTINGS;
    const SHIP_SUMMARY: &'static str = "{type} {main_guns}+{secondary_guns}";
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_row_is_a_key_the_scenario_reads() {
        let p = crate::core::build::row_problems::<super::super::game::Late19>(include_str!(
            "../../../saves/demo-late19.toml"
        ));
        assert!(p.is_empty(), "{p:?}");
    }
}
