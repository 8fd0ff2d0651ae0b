//! The D&B ship log on the dashboard (the screen model of `core::board`): SI left of SI, the
//! side of the counter that is up, speed, criticals and markers per ship; the counter's values
//! and the ship's timers in the detail panel; the one schedule as the due list; forms for a
//! firing result (gunnery with the hits counted at the table) and a critical.
use super::command::SYNTAX;
use super::game::{Dnb, DnbGame};
use super::ship::Status;
use super::tables::Tables;
use super::timers::{schedule, Due, TimerKind};
use super::view::{fleet_row, FLEET_COLUMNS};
use crate::core::board::{
    Board, Cell, Column, FieldKind, FieldSpec, FleetRow, FormSpec, Head, Seen, Tone,
};

/// A schedule item as the due list shows it (its text names the ship).
fn due_line(d: &Due) -> String {
    format!("turn {} {} · {}", d.turn, d.phase, d.what)
}

impl Board for Dnb {
    fn columns() -> Vec<Column> {
        FLEET_COLUMNS
            .iter()
            .map(|&(title, width)| Column::new(title, width))
            .collect()
    }

    fn fleet(g: &DnbGame, tables: &Tables) -> Vec<FleetRow> {
        (0..g.rules.ships.len())
            .filter_map(|i| Self::ship_row(g, tables, i))
            .collect()
    }

    /// Ship `i`'s row alone: a face builds only the rows it draws.
    fn ship_row(g: &DnbGame, _tables: &Tables, i: usize) -> Option<FleetRow> {
        let turn = g.clock.turn;
        let s = g.rules.ships.get(i)?;
        let texts = fleet_row(s, turn);
        let si_tone = match s.st.status {
            Status::Sunk | Status::Hulk => Tone::Danger,
            Status::Afloat if s.si_left() * 2 < s.counter().si as i32 => Tone::Warn,
            Status::Afloat if s.heavily_damaged() => Tone::Warn,
            Status::Afloat => Tone::Ok,
        };
        let tones = [si_tone, Tone::Plain, Tone::Plain, Tone::Warn, Tone::Plain];
        Some(FleetRow {
            id: s.id().to_string(),
            name: s.spec.name.clone(),
            side: s.spec.side.clone(),
            cells: texts
                .into_iter()
                .zip(tones)
                .map(|(text, tone)| Cell::toned(text, tone))
                .collect(),
            out: s.st.status == Status::Sunk,
        })
    }

