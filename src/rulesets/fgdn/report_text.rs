//! FG&DN's after-action report as text (`rulesets::fgdn::report` builds it from the log): for
//! campaign records (Markdown, CSV of ships or of dated records), a printable page with a damage
//! chart per ship (HTML: one file, inline CSS and SVG, no scripts, nothing fetched) or
//! everything as JSON. The face writes it (`Registered::report_text`).
use crate::core::text::{
    csv_row, esc_code, html_escape as esc, html_table, printable as p, printable_lines, wall_text,
    REPORT_CSS,
};
use crate::rulesets::fgdn::clock::Phase;
use crate::rulesets::fgdn::event::Casualty;
use crate::rulesets::fgdn::report::{
    axis_label, chart_span, CasualtyCourse, EntryRef, GameTime, Report, ShipReport,
};
use crate::rulesets::{CsvTable, ReportFormat as Format};
use std::fmt::Write as _;

/// The stroke colour of the damage line in the HTML charts (the browser test looks for it).
pub const CHART_STROKE: &str = "#d4145a";

/// FG&DN's after-action report in `format` (`table`: which CSV table).
pub fn render(report: &Report, format: Format, table: CsvTable) -> Result<String, String> {
    Ok(match format {
        // Every name is escaped where it is written; this catches anything a field forgets.
        Format::Md => printable_lines(&markdown(report)).into_owned(),
        Format::Html => html(report),
        Format::Csv => match table {
            CsvTable::Ships => csv_ships(report),
            CsvTable::Events => csv_events(report),
        },
        Format::Json => {
            let mut s = serde_json::to_string_pretty(report)
                .map_err(|e| format!("the report does not serialize: {e}"))?;
            s.push('\n');
            s
        }
    })
}

// ---------------------------------------------------------------- shared wording

/// `11:10:05` (UTC) for tables.
fn wall_short(wall: Option<&str>) -> String {
    match wall.map(chrono::DateTime::parse_from_rfc3339) {
        Some(Ok(t)) => t.with_timezone(&chrono::Utc).format("%H:%M:%S").to_string(),
        Some(Err(_)) => wall.unwrap_or_default().to_string(),
        None => String::new(),
    }
}

fn time_span(r: &Report) -> String {
    let s = &r.summary;
    let mut t = format!(
        "game time {} to {} ({} minutes)",
        s.start.text(),
        s.end.text(),
        s.minutes
    );
    if let Some(e) = &s.battle_ended {
        let _ = write!(t, "; battle ended {}", e.text());
    }
    t
}

fn wall_span(r: &Report) -> Option<String> {
    let s = &r.summary;
    match (&s.wall_first, &s.wall_last) {
        (Some(a), Some(b)) => {
            let (a, b) = (wall_text(a), wall_text(b));
            // The same day: the end as a time only.
            let b = match (a.get(..10), b.get(..10), b.get(11..)) {
                (Some(x), Some(y), Some(rest)) if x == y => rest.to_string(),
                _ => b,
            };
            Some(format!("entered {a} to {b}"))
        }
        _ => None,
    }
}

fn entries_text(r: &Report) -> String {
    let s = &r.summary;
    format!(
        "{} log entries ({} in effect, {} undone)",
        s.entries, s.in_effect, s.undone
    )
}

fn entry_text(e: &EntryRef) -> String {
    match &e.wall {
        Some(w) => format!("#{} `{}`, {}", e.seq, e.command, wall_text(w)),
        None => format!("#{} `{}`", e.seq, e.command),
    }
}

