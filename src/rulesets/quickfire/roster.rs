//! Quickfire 1.1's roster (SPEC 9): a ship per row with her Ship Values (heavy and light
//! ratings as `gunnery.heavy`, `gunnery.light`, ...). These scenarios have no ship classes.
//! Documented in `docs/roster.md`.
use super::game::{QfSetup, Quickfire};
use crate::core::roster::{ship_rows, Cell, Column, Roster, Spec, To};

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
    Column::ship("size", Cell::Whole),
    Column::ship("gunnery.heavy", Cell::Whole),
    Column::ship("gunnery.light", Cell::Whole),
    Column::ship("armor.heavy", Cell::Whole),
    Column::ship("armor.light", Cell::Whole),
    Column::ship("rof.heavy", Cell::Whole),
    Column::ship("rof.light", Cell::Whole),
    Column::ship("torpedo", Cell::Whole),
    Column::ship("repair", Cell::Whole),
    Column::ship("speed", Cell::Decimal),
    Column::ship("speed_boxes", Cell::Decimals),
    Column::ship("speed_p", Cell::YesNo),
    Column::ship("torpedo_craft", Cell::YesNo),
    Column::NOTE,
];

/// Quickfire's roster.
pub const SPEC: Spec = Spec {
    columns: COLUMNS,
    required: &["name", "side"],
    default_start: "1",
    head: &[],
    group: None,
};

impl Roster for Quickfire {
    const ROSTER: Spec = SPEC;

    fn export_rows(setup: &QfSetup) -> Result<Vec<Vec<String>>, String> {
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
