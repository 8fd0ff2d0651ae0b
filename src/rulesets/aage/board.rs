//! The A&A ship record on the dashboard (the screen model of `core::board`): type, crew,
//! current speed (E evasive, STOP stopped), damage by location (of the scenario's capacity if
//! any), fires and floods, rudder/engine room/bridge hits, splash markers and the state (sunk,
//! catastrophic, out of command) per ship; the detail panel with armour, hit locations,
//! undefined effects and what the schedule holds for the ship; forms for gunfire, torpedoes,
//! typed damage, a critical roll and a repair.
use super::command::SYNTAX;
use super::game::{AaGame, Aage};
use super::ship::UNDEFINED;
use super::tables::Tables;
use super::timers::{schedule, Due, TimerKind};
use super::view::{fleet_row, FLEET_COLUMNS};
use crate::core::board::{
    Board, Cell, Column, FieldKind, FieldSpec, FleetRow, FormSpec, Head, Seen, Tone,
};

fn due_line(d: &Due) -> String {
    format!("turn {} {} · {}", d.turn, d.phase, d.what)
}

fn ship(label: &'static str, keyword: &'static str) -> FieldSpec {
    FieldSpec {
        label,
        keyword,
        kind: FieldKind::Ship,
    }
}

impl Board for Aage {
    fn columns() -> Vec<Column> {
        FLEET_COLUMNS
            .iter()
            .map(|&(title, width)| Column::new(title, width))
            .collect()
    }

    fn fleet(g: &AaGame, tables: &Tables) -> Vec<FleetRow> {
        (0..g.rules.ships.len())
            .filter_map(|i| Self::ship_row(g, tables, i))
            .collect()
    }

    /// Ship `i`'s row alone: a face builds only the rows it draws.
    fn ship_row(g: &AaGame, _tables: &Tables, i: usize) -> Option<FleetRow> {
        let s = g.rules.ships.get(i)?;
        let hurt = |n: u32| if n > 0 { Tone::Warn } else { Tone::Ok };
        let state = if s.afloat() && !s.catastrophic() {
            Tone::Warn
        } else {
            Tone::Danger
        };
        let tones = [
            Tone::Plain,
            Tone::Dim,
            if s.evasive || s.stopped {
                Tone::Warn
            } else {
                Tone::Plain
            },
            hurt(s.damage.hull),
            hurt(s.damage.main),
            hurt(s.damage.secondary),
            if s.fires + s.floods > 0 {
                Tone::Danger
            } else {
                Tone::Dim
            },
            Tone::Warn,
            Tone::Plain,
            state,
        ];
        Some(FleetRow {
            id: s.id.clone(),
            name: s.name.clone(),
            side: s.side.clone(),
            cells: fleet_row(s)
                .into_iter()
                .zip(tones)
                .map(|(text, tone)| Cell::toned(text, tone))
                .collect(),
            out: !s.afloat(),
        })
    }

    fn ship_heads(g: &AaGame, _tables: &Tables) -> Vec<Head> {
        g.rules
            .ships
            .iter()
            .map(|s| Head {
                id: s.id.clone(),
                name: s.name.clone(),
                side: s.side.clone(),
            })
            .collect()
    }