fn loss_text(s: &ShipReport) -> Option<String> {
    let l = s.loss.as_ref()?;
    let mut t = match (&l.sunk_at, &l.sinks_at) {
        (Some(at), _) if l.at_once => format!("lost at once {}: {}", at.text(), l.cause),
        (Some(at), _) => format!("sunk {}: {}", at.text(), l.cause),
        (None, Some(due)) => format!(
            "sinking ({}), disappears in the movement phase of {due}",
            l.cause
        ),
        (None, None) => format!("lost: {}", l.cause),
    };
    if let Some(from) = &l.from {
        let _ = write!(t, ", after {from}");
    }
    let _ = write!(t, " ({})", entry_text(&l.entry));
    if let (Some(start), Some(min)) = (&l.sinking_started, l.minutes) {
        let _ = write!(t, "; sinking began {}, {min} minutes", start.text());
        if let Some(e) = &l.sunk_entry {
            let _ = write!(t, "; went down during {}", entry_text(e));
        }
    }
    Some(t)
}

fn ship_facts(s: &ShipReport) -> String {
    let mut t = format!(
        "size {} {}, {} DP, {} kt. At the end: {}, {} DP taken, {} DP left, {}/{} kt",
        s.size, s.kind, s.dp, s.speed, s.status, s.damage, s.dp_left, s.speed_max, s.speed
    );
    if s.speed_lost > 0 {
        let _ = write!(t, " ({} kt lost)", s.speed_lost);
    }
    let _ = write!(
        t,
        ", fire {} %, flooding {} % ({}). {} hit{} for {} DP; fire did {} DP, flooding {} DP.",
        s.fire_pct,
        s.flood_pct,
        s.severity,
        s.hits,
        if s.hits == 1 { "" } else { "s" },
        s.hit_damage,
        s.fire_damage,
        s.flood_damage
    );
    t
}

fn course_text(c: &CasualtyCourse) -> String {
    let steps: Vec<String> = c
        .course
        .iter()
        .map(|s| format!("{}: {}", s.at.text(), s.what))
        .collect();
    if steps.is_empty() {
        "no damage yet".into()
    } else {
        steps.join("; ")
    }
}

fn outcome_text(c: &CasualtyCourse) -> String {
    match &c.ended {
        Some(at) => format!("{} {}", c.outcome.text(), at.text()),
        None => c.outcome.text().to_string(),
    }
}

fn entry_cell(e: &EntryRef) -> String {
    format!("#{} `{}`", e.seq, e.command)
}

// ---------------------------------------------------------------- tables both pages show

/// Which page a table is for: the Markdown page says a little more in two cells (a critical
/// whose effect was not applied, a damage control roll's modified value).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Page {
    Markdown,
    Html,
}

/// A table of the Markdown and HTML pages: its heading, column names and rows of cells.
struct Table {
    title: &'static str,
    head: &'static [&'static str],
    rows: Vec<Vec<String>>,
}

/// The line under the title: date, ruleset, game time, wall-clock span, entries.
fn facts(r: &Report) -> String {
    let mut facts = Vec::new();
    if let Some(d) = &r.date {
        facts.push(d.clone());
    }
    facts.push(r.ruleset.clone());
    facts.push(time_span(r));
    if let Some(w) = wall_span(r) {
        facts.push(w);
    }
    facts.push(entries_text(r));
    facts.join("; ")
}

fn summary_text(r: &Report) -> String {
    let s = &r.summary;
    format!(
        "{} ships: {} engaged, {} damaged, {} lost.",
        s.ships, s.engaged, s.damaged, s.lost
    )
}

/// One row per side.
fn sides_table(r: &Report) -> Table {
    Table {
        title: "Summary",
        head: &[
            "side",
            "ships",
            "engaged",
            "damaged",
            "lost",
            "DP",
            "DP taken",
            "DP left",
            "by hits",
            "by fire",
            "by flooding",
            "criticals",
            "fires",
            "floods",
            "DC rolls",
            "kt lost",
        ],
        rows: r
            .sides
            .iter()
            .map(|t| {
                vec![
                    t.side.clone(),
                    t.ships.to_string(),
                    t.engaged.to_string(),
                    t.damaged.to_string(),
                    t.lost.to_string(),
                    t.dp.to_string(),
                    t.damage.to_string(),
                    t.dp_left.to_string(),
                    t.hit_damage.to_string(),
                    t.fire_damage.to_string(),
                    t.flood_damage.to_string(),
                    t.criticals.to_string(),
                    t.fires.to_string(),
                    t.floods.to_string(),
                    t.dc_rolls.to_string(),
                    t.speed_lost.to_string(),
                ]
            })
            .collect(),
    }
}

