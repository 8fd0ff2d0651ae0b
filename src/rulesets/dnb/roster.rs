//! D&B's roster (SPEC 9): a counter per row, front and back as columns `front.si`, `back.si`,
//! ... (each side a `{ ... }` table of the `[[ship]]`), classes as in the scenario. Documented in
//! `docs/roster.md`.
use super::game::{Dnb, DnbSetup};
use crate::core::roster::{ship_rows, Cell, Column, Roster, Spec, To};

/// Every column, in the order `export` writes them.
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
    Column::ship("nation", Cell::Text),
    Column::ship("front.gun_rating", Cell::Whole),
    Column::ship("front.weight_of_fire", Cell::Whole),
    Column::ship("front.si", Cell::Whole),
    Column::ship("front.torpedo_rating", Cell::Whole),
    Column::ship("front.max_range", Cell::Whole),
    Column::ship("front.speed", Cell::Whole),
    Column::ship("front.maneuver", Cell::Whole),
    Column::ship("back.gun_rating", Cell::Whole),
    Column::ship("back.weight_of_fire", Cell::Whole),
    Column::ship("back.si", Cell::Whole),
    Column::ship("back.torpedo_rating", Cell::Whole),
    Column::ship("back.max_range", Cell::Whole),
    Column::ship("back.speed", Cell::Whole),
    Column::ship("back.maneuver", Cell::Whole),
    Column::NOTE,
];

/// D&B's roster.
pub const SPEC: Spec = Spec {
    columns: COLUMNS,
    required: &["name", "side"],
    default_start: "1",
    head: &[],
    group: None,
};

impl Roster for Dnb {
    const ROSTER: Spec = SPEC;

    fn export_rows(setup: &DnbSetup) -> Result<Vec<Vec<String>>, String> {
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
