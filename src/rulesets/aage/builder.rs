//! The A&A fast-play rules' rows of the battle builder (`umpire new`, SPEC 9), as data for the
//! builder written once ([`crate::core::build`]): its `[scenario]` head (with the weather and
//! night) and `[options]` with their defaults (docs/rules-notes-aage-qr-2020.md). Ships are
//! typed in a form of its roster columns; the squadron column names the `[[squadron]]` the
//! form makes or joins (its side, name and crew from the squadron columns).
use crate::core::build::{Builds, Kind, Setting};

const TEXT: Kind = Kind::Text { optional: false };
const OPTIONAL: Kind = Kind::Text { optional: true };

/// The weathers (`Weather::key`).
pub const WEATHERS: &[&str] = &["calm", "moderate", "fresh", "strong", "gale", "storm"];

/// The Battle panel's rows.
pub const SETTINGS: &[Setting] = &[
    Setting::new("scenario", "name", "Name", TEXT, "none"),
    Setting::new("scenario", "ruleset", "Ruleset", Kind::Fixed, "none"),
    Setting::new("scenario", "start", "First turn", TEXT, "1"),
    Setting::new("scenario", "date", "Date", OPTIONAL, "none"),
    Setting::new("scenario", "description", "Description", OPTIONAL, "none"),
    Setting::new(
        "scenario",
        "weather",
        "Weather",
        Kind::Choice(WEATHERS),
        "moderate",
    ),
    Setting::new("scenario", "night", "Night", Kind::YesNo, "off"),
    Setting::new("scenario", "seed", "Dice seed", Kind::Whole, "1"),
    Setting::new(
        "options",
        "armour",
        "Armour (5.5)",
        Kind::Choice(&["subtract", "penetrate", "ignore"]),
        "subtract",
    ),
    Setting::new(
        "options",
        "criticals",
        "Criticals",
        Kind::Choice(&["every_hit", "damaging_hit", "command"]),
        "every_hit",
    ),
    Setting::new(
        "options",
        "gunboat_criticals",
        "Gunboat crit col",
        Kind::Choice(&["other", "dd_tb"]),
        "other",
    ),
    Setting::new(
        "options",
        "gunboat_small",
        "Gunboat small",
        Kind::YesNo,
        "off",
    ),
];

impl Builds for super::game::Aage {
    const TITLE: &'static str = "A&A Game Engineering fast-play rules (2020)";
    const SETTINGS: &'static [Setting] = SETTINGS;
    const SHIP_SUMMARY: &'static str = "{type} {speed}kn {main}/{secondary}";
}

#[cfg(test)]
mod tests {
    use super::super::ship::Weather;

    #[test]
    fn every_row_is_a_key_the_scenario_reads() {
        let p = crate::core::build::row_problems::<super::super::game::Aage>(include_str!(
            "../../../saves/demo-aage.toml"
        ));
        assert!(p.is_empty(), "{p:?}");
        let keys: Vec<&str> = Weather::ALL.iter().map(|w| w.key()).collect();
        assert_eq!(keys, super::WEATHERS);
    }
}