/// A ship's tables that have rows, in page order.
fn ship_tables(s: &ShipReport, page: Page) -> Vec<Table> {
    let tables = [
        damage_table(s),
        criticals_table(s, page),
        casualties_table(s),
        damage_control_table(s, page),
        speed_table(s),
        other_table(s),
    ];
    tables.into_iter().filter(|t| !t.rows.is_empty()).collect()
}

fn damage_table(s: &ShipReport) -> Table {
    Table {
        title: "Damage over time",
        head: &[
            "game time",
            "change",
            "DP taken",
            "DP left",
            "cause",
            "entry",
        ],
        rows: s
            .damage_timeline
            .iter()
            .map(|p| {
                vec![
                    p.at.text(),
                    format!("{:+}", p.change),
                    p.damage.to_string(),
                    p.dp_left.to_string(),
                    p.cause.clone(),
                    entry_cell(&p.entry),
                ]
            })
            .collect(),
    }
}

fn criticals_table(s: &ShipReport, page: Page) -> Table {
    let mut rows: Vec<Vec<String>> = s
        .criticals
        .iter()
        .map(|c| {
            let unapplied = !c.effect_applied && page == Page::Markdown;
            vec![
                c.at.text(),
                c.kind.to_string(),
                format!(
                    "{}{}",
                    c.detail,
                    if unapplied {
                        " [effect not applied]"
                    } else {
                        ""
                    }
                ),
                c.cause.clone(),
                c.from.clone(),
                wall_short(c.entry.wall.as_deref()),
            ]
        })
        .collect();
    rows.extend(s.ignored_criticals.iter().map(|c| {
        vec![
            c.at.text(),
            format!("{} (ignored)", c.kind),
            c.reason.clone(),
            String::new(),
            String::new(),
            wall_short(c.entry.wall.as_deref()),
        ]
    }));
    Table {
        title: "Criticals",
        head: &[
            "game time",
            "kind",
            "effect",
            "rolled",
            "caused by",
            "entered",
        ],
        rows,
    }
}

fn casualties_table(s: &ShipReport) -> Table {
    Table {
        title: "Fires and flooding",
        head: &[
            "casualty", "started", "%", "peak %", "cause", "course", "DP done", "outcome",
        ],
        rows: s
            .casualties
            .iter()
            .map(|c| {
                vec![
                    format!("{} {}", c.casualty.name(), c.number),
                    c.started.text(),
                    c.pct.to_string(),
                    c.peak_pct.to_string(),
                    c.cause.clone(),
                    course_text(c),
                    c.damage_done.to_string(),
                    outcome_text(c),
                ]
            })
            .collect(),
    }
}

fn damage_control_table(s: &ShipReport, page: Page) -> Table {
    Table {
        title: "Damage control",
        head: &[
            "game time",
            "against",
            "D10",
            "column",
            "effective %",
            "result",
        ],
        rows: s
            .damage_control
            .iter()
            .map(|d| {
                vec![
                    d.at.text(),
                    d.casualty.name().to_string(),
                    if d.modified == d.roll || page == Page::Html {
                        d.roll.to_string()
                    } else {
                        format!("{} ({} modified)", d.roll, d.modified)
                    },
                    d.column.to_string(),
                    d.effective_pct.to_string(),
                    d.result.clone(),
                ]
            })
            .collect(),
    }
}

