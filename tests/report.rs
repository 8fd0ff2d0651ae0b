//! `umpire report` (issue 5): the after-action report of a scripted battle
//! (tests/scenarios/report_action.*), its Markdown and JSON as snapshots, what it says about a
//! fire's course, an undone hit, a sunk ship, criticals, speed and damage control (FG&DN 8.1,
//! 8.2, 8.3), the CSV tables, `--out`, and the HTML: self-contained, and its charts drawn by a
//! real browser (headless Chromium, screenshot decoded and searched for the chart's colour).
use std::path::{Path, PathBuf};
use std::process::Command;
use umpire::cli::report::{CsvTable, Format};
use umpire::core::dice::SeededDice;
use umpire::rulesets::fgdn::command::Command as GameCommand;
use umpire::rulesets::fgdn::event::Casualty;
use umpire::rulesets::fgdn::report::{build, Outcome, Report};
use umpire::rulesets::fgdn::report_text::{render, CHART_STROKE};
use umpire::rulesets::fgdn::scenario::{parse_scenario, Scenario};
use umpire::rulesets::fgdn::tables::Tables;
use umpire::rulesets::fgdn::Game;

mod cli_common;
mod common;
mod tools_common;
use cli_common::{ok, out, parse_csv, text};
use common::umpire;

fn scenarios_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios")
}

/// Play a scenario's script through the library as `umpire run` does (typed text kept), with
/// a fixed wall-clock time per entry so the report is the same on every run.
fn play(name: &str) -> (Scenario, Game) {
    let dir = scenarios_dir();
    let text = std::fs::read_to_string(dir.join(format!("{name}.toml"))).unwrap();
    let scenario = parse_scenario(&format!("{name}.toml"), &text).expect("scenario parses");
    let mut game = Game::new(&scenario, Tables::builtin());
    let script = std::fs::read_to_string(dir.join(format!("{name}.umpire"))).unwrap();
    for (n, line) in script.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let cmd: GameCommand = line
            .parse()
            .unwrap_or_else(|e| panic!("{name}.umpire:{}: {e}", n + 1));
        let prepared = game
            .prepare(&cmd, &mut SeededDice)
            .unwrap_or_else(|e| panic!("{name}.umpire:{}: {line}: {e}", n + 1));
        if let Some(mut entry) = prepared {
            let s = entry.seq * 17;
            entry.wall = Some(format!(
                "2026-05-31T19:{:02}:{:02}.000Z",
                (s / 60) % 60,
                s % 60
            ));
            entry.set_typed(line);
            game.commit(entry);
        }
    }
    (scenario, game)
}

fn report() -> Report {
    let (scenario, game) = play("report_action");
    build(&scenario, &game)
}

fn ship<'a>(r: &'a Report, id: &str) -> &'a umpire::rulesets::fgdn::report::ShipReport {
    r.ships
        .iter()
        .find(|s| s.id == id)
        .unwrap_or_else(|| panic!("no ship {id} in the report"))
}

// ---------------------------------------------------------------- snapshots

#[test]
fn markdown_of_the_scripted_battle() {
    let md = render(&report(), Format::Md, CsvTable::Ships).unwrap();
    insta::assert_snapshot!("report_action_md", md);
}

#[test]
fn json_of_the_scripted_battle() {
    let json = render(&report(), Format::Json, CsvTable::Ships).unwrap();
    insta::assert_snapshot!("report_action_json", json);
}

// ---------------------------------------------------------------- what the report says

