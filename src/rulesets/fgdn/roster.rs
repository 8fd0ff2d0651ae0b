//! FG&DN's roster (SPEC 9): its columns, as data for the roster written once
//! ([`crate::core::roster`]), and its export.
//!
//! Every column but `name` and `side` may be left empty; the figures a ship needs come from its
//! row or its `class`. The columns are [`COLUMNS`], documented in `docs/roster.md`; `belt`,
//! `deck` and `tds` fill `armor = { ... }`.
pub use crate::core::roster::slug;
use crate::core::roster::{inline, Cell, Column, Spec, To};
use crate::rulesets::fgdn::scenario::{Scenario, ShipSpec, SHIP_TYPES};

/// Every column a roster may have, in the order `export` writes them.
pub const COLUMNS: &[Column] = &[
    Column::ship("id", Cell::Text),
    Column::ship("name", Cell::Text),
    Column::ship("side", Cell::Text),
    Column::ship("class", Cell::Text),
    Column {
        header: "count",
        to: To::Nowhere,
        cell: Cell::Whole,
    },
    Column::ship("type", Cell::Text),
    Column::ship("depth", Cell::Text),
    Column::ship("max_depth", Cell::Text),
    Column::ship("size", Cell::Text),
    Column::ship("dp", Cell::Whole),
    Column::ship("speed", Cell::Whole),
    Column::ship("in_service", Cell::Whole),
    Column::ship("rebuilt", Cell::Whole),
    Column::ship("nation", Cell::Text),
    Column::key("belt", "armor.belt", Cell::Whole),
    Column::key("deck", "armor.deck", Cell::Whole),
    Column::key("tds", "armor.tds", Cell::Whole),
    Column::ship("armed", Cell::YesNo),
    Column::ship("tug", Cell::YesNo),
    Column::ship("crew_factors", Cell::Whole),
    Column::ship("crew", Cell::Whole),
    Column::ship("fuel", Cell::Text),
    Column::ship("directors", Cell::Table("{ main = 2, casemate = 1 }")),
    Column::ship("searchlights", Cell::Table("{ forward = 1, aft = 1 }")),
    Column::ship(
        "wireless",
        Cell::Table("{ main = true, auxiliary = false }"),
    ),
    Column::ship(
        "aircraft",
        Cell::Table("{ hangar = 4, forward = 0, aft = 0 }"),
    ),
    Column::ship(
        "mounts",
        Cell::List("[{ battery = \"main\", name = \"A turret\", caliber = 343 }]"),
    ),
    Column::ship(
        "cargo",
        Cell::List("[{ hold = \"No. 1\", contents = \"ammo\", amount = 400 }]"),
    ),
    Column::ship(
        "flight",
        Cell::Table("{ aircraft = 6, land_based = false }"),
    ),
    Column::ship(
        "airship",
        Cell::Table("{ gas = \"hydrogen\", gas_cells = 18, fuel = 36 }"),
    ),
];

/// FG&DN's roster.
pub const SPEC: Spec = Spec {
    columns: COLUMNS,
    required: &["name", "side"],
    default_start: "1200",
    head: &["sea_state"],
    group: None,
};

/// The roster of a scenario: one row per ship with every figure (classes are written out, so
/// the roster needs no class file). A ship with state carried from an earlier battle has no
/// roster form: refused, naming it.
pub fn export(scenario: &Scenario) -> Result<Vec<Vec<String>>, String> {
    let mut rows = Vec::new();
    for s in &scenario.ships {
        if s.carried.is_some() {
            return Err(format!(
                "ship \"{}\" carries damage from an earlier battle, which a roster cannot hold: export the scenario before `umpire carry`, or keep it as TOML",
                s.id
            ));
        }
        rows.push(COLUMNS.iter().map(|c| field(s, c.header)).collect());
    }
    Ok(rows)
}

impl crate::core::roster::Roster for super::Fgdn {
    const ROSTER: Spec = SPEC;

    fn export_rows(scenario: &Scenario) -> Result<Vec<Vec<String>>, String> {
        export(scenario)
    }
}

fn value<T: serde::Serialize>(v: &T) -> String {
    toml::Value::try_from(v)
        .map(|v| inline(&v))
        .unwrap_or_default()
}