/// A submarine's depth and state, crew transfers (FG&DN 8.1.4, 8.1.9, 8.3).
fn other_table(s: &ShipReport) -> Table {
    Table {
        title: "Other events",
        head: &["game time", "what"],
        rows: s
            .other_events
            .iter()
            .map(|e| vec![e.at.text(), e.what.clone()])
            .collect(),
    }
}

fn speed_table(s: &ShipReport) -> Table {
    Table {
        title: "Speed",
        head: &["game time", "max speed", "why"],
        rows: s
            .speed_changes
            .iter()
            .map(|c| {
                vec![
                    c.at.text(),
                    format!("{} -> {} kt", c.from, c.to),
                    c.why.clone(),
                ]
            })
            .collect(),
    }
}

// ---------------------------------------------------------------- Markdown

/// A Markdown table cell: pipes escaped, on one line (control characters shown escaped).
fn md(s: &str) -> String {
    p(s).replace('|', "\\|")
}

fn md_table(out: &mut String, head: &[&str], rows: &[Vec<String>]) {
    let _ = writeln!(out, "| {} |", head.join(" | "));
    let _ = writeln!(
        out,
        "|{}",
        head.iter().map(|_| "---|").collect::<Vec<_>>().join("")
    );
    for r in rows {
        let cells: Vec<String> = r.iter().map(|c| md(c)).collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    out.push('\n');
}

fn markdown(r: &Report) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "# After-action report: {}\n", p(&r.scenario));
    let _ = writeln!(o, "{}.\n", facts(r));
    let _ = writeln!(o, "## Summary\n");
    let _ = writeln!(o, "{}\n", summary_text(r));
    let sides = sides_table(r);
    md_table(&mut o, sides.head, &sides.rows);
    let losses: Vec<String> = r
        .ships
        .iter()
        .filter_map(|s| {
            loss_text(s).map(|t| format!("- {} ({}): {}", p(&s.name), p(&s.side), p(&t)))
        })
        .collect();
    if !losses.is_empty() {
        let _ = writeln!(o, "Losses:\n\n{}\n", losses.join("\n"));
    }

    for s in &r.ships {
        md_ship(&mut o, s);
    }
    o
}

fn md_ship(o: &mut String, s: &ShipReport) {
    let _ = writeln!(o, "## {} ({}, `{}`)\n", p(&s.name), p(&s.side), p(&s.id));
    let _ = writeln!(o, "{}\n", ship_facts(s));
    if let Some(l) = loss_text(s) {
        let _ = writeln!(o, "**Loss:** {l}\n");
    }
    if !s.engaged && s.damage_timeline.is_empty() {
        let _ = writeln!(o, "Not engaged.\n");
        return;
    }
    for t in ship_tables(s, Page::Markdown) {
        let _ = writeln!(o, "### {}\n", t.title);
        md_table(o, t.head, &t.rows);
    }
}

// ---------------------------------------------------------------- CSV

pub const CSV_SHIPS_HEADER: &str = "side,id,name,size,type,dp,speed,status,damage,dp_left,\
speed_max,speed_lost,hits,hit_damage,fire_damage,flood_damage,criticals,criticals_ignored,\
fires,floods,dc_rolls,fire_pct,flood_pct,lost_day,lost_at,lost_phase,loss_cause";

fn csv_ships(r: &Report) -> String {
    let mut o = String::from(CSV_SHIPS_HEADER);
    o.push('\n');
    for s in &r.ships {
        let count = |c: Casualty| s.casualties.iter().filter(|x| x.casualty == c).count();
        let lost = s.loss.as_ref().and_then(|l| l.sunk_at.as_ref());
        csv_row(
            &mut o,
            &[
                s.side.clone(),
                s.id.clone(),
                s.name.clone(),
                s.size.clone(),
                s.kind.clone(),
                s.dp.to_string(),
                s.speed.to_string(),
                s.status.to_string(),
                s.damage.to_string(),
                s.dp_left.to_string(),
                s.speed_max.to_string(),
                s.speed_lost.to_string(),
                s.hits.to_string(),
                s.hit_damage.to_string(),
                s.fire_damage.to_string(),
                s.flood_damage.to_string(),
                s.criticals.len().to_string(),
                s.ignored_criticals.len().to_string(),
                count(Casualty::Fire).to_string(),
                count(Casualty::Flood).to_string(),
                s.damage_control.len().to_string(),
                s.fire_pct.to_string(),
                s.flood_pct.to_string(),
                lost.map(|t| t.day.to_string()).unwrap_or_default(),
                lost.map(|t| t.time.clone()).unwrap_or_default(),
                lost.map(|t| t.phase.to_string()).unwrap_or_default(),
                s.loss.as_ref().map(|l| l.cause.clone()).unwrap_or_default(),
            ],
        );
    }
    o
}