/// FG&DN 8.2: a fire's course from its start through its damage to damage control putting it
/// out; a flood still active at the end.
#[test]
fn a_fires_course_from_start_to_out() {
    let r = report();
    let s = ship(&r, "seydlitz");
    let fires: Vec<_> = s
        .casualties
        .iter()
        .filter(|c| c.casualty == Casualty::Fire)
        .collect();
    assert_eq!(fires.len(), 2);
    let f = fires[1];
    assert_eq!(f.number, 2);
    assert_eq!(f.pct, 7);
    assert_eq!(f.started.text(), "1400 planned_fire");
    assert_eq!(f.first_damage, "1409");
    assert_eq!(f.damage_done, 36, "7 % of 520 DP, once");
    let steps: Vec<String> = f
        .course
        .iter()
        .map(|c| format!("{} {} {}", c.at.text(), c.pct, c.damage))
        .collect();
    assert_eq!(
        steps,
        [
            "1409 resolution 7 36",
            "1409 resolution 5 0",
            "1430 plotting 0 0"
        ]
    );
    assert_eq!(f.outcome, Outcome::Out);
    assert_eq!(
        f.ended.as_ref().map(|t| t.text()).as_deref(),
        Some("1430 plotting")
    );
    // The engineering fire went out at its first DC roll, after one damage.
    assert_eq!(fires[0].outcome, Outcome::Out);
    assert_eq!(fires[0].damage_done, 20);
    let flood = s
        .casualties
        .iter()
        .find(|c| c.casualty == Casualty::Flood)
        .unwrap();
    assert_eq!(flood.outcome, Outcome::Active);
    assert_eq!(flood.damage_done, 31 + 10);
    assert_eq!(s.fire_damage, 56);
    assert_eq!(s.flood_damage, 41);
    // Every DC roll, with its D10, column and result.
    let dc: Vec<String> = s
        .damage_control
        .iter()
        .map(|d| {
            format!(
                "{} {} D10 {} {}: {}",
                d.at.text(),
                d.casualty.name(),
                d.roll,
                d.column,
                d.result
            )
        })
        .collect();
    assert_eq!(
        dc,
        [
            "1409 resolution fire D10 1 overwhelmed: 4 % -> out, 7 % -> 5 %",
            "1409 resolution flooding D10 3 overwhelmed: 6 % -> 4 %",
            "1430 plotting fire D10 2 minor: 5 % -> out",
            "1430 plotting flooding D10 1 minor: 4 % -> 2 %",
        ]
    );
}

/// An undone hit is not in the report: Lion took 20 DP from the non-penetrating shell and 5
/// from her fire, never the 60 DP hit that was undone.
#[test]
fn an_undone_hit_is_not_counted() {
    let r = report();
    let lion = ship(&r, "lion");
    assert_eq!(lion.hits, 1);
    assert_eq!(lion.hit_damage, 20);
    assert_eq!(lion.damage, 25);
    let changes: Vec<i64> = lion.damage_timeline.iter().map(|p| p.change).collect();
    assert_eq!(changes, [20, 5]);
    assert!(
        lion.damage_timeline
            .iter()
            .all(|p| !p.entry.command.contains("60")),
        "{:?}",
        lion.damage_timeline
    );
    assert_eq!(r.summary.undone, 1);
    assert_eq!(
        r.summary.entries,
        r.summary.in_effect + 2,
        "the undone hit and the undo"
    );
}

/// FG&DN 8.1.8: V27, reduced to 0 DP at 1403, sinks in D10 5 x 10 minutes and is gone in the
/// movement phase of 1454; the report names the time, the cause and the hit.
#[test]
fn a_sunk_ships_time_and_cause() {
    let r = report();
    let v27 = ship(&r, "v27");
    let loss = v27.loss.as_ref().expect("V27 is lost");
    assert_eq!(loss.cause, "reduced to 0 DP (8.1)");
    assert!(!loss.at_once);
    assert_eq!(
        loss.sinking_started.as_ref().map(|t| t.text()).as_deref(),
        Some("1403 planned_fire")
    );
    assert_eq!(loss.minutes, Some(50));
    assert_eq!(
        loss.sunk_at.as_ref().map(|t| t.text()).as_deref(),
        Some("1454 movement")
    );
    let from = loss.from.as_deref().unwrap_or_default();
    assert!(from.contains("#7 `hit v27 40`"), "{from}");
    assert_eq!(loss.entry.seq, 12, "the `next` that resolved the hit");
    assert_eq!(
        loss.sunk_entry.as_ref().map(|e| e.command.as_str()),
        Some("until 1454 planned_fire")
    );
    assert_eq!(v27.status, "sunk");
    let german = r.sides.iter().find(|s| s.side == "German").unwrap();
    assert_eq!(german.lost, 1);
    assert_eq!(german.lost_ships, ["V27"]);
    assert_eq!(r.summary.lost, 1);
}