fn field(s: &ShipSpec, h: &str) -> String {
    let opt = |v: Option<String>| v.unwrap_or_default();
    let armor = s.armor != Default::default();
    match h {
        "id" => s.id.clone(),
        "name" => s.name.clone(),
        "side" => s.side.clone(),
        "type" if s.submarine.is_some() => crate::rulesets::fgdn::scenario::SUBMARINE.into(),
        "type" if s.airship.is_some() => crate::rulesets::fgdn::airship::AIRSHIP.into(),
        "type" if s.flight.is_some() => crate::rulesets::fgdn::flight::FLIGHT.into(),
        "type" => SHIP_TYPES
            .iter()
            .find(|(_, c)| *c == s.column)
            .map(|(n, _)| n.to_string())
            .unwrap_or_default(),
        "size" => s.size.to_string(),
        "dp" => s.dp.to_string(),
        "speed" => s.speed.to_string(),
        "in_service" => s.in_service.to_string(),
        "rebuilt" => opt(s.rebuilt.map(|y| y.to_string())),
        "nation" => opt(s.nation.clone()),
        "belt" if armor => s.armor.belt.to_string(),
        "deck" if armor => s.armor.deck.to_string(),
        "tds" if armor => s.armor.tds.to_string(),
        "armed" => if s.armed { "yes" } else { "no" }.into(),
        "tug" => if s.tug { "yes" } else { "no" }.into(),
        "crew_factors" => s.crew_factors.to_string(),
        "crew" => opt(s.crew.map(|n| n.to_string())),
        "depth" => opt(s.submarine.as_ref().map(|m| m.depth.name())),
        "max_depth" => opt(s
            .submarine
            .as_ref()
            .and_then(|m| m.max_depth)
            .map(|d| d.name())),
        "fuel" => opt(s.fuel.clone()),
        "directors" if !s.directors.is_empty() => value(&s.directors),
        "searchlights" => opt(s.searchlights.map(|v| value(&v))),
        "wireless" => opt(s.wireless.map(|v| value(&v))),
        "aircraft" => opt(s.aircraft.map(|v| value(&v))),
        "mounts" if !s.mounts.is_empty() => value(&s.mounts),
        "cargo" if !s.cargo.is_empty() => value(&s.cargo),
        "flight" => opt(s.flight.as_ref().map(value)),
        "airship" => opt(s.airship.map(|v| value(&v))),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::roster::{import, Settings};

    fn settings() -> Settings {
        Settings {
            name: "T".into(),
            start: "1200".into(),
            date: None,
            seed: None,
            sea_state: None,
            classes: Vec::new(),
            source: "r.csv".into(),
        }
    }

    #[test]
    fn a_row_per_class_with_a_count_numbers_its_ships() {
        let csv =
            "name,side,class,count\nHMS Wakeful;HMS Whitley,British,w-class,\nTB,German,s53,3\n";
        let i = import(&SPEC, "fgdn-1.1", csv, &settings()).unwrap();
        for want in [
            "id = \"hms-wakeful\"\nname = \"HMS Wakeful\"",
            "id = \"hms-whitley\"",
            "id = \"tb-3\"\nname = \"TB 3\"\nside = \"German\"\nclass = \"s53\"",
        ] {
            assert!(i.text.contains(want), "{want}\n{}", i.text);
        }
        let line = i.text.lines().position(|l| l == "name = \"TB 2\"").unwrap() + 1;
        assert_eq!(i.cell_of(line), Some((3, Some((0, "name".into())))));
    }

    #[test]
    fn every_bad_cell_is_reported_with_row_and_column() {
        let csv = "name,side,dp,armed,mounts,colour\nA,Blue,3x,maybe,[1,red\n";
        let e = import(&SPEC, "fgdn-1.1", csv, &settings()).unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "row 1, column F (colour): unknown column \"colour\" (expected one of: id, name, side, class, count, type, depth, max_depth, size, dp, speed, in_service, rebuilt, nation, belt, deck, tds, armed, tug, crew_factors, crew, fuel, directors, searchlights, wireless, aircraft, mounts, cargo, flight, airship)"
        );
        let csv = "name,side,dp,armed,mounts\nA,Blue,3x,maybe,[1\n,Red,4,yes,\n";
        let e: Vec<String> = import(&SPEC, "fgdn-1.1", csv, &settings())
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            e,
            [
                "row 2, column C (dp): expected a whole number (like 39), found \"3x\"",
                "row 2, column D (armed): expected yes or no, found \"maybe\"",
                "row 2, column E (mounts): expected a TOML list of inline tables like [{ battery = \"main\", name = \"A turret\", caliber = 343 }], found \"[1\"",
                "row 3, column A (name): expected the ship's name (or, with a class and a count, nothing: the names are numbered)",
            ]
        );
    }

    #[test]
    fn the_formula_guard_is_taken_off() {
        let i = import(&SPEC, "fgdn-1.1", "name,side\n'=x,Blue\n", &settings()).unwrap();
        assert!(i.text.contains("name = \"=x\""), "{}", i.text);
    }
}
