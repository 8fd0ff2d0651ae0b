//! The late-19th ship log on the dashboard (the screen model of `core::board`): type, FP left
//! of FP, the critical point, movement, main and secondary guns with their type, torpedoes
//! fired of four, minor damage and the orders (break off, sinking, sunk) per ship; the detail
//! panel with the trade-offs made and what the schedule holds for the ship; forms for a salvo,
//! a torpedo, a hit and a trade-off.
use super::command::SYNTAX;
use super::game::{L19Game, Late19};
use super::ship::{Status, MINOR_UNDEFINED};
use super::tables::Tables;
use super::timers::{schedule, Due, TimerKind};
use super::view::{fleet_row, markers, FLEET_COLUMNS};
use crate::core::board::{
    Board, Cell, Column, FieldKind, FieldSpec, FleetRow, FormSpec, Head, Seen, Tone,
};

fn due_line(d: &Due) -> String {
    format!("turn {} {} · {}", d.turn, d.phase, d.what)
}

impl Board for Late19 {
    fn columns() -> Vec<Column> {
        FLEET_COLUMNS
            .iter()
            .map(|&(title, width)| Column::new(title, width))
            .collect()
    }

    fn fleet(g: &L19Game, tables: &Tables) -> Vec<FleetRow> {
        (0..g.rules.ships.len())
            .filter_map(|i| Self::ship_row(g, tables, i))
            .collect()
    }

    /// Ship `i`'s row alone: a face builds only the rows it draws.
    fn ship_row(g: &L19Game, tables: &Tables, i: usize) -> Option<FleetRow> {
        let s = g.rules.ships.get(i)?;
        let tv = tables.of(s.spec.kind);
        let fp_tone = match s.status(tv) {
            Status::Sunk | Status::Sinking => Tone::Danger,
            Status::Afloat if s.must_break_off(tv) => Tone::Warn,
            Status::Afloat => Tone::Ok,
        };
        let tones = [
            Tone::Plain,
            fp_tone,
            Tone::Dim,
            Tone::Plain,
            Tone::Plain,
            Tone::Plain,
            Tone::Plain,
            Tone::Plain,
            Tone::Danger,
        ];
        Some(FleetRow {
            id: s.id().to_string(),
            name: s.spec.name.clone(),
            side: s.spec.side.clone(),
            cells: fleet_row(s, tables)
                .into_iter()
                .zip(tones)
                .map(|(text, tone)| Cell::toned(text, tone))
                .collect(),
            out: s.status(tv) == Status::Sunk,
        })
    }

    fn ship_heads(g: &L19Game, _tables: &Tables) -> Vec<Head> {
        g.rules
            .ships
            .iter()
            .map(|s| Head {
                id: s.id().to_string(),
                name: s.spec.name.clone(),
                side: s.spec.side.clone(),
            })
            .collect()
    }

    fn detail(g: &L19Game, tables: &Tables, i: usize) -> Vec<String> {
        let Some(s) = g.rules.ships.get(i) else {
            return Vec::new();
        };
        let tv = tables.of(s.spec.kind);
        let gun = |n: u32, t: Option<super::ship::GunType>| match t {
            Some(t) => format!("{n} {}", t.words()),
            None => "none".into(),
        };
        let mut out = vec![
            format!(
                "{} ({}) · {} · {}",
                s.spec.name,
                s.id(),
                s.spec.side,
                tv.name
            ),
            format!(
                "FP {} of {} · critical point {} · status {}",
                s.fp(tv),
                tv.fp,
                tv.critical_point,
                s.status(tv).as_str()
            ),
            format!(
                "main {} · secondary {} · movement {} of {} hexes",
                gun(s.main_guns(), tv.main_gun.map(|x| x.0)),
                gun(s.secondary_guns(), tv.secondary_gun.map(|x| x.0)),
                s.movement(tv),
                tv.movement
            ),
            if s.spec.torpedoes {
                format!(
                    "torpedoes fired {} of {}",
                    s.torpedoes_fired, tables.torpedoes.per_battle
                )
            } else {
                "not equipped for torpedoes".into()
            },
        ];
        if s.traded_move + s.traded_main + s.traded_secondary > 0 {
            out.push(format!(
                "traded off for the battle: {} hexes, {} main guns, {} secondary guns",
                s.traded_move, s.traded_main, s.traded_secondary
            ));
        }
        if s.minor_damage > 0 {
            out.push(format!(
                "minor damage ×{}: {MINOR_UNDEFINED}",
                s.minor_damage
            ));
        }
        let m = markers(s, tables);
        if m == "BREAK OFF" {
            out.push("orders: break off from battle (at the critical point, rule b)".into());
        }
        // A sunk ship: when and why (SPEC 10).
        out.extend(super::view::sunk_words(s));
        for d in schedule(&g.rules, tables, g.clock.turn, g.clock.phase)
            .into_iter()
            .filter(|d| d.ship == Some(i))
        {
            out.push(due_line(&d));
        }
        out
    }

    fn due(g: &L19Game, tables: &Tables) -> Vec<String> {
        let mut out: Vec<String> = schedule(&g.rules, tables, g.clock.turn, g.clock.phase)
            .iter()
            .map(due_line)
            .collect();
        if let Some(x) = g
            .rules
            .initiative
            .as_ref()
            .filter(|x| x.turn == g.clock.turn)
        {
            if let Some(first) = &x.first {
                out.push(format!("turn {}: {first} moves first", x.turn));
            }
        }
        out
    }

    fn title(g: &L19Game) -> String {
        g.name.clone()
    }