/// FG&DN 8.1.2 and 8.3: criticals with their turn, how they were rolled and what caused them
/// (the hit and its command, or the umpire's `crit`).
#[test]
fn criticals_name_their_turn_and_cause() {
    let r = report();
    let s = ship(&r, "seydlitz");
    let kinds: Vec<String> = s.criticals.iter().map(|c| c.kind.to_string()).collect();
    assert_eq!(kinds, ["engineering", "fire", "fire", "flooding"]);
    for c in &s.criticals {
        assert_eq!(c.at.text(), "1400 planned_fire");
        assert!(
            c.from.contains("#2 `hit seydlitz 130 pen 14`"),
            "{}",
            c.from
        );
        assert_eq!(c.entry.seq, 5);
        assert_eq!(c.entry.wall.as_deref(), Some("2026-05-31T19:01:25.000Z"));
    }
    assert_eq!(s.criticals[0].cause, "D20 10 on the major column");
    let lion = ship(&r, "lion");
    assert_eq!(lion.criticals.len(), 2);
    assert!(
        lion.criticals[0].from.starts_with("umpire: #"),
        "{}",
        lion.criticals[0].from
    );
    assert_eq!(lion.criticals[0].at.text(), "1433 planned_fire");
}

/// FG&DN 8.1.1 and 8.3: speed lost to damage and to an engineering critical, with why.
#[test]
fn speed_lost_with_its_causes() {
    let r = report();
    let s = ship(&r, "seydlitz");
    let steps: Vec<(u32, u32)> = s.speed_changes.iter().map(|c| (c.from, c.to)).collect();
    assert_eq!(steps, [(26, 20), (20, 13)]);
    assert!(s.speed_changes[0].why.contains("130 DP damage"));
    assert!(s.speed_changes[1].why.contains("CRITICAL engineering"));
    assert_eq!(s.speed_lost, 13);
    assert_eq!(ship(&r, "lion").speed_lost, 7);
    assert_eq!(
        ship(&r, "v27").speed_lost,
        0,
        "a lost ship's speed is not counted"
    );
    let british = r.sides.iter().find(|s| s.side == "British").unwrap();
    assert_eq!(
        (
            british.ships,
            british.damaged,
            british.damage,
            british.speed_lost
        ),
        (2, 2, 31, 7)
    );
}

#[test]
fn summary_time_span_and_wall_clock() {
    let r = report();
    assert_eq!(r.summary.start.text(), "1400 plotting");
    assert_eq!(r.summary.end.text(), "1454 planned_fire");
    assert_eq!(r.summary.minutes, 54);
    assert_eq!(
        r.summary.wall_first.as_deref(),
        Some("2026-05-31T19:00:17.000Z")
    );
    assert!(r.summary.wall_last.is_some());
    assert_eq!(
        (r.summary.ships, r.summary.engaged, r.summary.damaged),
        (4, 4, 4)
    );
}

/// FG&DN 8.2: a ship lost at once (capsized) with fires and flooding still burning: the loss
/// is at once, at that phase, and her casualties end with her.
#[test]
fn a_ship_lost_at_once_ends_her_fires() {
    let (scenario, game) = play("burning_battlecruiser");
    let r = build(&scenario, &game);
    let s = ship(&r, "indomitable");
    let loss = s.loss.as_ref().expect("lost");
    assert!(loss.at_once);
    assert!(loss.cause.contains("capsiz"), "{}", loss.cause);
    assert_eq!(
        loss.sunk_at.as_ref().map(|t| t.text()).as_deref(),
        Some("1300 resolution")
    );
    assert!(s.casualties.iter().all(|c| c.outcome != Outcome::Active));
    assert!(s.casualties.iter().any(|c| c.outcome == Outcome::ShipLost));
    assert_eq!(s.speed_lost, 0);
}

/// Undoing the `next` that sank a ship takes the loss out of the report.
#[test]
fn undoing_a_sinking_takes_the_loss_back() {
    let (scenario, mut game) = play("report_action");
    let undo: GameCommand = "undo".parse().unwrap();
    // Back to before the move to 1454 (the entry that sank V27).
    game.execute(&undo, &mut SeededDice).unwrap();
    let r = build(&scenario, &game);
    let loss = ship(&r, "v27").loss.clone().expect("still sinking");
    assert!(loss.sunk_at.is_none());
    assert_eq!(loss.sinks_at.as_deref(), Some("1454"));
    assert_eq!(r.summary.end.text(), "1445 plotting");
}

// ---------------------------------------------------------------- the binary

/// The scripted battle played by the real binary into a save in `dir`.
fn saved_battle(dir: &tempfile::TempDir) -> PathBuf {
    let save = dir.path().join("action.toml");
    std::fs::copy(scenarios_dir().join("report_action.toml"), &save).unwrap();
    ok(umpire()
        .arg("run")
        .arg(&save)
        .arg("--script")
        .arg(scenarios_dir().join("report_action.umpire"))
        .output()
        .unwrap());
    save
}