    fn detail(g: &AaGame, tables: &Tables, i: usize) -> Vec<String> {
        let Some(s) = g.rules.ships.get(i) else {
            return Vec::new();
        };
        let row = tables.of(s.kind);
        let class = |c: Option<super::ship::GunClass>| c.map_or("-".to_string(), |c| c.to_string());
        let mut out = vec![
            format!(
                "{} ({}) · {} · {} ({})",
                s.name, s.id, s.side, row.name, s.kind
            ),
            format!(
                "squadron {} · {} crew · {} of {} kts{}{}{}",
                s.squadron,
                s.crew,
                s.speed,
                s.max_speed,
                if s.stopped { " · stopped" } else { "" },
                if s.evasive { " · evasive" } else { "" },
                if s.flagship { " · flagship" } else { "" },
            ),
            format!(
                "armour hull {} main {} 2ndary {} · guns main {} 2ndary {}",
                row.armour.hull,
                row.armour.main,
                row.armour.secondary,
                class(s.main),
                class(s.secondary)
            ),
            format!(
                "damage hull {} main {} 2ndary {}{}",
                s.damage.hull,
                s.damage.main,
                s.damage.secondary,
                s.capacity.map_or(String::new(), |c| format!(
                    " (capacity {}/{}/{})",
                    c.hull, c.main, c.secondary
                ))
            ),
            format!(
                "fires {} · floods {} · splash {} · sinking die {}",
                s.fires, s.floods, s.splash, row.sinking_die
            ),
        ];
        let undefined = s.undefined_effects();
        if !undefined.is_empty() {
            out.push(format!("{}: {UNDEFINED}", undefined.join(", ")));
        }
        if s.catastrophic() && s.afloat() {
            out.push("catastrophic: a sinking test each ongoing damage phase (5.17)".into());
        }
        // A sunk ship: when and why (SPEC 10).
        out.extend(super::view::sunk_words(s));
        if s.out_of_command {
            out.push("out of command (2.4: -1 to her side's initiative)".into());
        }
        for d in schedule(&g.rules, tables, g.clock.turn, g.clock.phase)
            .into_iter()
            .filter(|d| d.ship == Some(i))
        {
            out.push(due_line(&d));
        }
        out
    }

    fn due(g: &AaGame, tables: &Tables) -> Vec<String> {
        let mut out = vec![format!(
            "weather {}{}",
            g.rules.weather.words(),
            if g.rules.night { " · night" } else { "" }
        )];
        out.extend(
            schedule(&g.rules, tables, g.clock.turn, g.clock.phase)
                .iter()
                .map(due_line),
        );
        if let Some(x) = g
            .rules
            .initiative
            .as_ref()
            .filter(|x| x.turn == g.clock.turn)
        {
            if let Some(first) = &x.first {
                out.push(format!(
                    "turn {}: {first} won the initiative (moves and shoots first)",
                    x.turn
                ));
            }
        }
        out
    }

    fn title(g: &AaGame) -> String {
        g.name.clone()
    }

    fn clock_text(g: &AaGame) -> String {
        clock_in(g, g.clock.phase)
    }