pub const CSV_EVENTS_HEADER: &str =
    "day,time,phase,seq,wall,side,ship,record,value,damage,dp_left,detail";

/// One dated record of the events table, before sorting.
struct Row {
    minute: u32,
    phase: Phase,
    seq: u64,
    order: usize,
    cells: Vec<String>,
}

fn csv_events(r: &Report) -> String {
    let mut rows: Vec<Row> = Vec::new();
    for s in &r.ships {
        let mut push =
            |at: &GameTime, e: &EntryRef, record: &str, value: String, rest: [String; 3]| {
                let order = rows.len();
                let [damage, dp_left, detail] = rest;
                rows.push(Row {
                    minute: at.minute,
                    phase: at.phase,
                    seq: e.seq,
                    order,
                    cells: vec![
                        at.day.to_string(),
                        at.time.clone(),
                        at.phase.to_string(),
                        e.seq.to_string(),
                        e.wall.clone().unwrap_or_default(),
                        s.side.clone(),
                        s.id.clone(),
                        record.to_string(),
                        value,
                        damage,
                        dp_left,
                        detail,
                    ],
                });
            };
        for p in &s.damage_timeline {
            push(
                &p.at,
                &p.entry,
                "damage",
                p.change.to_string(),
                [p.damage.to_string(), p.dp_left.to_string(), p.cause.clone()],
            );
        }
        for c in &s.criticals {
            push(
                &c.at,
                &c.entry,
                "critical",
                c.kind.to_string(),
                [
                    String::new(),
                    String::new(),
                    format!("{}; {}; caused by {}", c.detail, c.cause, c.from),
                ],
            );
        }
        for c in &s.ignored_criticals {
            push(
                &c.at,
                &c.entry,
                "critical_ignored",
                c.kind.to_string(),
                [String::new(), String::new(), c.reason.clone()],
            );
        }
        for c in &s.casualties {
            let name = match c.casualty {
                Casualty::Fire => "fire",
                Casualty::Flood => "flood",
            };
            push(
                &c.started,
                &c.entry,
                &format!("{name}_started"),
                c.pct.to_string(),
                [
                    String::new(),
                    String::new(),
                    format!("{} {}: {}", c.casualty.name(), c.number, c.cause),
                ],
            );
            for step in &c.course {
                push(
                    &step.at,
                    &c.entry,
                    &format!("{name}_course"),
                    step.pct.to_string(),
                    [
                        step.damage.to_string(),
                        String::new(),
                        format!("{} {}: {}", c.casualty.name(), c.number, step.what),
                    ],
                );
            }
        }
        for d in &s.damage_control {
            push(
                &d.at,
                &d.entry,
                "damage_control",
                d.amount.to_string(),
                [String::new(), String::new(), d.explain.clone()],
            );
        }
        for c in &s.speed_changes {
            push(
                &c.at,
                &c.entry,
                "speed",
                c.to.to_string(),
                [String::new(), String::new(), c.why.clone()],
            );
        }
        if let Some(l) = &s.loss {
            if let Some(at) = &l.sinking_started {
                push(
                    at,
                    &l.entry,
                    "sinking",
                    l.minutes.map(|m| m.to_string()).unwrap_or_default(),
                    [String::new(), String::new(), l.cause.clone()],
                );
            }
            if let Some(at) = &l.sunk_at {
                push(
                    at,
                    &l.entry,
                    "lost",
                    String::new(),
                    [String::new(), String::new(), l.cause.clone()],
                );
            }
        }
    }
    // Game time first (phases in turn order), then the log's order, then as recorded.
    rows.sort_by_key(|r| (r.minute, r.phase, r.seq, r.order));
    let mut o = String::from(CSV_EVENTS_HEADER);
    o.push('\n');
    for r in rows {
        csv_row(&mut o, &r.cells);
    }
    o
}