fn report_of(save: &Path, args: &[&str]) -> String {
    out(&ok(umpire()
        .arg("report")
        .arg(save)
        .args(args)
        .output()
        .unwrap()))
}

#[test]
fn the_binary_reports_a_save_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let save = saved_battle(&dir);
    let md = report_of(&save, &[]);
    assert!(
        md.starts_with("# After-action report: Report test action"),
        "{md}"
    );
    assert_eq!(
        md,
        report_of(&save, &["--format", "md"]),
        "md is the default"
    );
    assert!(md.contains("entered 20"), "wall-clock span: {md}");

    let json: serde_json::Value =
        serde_json::from_str(&report_of(&save, &["--format", "json"])).expect("JSON parses");
    assert_eq!(json["version"], 1);
    assert_eq!(json["ships"].as_array().unwrap().len(), 4);
    assert_eq!(json["ships"][3]["loss"]["sunk_at"]["time"], "1454");

    let csv = parse_csv(&report_of(&save, &["--format", "csv"]));
    assert_eq!(
        csv[0].join(","),
        umpire::rulesets::fgdn::report_text::CSV_SHIPS_HEADER
    );
    assert_eq!(csv.len(), 5, "a header and one row per ship");
    for r in &csv {
        assert_eq!(r.len(), csv[0].len(), "{r:?}");
    }
    let v27 = csv.iter().find(|r| r[1] == "v27").unwrap();
    let col = |name: &str| csv[0].iter().position(|h| h == name).unwrap();
    assert_eq!(v27[col("lost_at")], "1454");
    assert_eq!(v27[col("lost_phase")], "movement");
    assert_eq!(v27[col("loss_cause")], "reduced to 0 DP (8.1)");

    let events = parse_csv(&report_of(
        &save,
        &["--format", "csv", "--csv-table", "events"],
    ));
    assert_eq!(
        events[0].join(","),
        umpire::rulesets::fgdn::report_text::CSV_EVENTS_HEADER
    );
    for r in &events {
        assert_eq!(r.len(), events[0].len(), "{r:?}");
    }
    let times: Vec<(u32, String)> = events[1..]
        .iter()
        .map(|r| (r[1].parse::<u32>().unwrap(), r[2].clone()))
        .collect();
    assert!(
        times.windows(2).all(|w| w[0].0 <= w[1].0),
        "in game-time order"
    );
    assert!(events.iter().any(|r| r[7] == "lost" && r[6] == "v27"));
    assert!(events
        .iter()
        .any(|r| r[7] == "critical" && r[8] == "engineering"));
    assert!(
        events.iter().all(|r| r[0] == "day" || !r[4].is_empty()),
        "wall time on every row"
    );
}

