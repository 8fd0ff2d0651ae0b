//! The rulebook's navies and the names a scenario may give them (SPEC 3.8).
//!
//! FG&DN 1.1 reads a ship's nation in three places: 8.2 National Effectiveness (German and
//! Russian crews -1; "all other navies" 0), the 8.3 main magazine detonation modifiers (by
//! nation and date) with the casemate picric acid rule, and the 8.5 Breakdown Repair Table
//! (first and second rank navies, "and all others"). Every one of them goes through
//! [`Navy::of`], so a scenario's `nation = "US"` and a table's `"United States"` name the same
//! navy, and a nation no rule knows is refused when the scenario is read
//! (`umpire check`, open), never quietly read as "all other navies".
//!
//! `Other` is the text's own "all other navies": a scenario that means it says so
//! (`nation = "other"`), so a typo is never read as a deliberate choice.
use std::fmt;

/// A navy as the FG&DN 1.1 text names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Navy {
    UnitedStates,
    GreatBritain,
    Germany,
    Japan,
    Russia,
    AustriaHungary,
    Turkey,
    France,
    Italy,
    /// "All other navies" (8.2) / "and all others" (8.5).
    Other,
}

impl Navy {
    pub const ALL: [Navy; 10] = [
        Navy::UnitedStates,
        Navy::GreatBritain,
        Navy::Germany,
        Navy::Japan,
        Navy::Russia,
        Navy::AustriaHungary,
        Navy::Turkey,
        Navy::France,
        Navy::Italy,
        Navy::Other,
    ];

    /// The rulebook's name (the name the rule tables use).
    pub fn name(self) -> &'static str {
        match self {
            Navy::UnitedStates => "United States",
            Navy::GreatBritain => "Great Britain",
            Navy::Germany => "Germany",
            Navy::Japan => "Japan",
            Navy::Russia => "Russia",
            Navy::AustriaHungary => "Austria-Hungary",
            Navy::Turkey => "Turkey",
            Navy::France => "France",
            Navy::Italy => "Italy",
            Navy::Other => "Other",
        }
    }

    /// Every accepted spelling, normalised (lower case, no dots, `-`/`_` read as spaces); the
    /// first is the rulebook's name, the next the usual short forms.
    pub fn names(self) -> &'static [&'static str] {
        match self {
            Navy::UnitedStates => &[
                "united states",
                "us",
                "usa",
                "usn",
                "us navy",
                "united states navy",
                "united states of america",
                "america",
                "american",
            ],
            Navy::GreatBritain => &[
                "great britain",
                "gb",
                "uk",
                "gbr",
                "rn",
                "united kingdom",
                "britain",
                "british",
                "royal navy",
            ],
            Navy::Germany => &[
                "germany",
                "de",
                "ger",
                "deu",
                "german",
                "imperial german navy",
                "kaiserliche marine",
            ],
            Navy::Japan => &[
                "japan",
                "jp",
                "jpn",
                "ijn",
                "japanese",
                "imperial japanese navy",
            ],
            Navy::Russia => &["russia", "ru", "rus", "russian", "imperial russian navy"],
            // "Austria-Hungry" is the rule text's own spelling in the 8.3 magazine list.
            Navy::AustriaHungary => &[
                "austria hungary",
                "ah",
                "aut",
                "kuk",
                "austria",
                "austro hungarian",
                "austria hungry",
            ],
            Navy::Turkey => &[
                "turkey",
                "tr",
                "tur",
                "turkish",
                "ottoman",
                "ottoman empire",
            ],
            Navy::France => &["france", "fr", "fra", "french"],
            Navy::Italy => &["italy", "it", "ita", "italian", "regia marina"],
            Navy::Other => &["other", "all others", "all other navies"],
        }
    }

    /// The navy a scenario's or a table's nation names, or None if no rule knows it.
    pub fn parse(nation: &str) -> Option<Navy> {
        let n = normalise(nation);
        Navy::ALL
            .into_iter()
            .find(|navy| navy.names().contains(&n.as_str()))
    }

    /// The navy of a ship's `nation`: None when it is not given, or not a known name (the
    /// scenario check refuses those, so rules read them as "all other navies" only for ships
    /// built without a scenario).
    pub fn of(nation: Option<&str>) -> Option<Navy> {
        nation.and_then(Navy::parse)
    }

    /// Whether a rule table's navy name (e.g. "United States") names this navy.
    pub fn is(self, table_name: &str) -> bool {
        Navy::parse(table_name) == Some(self)
    }

    /// German and Russian crews: -1 on the reduction roll (8.2 National Effectiveness).
    pub fn damage_control_modifier(self) -> i32 {
        match self {
            Navy::Germany | Navy::Russia => -1,
            _ => 0,
        }
    }

    /// Navies whose casemate ammunition was picric acid (8.3, optional +1).
    pub fn picric_casemates(self) -> bool {
        matches!(
            self,
            Navy::France | Navy::GreatBritain | Navy::Italy | Navy::Japan
        )
    }
}