// ---------------------------------------------------------------- HTML

fn html(r: &Report) -> String {
    let mut o = String::new();
    let _ = write!(
        o,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>After-action report: {}</title>\n<style>{REPORT_CSS}</style>\n</head>\n<body>\n",
        esc(&r.scenario)
    );
    let _ = writeln!(o, "<h1>After-action report: {}</h1>", esc(&r.scenario));
    let _ = writeln!(o, "<p class=\"facts\">{}.</p>", esc(&facts(r)));
    let sides = sides_table(r);
    let _ = writeln!(o, "<h2>{}</h2>\n<p>{}</p>", sides.title, summary_text(r));
    html_table(&mut o, sides.head, &sides.rows);
    let losses: Vec<String> = r
        .ships
        .iter()
        .filter_map(|s| {
            loss_text(s).map(|t| {
                format!(
                    "<li><span class=\"lost\">{}</span> ({}): {}</li>",
                    esc(&s.name),
                    esc(&s.side),
                    esc_code(&t)
                )
            })
        })
        .collect();
    if !losses.is_empty() {
        let _ = writeln!(o, "<p>Losses:</p>\n<ul>\n{}\n</ul>", losses.join("\n"));
    }
    let span = chart_span(r);
    for ship in &r.ships {
        html_ship(&mut o, ship, span);
    }
    o.push_str("</body>\n</html>\n");
    o
}

fn html_ship(o: &mut String, s: &ShipReport, span: (u32, u32)) {
    let _ = writeln!(
        o,
        "<section class=\"ship\" id=\"ship-{}\">\n<h2>{} ({}, <code>{}</code>)</h2>",
        esc(&s.id),
        esc(&s.name),
        esc(&s.side),
        esc(&s.id)
    );
    let _ = writeln!(o, "<p>{}</p>", esc(&ship_facts(s)));
    if let Some(l) = loss_text(s) {
        let _ = writeln!(o, "<p class=\"lost\">Loss: {}</p>", esc_code(&l));
    }
    o.push_str(&chart(s, span));
    for t in ship_tables(s, Page::Html) {
        let _ = writeln!(o, "<h3>{}</h3>", t.title);
        html_table(o, t.head, &t.rows);
    }
    o.push_str("</section>\n");
}

/// Position of a moment on the chart's time axis, in minutes: the turn's start plus the
/// phase's share of a tactical turn, so changes in one turn keep their order.
fn minute_of(at: &GameTime) -> f64 {
    let i = Phase::ALL.iter().position(|p| *p == at.phase).unwrap_or(0);
    f64::from(at.minute) + i as f64 * 0.5
}

/// A tick step (minutes) giving at most about eight ticks.
fn tick_step(minutes: u32) -> u32 {
    const STEPS: [u32; 11] = [3, 6, 15, 30, 60, 120, 180, 360, 720, 1440, 2880];
    STEPS.into_iter().find(|s| minutes / s <= 8).unwrap_or(2880)
}