    fn clock_text(g: &L19Game) -> String {
        clock_in(g, g.clock.phase)
    }

    fn clock_width(g: &L19Game) -> usize {
        crate::core::turns::widest(|p| clock_in(g, p))
    }

    fn commands() -> Vec<(&'static str, &'static str)> {
        SYNTAX
            .iter()
            .chain(<super::Phase as crate::core::turns::TurnPhase>::ENGINE_VERBS)
            .copied()
            .collect()
    }

    fn forms() -> Vec<FormSpec> {
        vec![
            FormSpec {
                key: 'f',
                title: "Guns",
                verb: "guns",
                fields: vec![
                    FieldSpec {
                        label: "Target",
                        keyword: "at",
                        kind: FieldKind::Ship,
                    },
                    FieldSpec {
                        label: "Armament",
                        keyword: "",
                        kind: FieldKind::Choice(vec!["main", "secondary"]),
                    },
                    FieldSpec {
                        label: "Guns that bear",
                        keyword: "n",
                        kind: FieldKind::Number { required: false },
                    },
                    FieldSpec {
                        label: "Range (hexes)",
                        keyword: "range",
                        kind: FieldKind::Number { required: false },
                    },
                    FieldSpec {
                        label: "Direct line-of-sight",
                        keyword: "los",
                        kind: FieldKind::Flag,
                    },
                    FieldSpec {
                        label: "Target in cover",
                        keyword: "cover",
                        kind: FieldKind::Flag,
                    },
                    FieldSpec {
                        label: "Firer has moved",
                        keyword: "moved",
                        kind: FieldKind::Flag,
                    },
                ],
            },
            FormSpec {
                key: 'x',
                title: "Torpedo",
                verb: "torpedo",
                fields: vec![
                    FieldSpec {
                        label: "First ship in its path",
                        keyword: "at",
                        kind: FieldKind::Ship,
                    },
                    FieldSpec {
                        label: "Range (hexes)",
                        keyword: "range",
                        kind: FieldKind::Number { required: false },
                    },
                ],
            },
            FormSpec {
                key: 'd',
                title: "Hit",
                verb: "hit",
                fields: vec![FieldSpec {
                    label: "By",
                    keyword: "by",
                    kind: FieldKind::Choice(vec![
                        "super_heavy",
                        "heavy",
                        "medium",
                        "light",
                        "very_light",
                        "torpedo",
                    ]),
                }],
            },
            FormSpec {
                key: 'o',
                title: "Trade-off",
                verb: "trade",
                fields: vec![
                    FieldSpec {
                        label: "Give up",
                        keyword: "",
                        kind: FieldKind::Choice(vec!["move", "main", "secondary"]),
                    },
                    FieldSpec {
                        label: "FP",
                        keyword: "",
                        kind: FieldKind::Number { required: true },
                    },
                ],
            },
        ]
    }

    fn sides(g: &L19Game) -> Vec<String> {
        g.rules.sides()
    }

    /// The fog-of-war reading of `docs/rules-notes-late19-naval.md` (the text has no rule): a
    /// side sees its own ship logs whole; of an enemy ship, its type (and so its FP and critical
    /// point by type) and whether it is breaking off, sinking or sunk (visible on the table),
    /// but not its FP left, guns left, minor damage, trade-offs or torpedoes left.
    fn seen_by(g: &L19Game, tables: &Tables, side: &str) -> Seen {
        let own = |i: usize| {
            g.rules
                .ships
                .get(i)
                .is_some_and(|s| s.spec.side.eq_ignore_ascii_case(side))
        };
        let full = Late19::fleet(g, tables);
        let mut fleet = Vec::new();
        let mut detail = Vec::new();
        for (i, (s, row)) in g.rules.ships.iter().zip(full).enumerate() {
            if own(i) {
                fleet.push(row);
                detail.push(Late19::detail(g, tables, i));
                continue;
            }
            let tv = tables.of(s.spec.kind);
            let hidden = |t: &str| Cell::toned(t, Tone::Dim);
            let mut cells = vec![
                Cell::plain(s.spec.kind.short()),
                hidden(&format!("?/{}", tv.fp)),
                Cell::toned(tv.critical_point.to_string(), Tone::Dim),
                hidden("?"),
                hidden("?"),
                hidden("?"),
                hidden(if s.spec.torpedoes { "?" } else { "-" }),
                hidden("?"),
                Cell::toned(markers(s, tables), Tone::Danger),
            ];
            cells.truncate(FLEET_COLUMNS.len());
            let sunk = s.status(tv) == Status::Sunk;
            fleet.push(FleetRow {
                id: s.id().to_string(),
                name: s.spec.name.clone(),
                side: s.spec.side.clone(),
                cells,
                out: sunk,
            });
            detail.push(vec![
                format!(
                    "{} ({}) · {} · {}",
                    s.spec.name,
                    s.id(),
                    s.spec.side,
                    tv.name
                ),
                format!("status {}", s.status(tv).as_str()),
                "FP, minor damage, trade-offs and torpedoes left are hidden".into(),
            ]);
        }
        let due = schedule(&g.rules, tables, g.clock.turn, g.clock.phase)
            .iter()
            .filter(|d| match d.ship {
                Some(i) => own(i) || d.kind == TimerKind::Sinks,
                None => true,
            })
            .map(due_line)
            .collect();
        Seen { fleet, detail, due }
    }
}

/// The header's clock at `phase` of the turn shown.
fn clock_in(g: &L19Game, phase: super::Phase) -> String {
    format!("Turn {} · {phase} step", g.clock.turn)
}
