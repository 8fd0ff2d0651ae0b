//! The A&A fast-play rules' roster (SPEC 9): a ship per row; the rows with the same
//! `squadron` make its `[[squadron]]` (side, name, crew). These scenarios have no ship classes.
//! Documented in `docs/roster.md`.
use super::game::{AaSetup, Aage};
use crate::core::roster::{cells, Cell, Column, Group, Roster, Spec, To};

/// The crew qualities (`Crew::key`).
pub const CREWS: &[&str] = &["superior", "standard", "inferior"];

/// Every column, in the order `export` writes them.
pub const COLUMNS: &[Column] = &[
    Column::ship("id", Cell::Text),
    Column::ship("name", Cell::Text),
    Column {
        header: "side",
        to: To::Group("side"),
        cell: Cell::Text,
    },
    Column::ship("squadron", Cell::Text),
    Column {
        header: "squadron_name",
        to: To::Group("name"),
        cell: Cell::Text,
    },
    Column {
        header: "squadron_crew",
        to: To::Group("crew"),
        cell: Cell::Choice(CREWS),
    },
    Column {
        header: "squadron_models",
        to: To::Group("models"),
        cell: Cell::YesNo,
    },
    Column {
        header: "count",
        to: To::Nowhere,
        cell: Cell::Whole,
    },
    Column::ship("type", Cell::Text),
    Column::ship("speed", Cell::Whole),
    Column::ship("flagship", Cell::YesNo),
    Column::ship("crew", Cell::Choice(CREWS)),
    Column::ship("main", Cell::Text),
    Column::ship("secondary", Cell::Text),
    Column::ship("capacity.hull", Cell::Whole),
    Column::ship("capacity.main", Cell::Whole),
    Column::ship("capacity.secondary", Cell::Whole),
    Column::NOTE,
];

/// The A&A roster.
pub const SPEC: Spec = Spec {
    columns: COLUMNS,
    required: &["name", "side", "squadron"],
    default_start: "1",
    head: &[],
    group: Some(Group {
        table: "squadron",
        by: "squadron",
    }),
};

fn value<T: serde::Serialize>(v: &T) -> toml::Value {
    toml::Value::try_from(v).unwrap_or_else(|_| toml::Value::String(String::new()))
}

impl Roster for Aage {
    const ROSTER: Spec = SPEC;

    /// Each ship as her `[[ship]]` would give her (her crew only where it is not her
    /// squadron's), with her squadron's table.
    fn export_rows(setup: &AaSetup) -> Result<Vec<Vec<String>>, String> {
        let st = &setup.state;
        st.ships
            .iter()
            .map(|s| {
                let sq = st
                    .squadron(&s.squadron)
                    .ok_or_else(|| format!("ship \"{}\": no squadron \"{}\"", s.id, s.squadron))?;
                let mut t = toml::Table::new();
                t.insert("id".into(), value(&s.id));
                t.insert("name".into(), value(&s.name));
                t.insert("squadron".into(), value(&s.squadron));
                t.insert("type".into(), value(&s.kind.code()));
                t.insert("speed".into(), value(&s.max_speed));
                t.insert("flagship".into(), value(&s.flagship));
                if s.crew != sq.spec.crew {
                    t.insert("crew".into(), value(&s.crew));
                }
                if let Some(m) = s.main {
                    t.insert("main".into(), value(&m.code()));
                }
                if let Some(m) = s.secondary {
                    t.insert("secondary".into(), value(&m.code()));
                }
                if let Some(c) = &s.capacity {
                    t.insert("capacity".into(), value(c));
                }
                let g = toml::Table::try_from(&sq.spec).map_err(|e| e.to_string())?;
                Ok(cells(&SPEC, &t, Some(&g)))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::ship::Crew;

    #[test]
    fn the_crew_columns_take_every_crew_quality() {
        let keys: Vec<&str> = Crew::ALL.iter().map(|c| c.key()).collect();
        assert_eq!(keys, super::CREWS);
    }
}