/// One inline SVG: damage taken (DP) against game time, as a step line, with the ship's DP
/// as a dashed line (size A-D sink at it; small craft at twice it in one turn).
fn chart(s: &ShipReport, (start, end): (u32, u32)) -> String {
    const W: f64 = 640.0;
    const H: f64 = 220.0;
    const L: f64 = 56.0;
    const R: f64 = 16.0;
    const T: f64 = 14.0;
    const B: f64 = 40.0;
    let top = s
        .damage_timeline
        .iter()
        .map(|p| p.damage)
        .max()
        .unwrap_or(0)
        .max(s.dp)
        .max(1);
    let x = |m: f64| L + (m - f64::from(start)) / f64::from(end - start) * (W - L - R);
    let y = |d: u32| T + (1.0 - f64::from(d) / f64::from(top)) * (H - T - B);
    let mut o = String::new();
    let _ = writeln!(
        o,
        "<svg class=\"chart\" width=\"{W}\" height=\"{H}\" \
         viewBox=\"0 0 {W} {H}\" role=\"img\" aria-label=\"Damage taken by {} over game time\">",
        esc(&s.name)
    );
    let _ = writeln!(
        o,
        "<title>Damage taken by {} (DP) against game time (HHMM)</title>",
        esc(&s.name)
    );
    // Axes and grid.
    let _ = writeln!(
        o,
        "<rect x=\"{L}\" y=\"{T}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#fafafa\" stroke=\"#888\"/>",
        W - L - R,
        H - T - B
    );
    for k in 0..=4u32 {
        let d = top * k / 4;
        let yy = y(d);
        let _ = writeln!(
            o,
            "<line x1=\"{L}\" y1=\"{yy:.1}\" x2=\"{:.1}\" y2=\"{yy:.1}\" stroke=\"#ddd\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{d}</text>",
            W - R,
            L - 4.0,
            yy + 4.0
        );
    }
    let step = tick_step(end - start);
    let mut m = start.div_ceil(step) * step;
    while m <= end {
        let xx = x(f64::from(m));
        let _ = writeln!(
            o,
            "<line x1=\"{xx:.1}\" y1=\"{:.1}\" x2=\"{xx:.1}\" y2=\"{:.1}\" stroke=\"#888\"/>\
             <text x=\"{xx:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            H - B,
            H - B + 4.0,
            H - B + 16.0,
            axis_label(m)
        );
        m += step;
    }
    let _ = writeln!(
        o,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">game time (HHMM)</text>\
         <text x=\"12\" y=\"{:.1}\" text-anchor=\"middle\" transform=\"rotate(-90 12 {:.1})\">DP taken</text>",
        L + (W - L - R) / 2.0,
        H - 6.0,
        T + (H - T - B) / 2.0,
        T + (H - T - B) / 2.0
    );
    // The ship's DP.
    let yd = y(s.dp);
    let _ = writeln!(
        o,
        "<line x1=\"{L}\" y1=\"{yd:.1}\" x2=\"{:.1}\" y2=\"{yd:.1}\" stroke=\"#555\" stroke-dasharray=\"5 4\"/>\
         <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{} DP</text>",
        W - R,
        W - R - 4.0,
        yd + 13.0,
        s.dp
    );
    // Damage taken, a step line from 0 at the start to the end of the span.
    let mut points = vec![(x(f64::from(start)), y(0))];
    let mut last = 0;
    for p in &s.damage_timeline {
        let m = minute_of(&p.at);
        if m > f64::from(end) + 3.0 {
            break;
        }
        let xx = x(m.min(f64::from(end)));
        points.push((xx, y(last)));
        points.push((xx, y(p.damage)));
        last = p.damage;
    }
    points.push((x(f64::from(end)), y(last)));
    let path: Vec<String> = points
        .iter()
        .map(|(a, b)| format!("{a:.1},{b:.1}"))
        .collect();
    let _ = writeln!(
        o,
        "<polyline fill=\"none\" stroke=\"{CHART_STROKE}\" stroke-width=\"3\" \
         stroke-linejoin=\"miter\" points=\"{}\"/>",
        path.join(" ")
    );
    o.push_str("</svg>\n");
    o
}