#[test]
fn out_writes_the_file_and_never_the_battle_itself() {
    let dir = tempfile::tempdir().unwrap();
    let save = saved_battle(&dir);
    let before = std::fs::read(&save).unwrap();
    let out = dir.path().join("aar.html");
    let o = umpire()
        .arg("report")
        .arg(&save)
        .args(["--format", "html", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    assert!(o.stdout.is_empty(), "nothing on stdout with --out");
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .starts_with("<!DOCTYPE html>"));

    let o = umpire()
        .arg("report")
        .arg(&save)
        .arg("--out")
        .arg(&save)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("that is the battle being reported"),
        "{}",
        text(&o)
    );
    assert_eq!(
        std::fs::read(&save).unwrap(),
        before,
        "the save is untouched"
    );

    let o = umpire()
        .arg("report")
        .arg(&save)
        .args(["--format", "md", "--csv-table", "events"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--csv-table is for --format csv"));

    let o = umpire()
        .arg("report")
        .arg(dir.path().join("nosuch.toml"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("nosuch.toml"));
}

// ---------------------------------------------------------------- HTML

fn html() -> String {
    render(&report(), Format::Html, CsvTable::Ships).unwrap()
}

#[test]
fn html_is_one_self_contained_file_with_a_chart_per_ship() {
    let h = html();
    let lower = h.to_lowercase();
    assert!(h.starts_with("<!DOCTYPE html>"));
    for banned in [
        "<script", "http", "src=", "href=", "url(", "@import", "<link", "<iframe",
    ] {
        assert!(!lower.contains(banned), "the report contains {banned:?}");
    }
    let ships = report().ships.len();
    assert_eq!(h.matches("<svg").count(), ships, "one chart per ship");
    assert_eq!(h.matches("</svg>").count(), ships);
    assert_eq!(
        h.matches(CHART_STROKE).count(),
        ships,
        "one damage line per chart"
    );
    assert!(h.contains("game time (HHMM)"), "the time axis is labelled");
    for tick in ["1400", "1415", "1430", "1445"] {
        assert!(h.contains(&format!(">{tick}</text>")), "axis tick {tick}");
    }
    assert!(h.contains("@media print"), "styled for printing");
    // Every tag that opens is closed (a cheap well-formedness check on the report's own tags).
    for tag in ["section", "table", "svg", "h2", "h3", "p", "ul"] {
        assert_eq!(
            h.matches(&format!("<{tag}>")).count() + h.matches(&format!("<{tag} ")).count(),
            h.matches(&format!("</{tag}>")).count(),
            "<{tag}> opened and closed"
        );
    }
}

/// Screenshot `page` in headless Chromium and decode the PNG to RGBA rows.
fn screenshot(browser: &Path, dir: &Path, page: &Path, name: &str) -> (u32, u32, Vec<u8>) {
    let png = dir.join(format!("{name}.png"));
    let profile = dir.join(format!("{name}-profile"));
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--window-size=1000,2400",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", page.display()))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", browser.display()));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(90);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(
                status.success(),
                "{} exited with {status}",
                browser.display()
            );
            break;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{} took more than 90 s to take a screenshot",
                browser.display()
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let file = std::fs::File::open(&png)
        .unwrap_or_else(|e| panic!("no screenshot {}: {e}", png.display()));
    let decoder = png::Decoder::new(std::io::BufReader::new(file));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a PNG of sane size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    buf.truncate(info.buffer_size());
    let channels = info.color_type.samples();
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let rgba: Vec<u8> = buf
        .chunks(channels)
        .flat_map(|p| match channels {
            3 => [p[0], p[1], p[2], 255],
            4 => [p[0], p[1], p[2], p[3]],
            _ => [p[0], p[0], p[0], 255],
        })
        .collect();
    (info.width, info.height, rgba)
}

/// Pixels within a small distance of `#rrggbb`.
fn pixels_of(rgba: &[u8], hex: &str) -> usize {
    let c = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap() as i32;
    let (r, g, b) = (c(1), c(3), c(5));
    rgba.chunks(4)
        .filter(|p| {
            (p[0] as i32 - r).abs() <= 12
                && (p[1] as i32 - g).abs() <= 12
                && (p[2] as i32 - b).abs() <= 12
        })
        .count()
}

/// The charts render in a real browser: a screenshot of the report holds the damage line's
/// colour, and a screenshot of the same page with its charts removed does not.
#[test]
fn html_charts_render_in_headless_chromium() {
    let Some(browser) = tools_common::needed(&tools_common::CHROMIUM) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let h = html();
    let page = dir.path().join("report.html");
    std::fs::write(&page, &h).unwrap();
    // The control: the same page without its charts.
    let mut control = String::new();
    let mut rest = h.as_str();
    while let Some(start) = rest.find("<svg") {
        control.push_str(&rest[..start]);
        let end = rest[start..].find("</svg>").expect("svg closed") + start + "</svg>".len();
        rest = &rest[end..];
    }
    control.push_str(rest);
    let control_page = dir.path().join("control.html");
    std::fs::write(&control_page, &control).unwrap();

    let (w, hgt, shot) = screenshot(&browser, dir.path(), &page, "report");
    assert_eq!((w, hgt), (1000, 2400));
    let (_, _, plain) = screenshot(&browser, dir.path(), &control_page, "control");
    let with_charts = pixels_of(&shot, CHART_STROKE);
    let without = pixels_of(&plain, CHART_STROKE);
    eprintln!("pixels of {CHART_STROKE}: {with_charts} with the charts, {without} without");
    assert!(
        with_charts > 1500,
        "the charts' damage lines should paint at least 1500 pixels of {CHART_STROKE} in the \
         first 2400 px of the page; found {with_charts}"
    );
    assert_eq!(
        without, 0,
        "the page without charts has none of the chart colour"
    );
}
