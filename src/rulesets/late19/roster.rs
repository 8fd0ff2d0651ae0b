//! The late-19th-century naval rules' roster (SPEC 9): a ship per row, her type and armament.
//! These scenarios have no ship classes. Documented in `docs/roster.md`.
use super::game::{L19Setup, Late19};
use crate::core::roster::{ship_rows, Cell, Column, Roster, Spec, To};

/// The ship types' keys (`ShipType::key`), for the `type` column.
pub const TYPES: &[&str] = &[
    "battleship",
    "ironclad",
    "armoured_cruiser",
    "protected_cruiser",
    "torpedo_boat",
    "gunboat",
];

/// Every column, in the order `export` writes them.
pub const COLUMNS: &[Column] = &[
    Column::ship("id", Cell::Text),
    Column::ship("name", Cell::Text),
    Column::ship("side", Cell::Text),
    Column {
        header: "count",
        to: To::Nowhere,
        cell: Cell::Whole,
    },
    Column::ship("type", Cell::Choice(TYPES)),
    Column::ship("main_guns", Cell::Whole),
    Column::ship("secondary_guns", Cell::Whole),
    Column::ship("torpedoes", Cell::YesNo),
    Column::NOTE,
];

/// The late-19th-century naval rules' roster.
pub const SPEC: Spec = Spec {
    columns: COLUMNS,
    required: &["name", "side"],
    default_start: "1",
    head: &[],
    group: None,
};

impl Roster for Late19 {
    const ROSTER: Spec = SPEC;

    fn export_rows(setup: &L19Setup) -> Result<Vec<Vec<String>>, String> {
        ship_rows(
            &SPEC,
            setup
                .state
                .ships
                .iter()
                .map(|s| (s.spec.id.as_str(), &s.spec)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::ship::ShipType;

    #[test]
    fn the_type_column_takes_every_ship_type_of_the_text() {
        let keys: Vec<&str> = ShipType::ALL.iter().map(|t| t.key()).collect();
        assert_eq!(keys, super::TYPES);
    }
}