    fn ship_heads(g: &DnbGame, _tables: &Tables) -> Vec<Head> {
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

    fn detail(g: &DnbGame, _tables: &Tables, i: usize) -> Vec<String> {
        let Some(s) = g.rules.ships.get(i) else {
            return Vec::new();
        };
        let turn = g.clock.turn;
        let c = s.counter();
        let (lo, hi) = s.move_hexes();
        let mut out = vec![
            format!("{} ({}) · {}", s.spec.name, s.id(), s.spec.side),
            format!(
                "counter {} side up{}",
                s.st.face.as_str(),
                if s.spec.back.is_some() {
                    ""
                } else {
                    " (no back: sinks when its SI is gone)"
                }
            ),
            format!(
                "SI {} of {} (hits {}); damage throw compares {}",
                s.si_left(),
                c.si,
                s.st.hits,
                s.si_for_damage()
            ),
            format!(
                "gun rating {} · weight of fire {} · torpedo rating {} · range {}",
                c.gun_rating, c.weight_of_fire, c.torpedo_rating, c.max_range
            ),
            format!(
                "speed {} now (flank {}) · {} · moves {} · maneuver {}",
                s.max_speed(),
                c.speed,
                s.st.speed_setting.as_str(),
                if lo == hi {
                    lo.to_string()
                } else {
                    format!("{lo}-{hi}")
                },
                s.maneuver()
            ),
            // A sunk ship: when and why (SPEC 10).
            super::view::sunk_words(s).map_or_else(
                || format!("status {}", s.st.status.as_str()),
                |w| format!("status {w}"),
            ),
        ];
        let row = fleet_row(s, turn);
        if !row[3].is_empty() {
            out.push(format!("criticals: {}", row[3]));
        }
        if !row[4].is_empty() {
            out.push(format!("markers: {}", row[4]));
        }
        for d in schedule(&g.rules, turn, g.clock.phase)
            .into_iter()
            .filter(|d| d.ship == Some(i))
        {
            out.push(format!("turn {} {}: {}", d.turn, d.phase, d.what));
        }
        out
    }

    fn due(g: &DnbGame, _tables: &Tables) -> Vec<String> {
        schedule(&g.rules, g.clock.turn, g.clock.phase)
            .iter()
            .map(due_line)
            .collect()
    }

    fn sides(g: &DnbGame) -> Vec<String> {
        crate::core::board::sides_in_order(g.rules.ships.iter().map(|s| s.spec.side.as_str()))
    }

    /// The fog-of-war rule of `docs/rules-notes-dnb-standard.md` (the same as `view::observe`):
    /// a player sees each counter's face and printed values and the markers on top of it; hit
    /// markers (beneath the counter, 2.17), the secret speed marker (8.1), steering jammed and
    /// equipment damaged (no marker) and hits still pending are the owner's or the umpire's.
    /// Sunk ships show only as sunk (6.11b).
    fn seen_by(g: &DnbGame, tables: &Tables, side: &str) -> Seen {
        let own = |i: usize| {
            g.rules
                .ships
                .get(i)
                .is_some_and(|s| s.spec.side.eq_ignore_ascii_case(side))
        };
        let full = Dnb::fleet(g, tables);
        let mut fleet = Vec::new();
        let mut detail = Vec::new();
        for (i, (s, row)) in g.rules.ships.iter().zip(full).enumerate() {
            if own(i) {
                fleet.push(row);
                detail.push(Dnb::detail(g, tables, i));
                continue;
            }
            let c = s.counter();
            let mut marks = Vec::new();
            if s.st.fires > 0 {
                marks.push(format!("fire{}", s.st.fires));
            }
            if s.st.status == Status::Hulk {
                marks.push("hulk".into());
            }
            if s.st.evasive {
                marks.push("evasive".into());
            }
            if s.st.torps_out {
                marks.push("torps-out".into());
            } else if s.st.torpedo_attacks > 0 {
                marks.push("torps-fired".into());
            }
            if s.st.speed_cap.is_some() {
                marks.push("slowed".into());
            }
            let sunk = s.st.status == Status::Sunk;
            let cells = if sunk {
                vec![Cell::toned("sunk", Tone::Danger)]
            } else {
                vec![
                    Cell::plain(format!("?/{}", c.si)),
                    Cell::plain(s.st.face.as_str()),
                    Cell::plain(format!("?/{}", c.speed)),
                    Cell::toned(if s.is_diw() { "DIW" } else { "" }, Tone::Warn),
                    Cell::plain(marks.join(" ")),
                ]
            };
            fleet.push(FleetRow {
                id: s.id().to_string(),
                name: s.spec.name.clone(),
                side: s.spec.side.clone(),
                cells,
                out: sunk,
            });
            detail.push(if sunk {
                vec![format!(
                    "{} ({}) · {}: sunk",
                    s.spec.name,
                    s.id(),
                    s.spec.side
                )]
            } else {
                vec![
                    format!("{} ({}) · {}", s.spec.name, s.id(), s.spec.side),
                    format!(
                        "counter {} side up: SI {} · gun rating {} · weight of fire {} · \
                         torpedo rating {} · range {} · speed {} · maneuver {}",
                        s.st.face.as_str(),
                        c.si,
                        c.gun_rating,
                        c.weight_of_fire,
                        c.torpedo_rating,
                        c.max_range,
                        c.speed,
                        c.maneuver
                    ),
                    format!(
                        "markers: {}",
                        if marks.is_empty() {
                            "none".to_string()
                        } else {
                            marks.join(" ")
                        }
                    ),
                    "hit markers and the speed marker are hidden (2.17, 8.1)".to_string(),
                ]
            });
        }
        let due = schedule(&g.rules, g.clock.turn, g.clock.phase)
            .iter()
            .filter(|d| match d.ship {
                Some(i) => {
                    own(i)
                        || matches!(
                            d.kind,
                            TimerKind::HulkSinking | TimerKind::FireMarkers | TimerKind::DiwRepair
                        )
                }
                None => d.kind != TimerKind::PendingHits,
            })
            .map(due_line)
            .collect();
        Seen { fleet, detail, due }
    }

    fn title(g: &DnbGame) -> String {
        g.name.clone()
    }

    fn clock_text(g: &DnbGame) -> String {
        clock_in(g, g.clock.phase)
    }

    fn clock_width(g: &DnbGame) -> usize {
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
                title: "Gunnery",
                verb: "gunnery",
                fields: vec![
                    FieldSpec {
                        label: "Target",
                        keyword: "",
                        kind: FieldKind::Ship,
                    },
                    FieldSpec {
                        label: "Range",
                        keyword: "range",
                        kind: FieldKind::Choice(vec!["-", "long", "effective", "close", "minimum"]),
                    },
                    FieldSpec {
                        label: "Broadside",
                        keyword: "broadside",
                        kind: FieldKind::Flag,
                    },
                    FieldSpec {
                        label: "Smoke between",
                        keyword: "smoke",
                        kind: FieldKind::Number { required: false },
                    },
                    FieldSpec {
                        label: "Reaction fire",
                        keyword: "reaction",
                        kind: FieldKind::Flag,
                    },
                    FieldSpec {
                        label: "Hits counted",
                        keyword: "hits",
                        kind: FieldKind::Number { required: false },
                    },
                ],
            },
            FormSpec {
                key: 'x',
                title: "Torpedo attack",
                verb: "torpedo",
                fields: vec![
                    FieldSpec {
                        label: "Target",
                        keyword: "",
                        kind: FieldKind::Ship,
                    },
                    FieldSpec {
                        label: "Range (hexes)",
                        keyword: "",
                        kind: FieldKind::Number { required: true },
                    },
                    FieldSpec {
                        label: "Smoke between",
                        keyword: "smoke",
                        kind: FieldKind::Number { required: false },
                    },
                    FieldSpec {
                        label: "Hits counted",
                        keyword: "hits",
                        kind: FieldKind::Number { required: false },
                    },
                ],
            },
            FormSpec {
                key: 'd',
                title: "SI hits",
                verb: "si",
                fields: vec![FieldSpec {
                    label: "Hits",
                    keyword: "",
                    kind: FieldKind::Number { required: true },
                }],
            },
            FormSpec {
                key: 'c',
                title: "Critical hit",
                verb: "crit",
                fields: vec![FieldSpec {
                    label: "Kind",
                    keyword: "",
                    kind: FieldKind::Choice(vec![
                        "steering_jammed",
                        "equipment_damaged",
                        "waterline_hit",
                        "fire",
                        "dead_in_water",
                        "catastrophic",
                    ]),
                }],
            },
        ]
    }
}

/// The header's clock at `phase` of the turn shown.
fn clock_in(g: &DnbGame, phase: super::Phase) -> String {
    format!("Turn {} · {phase} phase", g.clock.turn)
}