    fn clock_width(g: &AaGame) -> usize {
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
                title: "Gunfire",
                verb: "gun",
                fields: vec![
                    ship("Target", "at"),
                    FieldSpec {
                        label: "Dice (d10)",
                        keyword: "dice",
                        kind: FieldKind::Number { required: true },
                    },
                    FieldSpec {
                        label: "Range band",
                        keyword: "range",
                        kind: FieldKind::Choice(vec!["short", "med1", "med2", "long"]),
                    },
                    FieldSpec {
                        label: "Gun class (- main)",
                        keyword: "class",
                        kind: FieldKind::Choice(vec![
                            "-", "A", "B", "C", "D", "E", "F", "G", "H", "I",
                        ]),
                    },
                ],
            },
            FormSpec {
                key: 'x',
                title: "Torpedoes",
                verb: "torpedo",
                fields: vec![
                    ship("Target", "at"),
                    FieldSpec {
                        label: "Dice (d10)",
                        keyword: "dice",
                        kind: FieldKind::Number { required: true },
                    },
                    FieldSpec {
                        label: "Outside target's P/S arcs",
                        keyword: "outside_arc",
                        kind: FieldKind::Flag,
                    },
                ],
            },
            FormSpec {
                key: 'd',
                title: "Damage",
                verb: "damage",
                fields: vec![
                    FieldSpec {
                        label: "Location",
                        keyword: "",
                        kind: FieldKind::Choice(vec!["hull", "main", "secondary"]),
                    },
                    FieldSpec {
                        label: "Points",
                        keyword: "",
                        kind: FieldKind::Number { required: true },
                    },
                ],
            },
            FormSpec {
                key: 'c',
                title: "Critical",
                verb: "crit",
                fields: vec![FieldSpec {
                    label: "Table",
                    keyword: "",
                    kind: FieldKind::Choice(vec!["gunnery", "underwater"]),
                }],
            },
            FormSpec {
                key: 'o',
                title: "Repair",
                verb: "repair",
                fields: vec![
                    FieldSpec {
                        label: "Item",
                        keyword: "",
                        kind: FieldKind::Choice(vec![
                            "fire",
                            "flood",
                            "rudder",
                            "engine_room",
                            "bridge",
                        ]),
                    },
                    FieldSpec {
                        label: "Result",
                        keyword: "",
                        kind: FieldKind::Choice(vec!["ok", "fail"]),
                    },
                ],
            },
        ]
    }

    fn sides(g: &AaGame) -> Vec<String> {
        g.rules.sides()
    }

    /// The fog-of-war reading of `docs/rules-notes-aage-qr-2020.md` (the text has no rule
    /// beyond contact markers): a side sees its own ship records whole; of an enemy ship, its
    /// type (and so its armour), its speed and evasive or stopped (seen on the table), visible
    /// fires, splash markers, and whether it is sunk; not its damage, floods, crew, rudder,
    /// engine room or bridge hits, catastrophic results or command.
    fn seen_by(g: &AaGame, tables: &Tables, side: &str) -> Seen {
        let own = |i: usize| {
            g.rules
                .ships
                .get(i)
                .is_some_and(|s| s.side.eq_ignore_ascii_case(side))
        };
        let full = Aage::fleet(g, tables);
        let mut fleet = Vec::new();
        let mut detail = Vec::new();
        for (i, (s, row)) in g.rules.ships.iter().zip(full).enumerate() {
            if own(i) {
                fleet.push(row);
                detail.push(Aage::detail(g, tables, i));
                continue;
            }
            let hidden = || Cell::toned("?", Tone::Dim);
            let sunk = !s.afloat();
            let cells = vec![
                Cell::plain(s.kind.code()),
                hidden(),
                Cell::plain(super::view::speed_cell(s)),
                hidden(),
                hidden(),
                hidden(),
                Cell::toned(format!("{}/?", s.fires), Tone::Dim),
                hidden(),
                Cell::plain(if s.splash > 0 {
                    s.splash.to_string()
                } else {
                    String::new()
                }),
                Cell::toned(
                    s.sunk_turn.map_or(String::new(), |t| format!("SUNK t{t}")),
                    Tone::Danger,
                ),
            ];
            fleet.push(FleetRow {
                id: s.id.clone(),
                name: s.name.clone(),
                side: s.side.clone(),
                cells,
                out: sunk,
            });
            detail.push(vec![
                format!(
                    "{} ({}) · {} · {}",
                    s.name,
                    s.id,
                    s.side,
                    tables.of(s.kind).name
                ),
                format!("status {}", s.status().as_str()),
                "damage, floods, crew, criticals and command are hidden".into(),
            ]);
        }
        let due = std::iter::once(format!(
            "weather {}{}",
            g.rules.weather.words(),
            if g.rules.night { " · night" } else { "" }
        ))
        .chain(
            schedule(&g.rules, tables, g.clock.turn, g.clock.phase)
                .iter()
                .filter(|d| match d.ship {
                    Some(i) => own(i),
                    None => d.kind != TimerKind::Morale,
                })
                .map(due_line),
        )
        .collect();
        Seen { fleet, detail, due }
    }
}

/// The header's clock at `phase` of the turn shown.
fn clock_in(g: &AaGame, phase: super::Phase) -> String {
    format!(
        "Turn {} · {} · {}{}",
        g.clock.turn,
        phase.as_str().replace('_', " "),
        g.rules.weather.words(),
        if g.rules.night { ", night" } else { "" }
    )
}