impl fmt::Display for Navy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

fn normalise(s: &str) -> String {
    let s: String = s
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| *c != '.')
        .map(|c| if c == '-' || c == '_' { ' ' } else { c })
        .collect();
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The known nations for an error message: each rulebook name with two short forms.
pub fn known_list() -> String {
    Navy::ALL
        .iter()
        .map(|n| match n {
            Navy::Other => "Other (a navy the rulebook does not name: \"all other navies\")".into(),
            n => {
                let short: Vec<String> = n.names()[1..3].iter().map(|s| s.to_uppercase()).collect();
                format!("{} ({})", n.name(), short.join(", "))
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The error for a scenario's `nation` no rule knows.
pub fn unknown_nation(nation: &str) -> String {
    format!(
        "unknown nation \"{nation}\": FG&DN 1.1's rules know {}",
        known_list()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rulebook_names_and_short_forms() {
        for (s, n) in [
            ("US", Navy::UnitedStates),
            ("USA", Navy::UnitedStates),
            ("U.S.A.", Navy::UnitedStates),
            ("United States", Navy::UnitedStates),
            ("GB", Navy::GreatBritain),
            ("UK", Navy::GreatBritain),
            ("United Kingdom", Navy::GreatBritain),
            ("Royal Navy", Navy::GreatBritain),
            ("DE", Navy::Germany),
            ("German", Navy::Germany),
            ("JP", Navy::Japan),
            ("RU", Navy::Russia),
            ("FR", Navy::France),
            ("IT", Navy::Italy),
            ("AH", Navy::AustriaHungary),
            ("Austria-Hungary", Navy::AustriaHungary),
            ("austria_hungary", Navy::AustriaHungary),
            ("Austria-Hungry", Navy::AustriaHungary),
            ("Ottoman", Navy::Turkey),
            ("other", Navy::Other),
        ] {
            assert_eq!(Navy::parse(s), Some(n), "{s}");
        }
        for n in Navy::ALL {
            assert_eq!(Navy::parse(n.name()), Some(n));
        }
        for bad in ["Navy", "", "Germny", "Netherlands"] {
            assert_eq!(Navy::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn no_spelling_names_two_navies() {
        let mut all: Vec<&str> = Navy::ALL.iter().flat_map(|n| n.names().to_vec()).collect();
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n);
        for s in all {
            assert_eq!(normalise(s), s, "spellings are stored normalised");
        }
    }

    #[test]
    fn the_error_lists_the_known_nations() {
        let e = unknown_nation("Navy");
        assert!(e.contains("unknown nation \"Navy\""), "{e}");
        assert!(e.contains("United States (US, USA)"), "{e}");
        assert!(e.contains("Great Britain (GB, UK)"), "{e}");
        assert!(e.contains("Austria-Hungary (AH, AUT)"), "{e}");
        assert!(e.contains("Other"), "{e}");
    }
}
