//! `umpire sheets` (issue 14, SPEC 9): the record sheets of the FG&DN demo and the D&B demo as
//! Markdown and HTML snapshots; a battle in progress crosses its boxes (FG&DN 8.1.1, 8.3) and
//! `--at-start` clears them; `--out` follows `report --out` (never a battle, an existing file
//! only with `--force`); names are escaped; and the printed layout in headless Chromium at A4
//! and at Letter: every sheet fits one page and none is cut across pages.
use std::path::{Path, PathBuf};
use std::process::Command;
use umpire::cli::sheets::{build, render, Format};
use umpire::rulesets::dnb::game::Dnb;
use umpire::rulesets::dnb::Tables as DnbTables;
use umpire::rulesets::fgdn::tables::Tables;
use umpire::rulesets::fgdn::Fgdn;
use umpire::session::Session;

mod cli_common;
mod common;
mod tools_common;
use cli_common::{err, ok, out, text};
use common::umpire;

const DEMO: &str = include_str!("../saves/demo.toml");
const DEMO_DNB: &str = include_str!("../saves/demo-dnb.toml");

fn fgdn_sheets(format: Format) -> String {
    let s = Session::<Fgdn>::from_text("demo.toml", DEMO, Tables::builtin()).unwrap();
    render(&build(&s, false), format)
}

fn dnb_sheets(format: Format) -> String {
    let s = Session::<Dnb>::from_text("demo-dnb.toml", DEMO_DNB, DnbTables::builtin().unwrap())
        .unwrap();
    render(&build(&s, false), format)
}

// ---------------------------------------------------------------- snapshots

#[test]
fn markdown_of_the_demo() {
    insta::assert_snapshot!("sheets_demo_md", fgdn_sheets(Format::Md));
}

#[test]
fn html_of_the_demo() {
    insta::assert_snapshot!("sheets_demo_html", fgdn_sheets(Format::Html));
}

#[test]
fn markdown_of_the_dnb_demo() {
    insta::assert_snapshot!("sheets_dnb_md", dnb_sheets(Format::Md));
}

#[test]
fn html_of_the_dnb_demo() {
    insta::assert_snapshot!("sheets_dnb_html", dnb_sheets(Format::Html));
}

/// The HTML is one file: no scripts, nothing fetched, a sheet per ship.
#[test]
fn html_is_self_contained() {
    for (h, ships) in [
        (fgdn_sheets(Format::Html), 10),
        (dnb_sheets(Format::Html), 6),
    ] {
        assert!(h.starts_with("<!DOCTYPE html>"));
        for banned in ["<script", "http://", "https://", "<link", "@import", "url("] {
            assert!(!h.contains(banned), "{banned} in the sheets");
        }
        assert_eq!(h.matches("<section class=\"sheet\">").count(), ships);
        assert_eq!(h.matches("</section>").count(), ships);
        assert!(h.contains("break-inside: avoid"));
    }
}

/// Every scenario shipped (saves/ and the test scenarios, of both rulesets) makes a sheet per
/// ship in both formats.
#[test]
fn every_shipped_scenario_makes_its_sheets() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = Vec::new();
    for dir in ["saves", "tests/scenarios"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "toml") {
                files.push(p);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 10, "{files:?}");
    for f in &files {
        let (ships, html, md) = match umpire::session::ruleset_of(f).unwrap() {
            "dnb-standard" => {
                let s = Session::<Dnb>::open(f, DnbTables::builtin().unwrap()).unwrap();
                let sheets = build(&s, false);
                (
                    s.game.state.rules.ships.len(),
                    render(&sheets, Format::Html),
                    render(&sheets, Format::Md),
                )
            }
            "late19-naval" => {
                use umpire::core::ruleset::Ruleset;
                use umpire::rulesets::late19::game::Late19;
                let s = Session::<Late19>::open(f, Late19::tables_with(&[]).unwrap()).unwrap();
                let sheets = build(&s, false);
                (
                    s.game.state.rules.ships.len(),
                    render(&sheets, Format::Html),
                    render(&sheets, Format::Md),
                )
            }
            "quickfire-1.1" => {
                use umpire::core::ruleset::Ruleset;
                use umpire::rulesets::quickfire::game::Quickfire;
                let s =
                    Session::<Quickfire>::open(f, Quickfire::tables_with(&[]).unwrap()).unwrap();
                let sheets = build(&s, false);
                (
                    s.game.state.rules.ships.len(),
                    render(&sheets, Format::Html),
                    render(&sheets, Format::Md),
                )
            }
            "aage-qr-2020" => {
                use umpire::core::ruleset::Ruleset;
                use umpire::rulesets::aage::game::Aage;
                let s = Session::<Aage>::open(f, Aage::tables_with(&[]).unwrap()).unwrap();
                let sheets = build(&s, false);
                (
                    s.game.state.rules.ships.len(),
                    render(&sheets, Format::Html),
                    render(&sheets, Format::Md),
                )
            }
            _ => {
                let s = Session::<Fgdn>::open(f, Tables::builtin()).unwrap();
                let sheets = build(&s, false);
                (
                    s.game.state.ships.len(),
                    render(&sheets, Format::Html),
                    render(&sheets, Format::Md),
                )
            }
        };
        let name = f.display();
        assert_eq!(
            html.matches("<section class=\"sheet\">").count(),
            ships,
            "{name}"
        );
        assert_eq!(md.matches("\n## ").count(), ships, "{name}");
    }
}

// ---------------------------------------------------------------- through the binary

/// The demo with the first battle's script played: Moltke has taken 60 DP and a rudder hit.
fn played(dir: &Path) -> PathBuf {
    let save = dir.join("battle.toml");
    ok(umpire().arg("demo").arg(&save).output().unwrap());
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/examples/first-battle.umpire");
    ok(umpire()
        .arg("run")
        .arg(&save)
        .arg("--script")
        .arg(script)
        .output()
        .unwrap());
    save
}

/// The Markdown section of one ship.
fn ship_md<'a>(md: &'a str, name: &str) -> &'a str {
    let start = md
        .find(&format!("\n## {name}\n"))
        .unwrap_or_else(|| panic!("no sheet for {name}"));
    let rest = &md[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    &rest[..end]
}

/// FG&DN 8.1.1 and 8.3: at a save the sheet shows the ship as she stands: Moltke's 60 DP
/// (5 DP a box: twelve boxes) and her rudder critical are crossed; `--at-start` clears them.
#[test]
fn a_save_crosses_what_the_battle_took_and_at_start_clears_it() {
    let dir = tempfile::tempdir().unwrap();
    let save = played(dir.path());
    let now = out(&ok(umpire()
        .arg("sheets")
        .arg(&save)
        .args(["--format", "md"])
        .output()
        .unwrap()));
    assert!(now.contains("boxes as of 1209 resolution"), "{now}");
    let moltke = ship_md(&now, "SMS Moltke");
    let speed = moltke
        .lines()
        .find(|l| l.starts_with("- **27 kt**"))
        .unwrap();
    assert!(speed.contains("[x]60 [ ]65"), "{speed}");
    assert_eq!(moltke.matches("[x]").count(), 12 + 1, "{moltke}");
    assert!(moltke.contains("- **Rudder (D20 20\\*)**: [x]"), "{moltke}");
    // The other ships are untouched.
    assert!(!ship_md(&now, "HMS Tiger").contains("[x]"));

    let start = out(&ok(umpire()
        .arg("sheets")
        .arg(&save)
        .args(["--format", "md", "--at-start"])
        .output()
        .unwrap()));
    assert_eq!(
        start.matches("[x]").count(),
        1,
        "only the legend's: {start}"
    );
    assert!(
        start.contains("boxes at the start (the save holds"),
        "{start}"
    );
}

#[test]
fn out_is_refused_when_it_exists_and_never_replaces_a_battle() {
    let dir = tempfile::tempdir().unwrap();
    let save = played(dir.path());
    let before = std::fs::read(&save).unwrap();
    let html = dir.path().join("sheets.html");
    let o = ok(umpire()
        .arg("sheets")
        .arg(&save)
        .arg("--out")
        .arg(&html)
        .output()
        .unwrap());
    assert!(o.stdout.is_empty(), "nothing on stdout with --out");
    assert!(
        err(&o).contains("wrote the record sheets to"),
        "{}",
        text(&o)
    );
    let written = std::fs::read_to_string(&html).unwrap();
    assert!(written.starts_with("<!DOCTYPE html>"));

    // An existing file: refused, then replaced with --force.
    let o = umpire()
        .arg("sheets")
        .arg(&save)
        .arg("--out")
        .arg(&html)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(err(&o).contains("already exists"), "{}", text(&o));
    ok(umpire()
        .arg("sheets")
        .arg(&save)
        .args(["--format", "md", "--force", "--out"])
        .arg(&html)
        .output()
        .unwrap());
    assert!(std::fs::read_to_string(&html)
        .unwrap()
        .starts_with("# Record sheets"));

    // The battle itself, or another battle, even with --force.
    for target in [save.clone(), dir.path().join("other.toml")] {
        if !target.exists() {
            ok(umpire().arg("demo").arg(&target).output().unwrap());
        }
        let other_before = std::fs::read(&target).unwrap();
        let o = umpire()
            .arg("sheets")
            .arg(&save)
            .args(["--force", "--out"])
            .arg(&target)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        let e = err(&o);
        assert!(
            e.contains("that is the battle being printed")
                || e.contains("record sheets never replaces one"),
            "{e}"
        );
        assert_eq!(std::fs::read(&target).unwrap(), other_before);
    }
    assert_eq!(
        std::fs::read(&save).unwrap(),
        before,
        "the save is untouched"
    );
}

/// A ship's name is the umpire's text: markup and control characters are shown, not obeyed.
#[test]
fn names_are_escaped_in_html_and_markdown() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("odd.toml");
    let odd = DEMO.replacen(
        "name = \"HMS Tiger\"",
        "name = \"<b>Tiger</b> & \\\"Co\\\" \\u001b[2J *x*\"",
        1,
    );
    std::fs::write(&file, odd).unwrap();
    let h = out(&ok(umpire().arg("sheets").arg(&file).output().unwrap()));
    assert!(!h.contains("<b>Tiger"), "markup escaped");
    assert!(!h.contains('\u{1b}'), "no raw escape character");
    assert!(
        h.contains("<h1>&lt;b&gt;Tiger&lt;/b&gt; &amp; &quot;Co&quot; \\x1b[2J *x*</h1>"),
        "{}",
        &h[h.find("<h1>").unwrap()..][..120]
    );
    let md = out(&ok(umpire()
        .arg("sheets")
        .arg(&file)
        .args(["--format", "md"])
        .output()
        .unwrap()));
    assert!(!md.contains('\u{1b}'));
    assert!(
        md.contains("## \\<b>Tiger\\</b> & \"Co\" \\\\x1b\\[2J \\*x\\*"),
        "{md}"
    );
}

#[test]
fn dnb_sheets_through_the_binary() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("dnb.toml");
    ok(umpire()
        .arg("demo")
        .arg(&file)
        .args(["--ruleset", "dnb-standard"])
        .output()
        .unwrap());
    let md = out(&ok(umpire()
        .arg("sheets")
        .arg(&file)
        .args(["--format", "md"])
        .output()
        .unwrap()));
    assert!(md.contains("## Prince of Wales"));
    assert!(md.contains("- **Front**: [ ]5 [ ]4 [ ]3 [ ]2 [ ]1 [ ]0 [ ]flip"));
}

// ---------------------------------------------------------------- printed in a browser

/// Print `html` to PDF in headless Chromium on `paper`; the number of pages.
fn pdf_pages(browser: &Path, dir: &Path, html: &str, name: &str) -> usize {
    let page = dir.join(format!("{name}.html"));
    std::fs::write(&page, html).unwrap();
    let pdf = dir.join(format!("{name}.pdf"));
    let profile = dir.join(format!("{name}-profile"));
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--no-pdf-header-footer",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--print-to-pdf={}", pdf.display()))
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
            panic!("{} took more than 90 s to print {name}", browser.display());
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let bytes = std::fs::read(&pdf).unwrap_or_else(|e| panic!("no PDF {}: {e}", pdf.display()));
    count_pages(&bytes)
}

/// `/Type /Page` dictionaries (not `/Type /Pages`).
fn count_pages(pdf: &[u8]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while let Some(at) = find(&pdf[i..], b"/Type") {
        let mut j = i + at + 5;
        while pdf.get(j).is_some_and(|b| b.is_ascii_whitespace()) {
            j += 1;
        }
        if pdf[j..].starts_with(b"/Page") && !pdf[j..].starts_with(b"/Pages") {
            n += 1;
        }
        i = j;
    }
    n
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// `html` with an extra style sheet (a paper size, a forced page break).
fn with_style(html: &str, css: &str) -> String {
    html.replacen("</head>", &format!("<style>{css}</style>\n</head>"), 1)
}

/// At A4 and at Letter: with each sheet forced onto a page of its own, the PDF has exactly one
/// page per sheet, so no sheet is taller than a page (a taller one would run onto a second
/// page and add one); and as written (short sheets sharing pages, `break-inside: avoid`), no
/// more pages than sheets. A sheet that does not fit fails the first count.
#[test]
fn printed_sheets_fit_a4_and_letter_and_none_is_cut() {
    let Some(browser) = tools_common::needed(&tools_common::CHROMIUM) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    // The checker can fail: a sheet made taller than a page adds pages.
    let tall = with_style(
        &dnb_sheets(Format::Html),
        "@page { size: A4; } section.sheet + section.sheet { break-before: page; } \
         section.sheet:first-of-type { padding-bottom: 280mm; }",
    );
    assert!(
        pdf_pages(&browser, dir.path(), &tall, "control") > 6,
        "a sheet taller than a page should run onto another page"
    );
    for (what, html, sheets) in [
        ("fgdn", fgdn_sheets(Format::Html), 10),
        ("dnb", dnb_sheets(Format::Html), 6),
    ] {
        for paper in ["A4", "letter"] {
            let alone = with_style(
                &html,
                &format!(
                    "@page {{ size: {paper}; }} \
                     section.sheet + section.sheet {{ break-before: page; }}"
                ),
            );
            let n = pdf_pages(
                &browser,
                dir.path(),
                &alone,
                &format!("{what}-{paper}-alone"),
            );
            assert_eq!(
                n, sheets,
                "{what} at {paper}: one page per sheet when each starts a page (a sheet taller \
                 than the page is cut)"
            );
            let packed = with_style(&html, &format!("@page {{ size: {paper}; }}"));
            let n = pdf_pages(&browser, dir.path(), &packed, &format!("{what}-{paper}"));
            eprintln!("{what} at {paper}: {sheets} sheets on {n} pages");
            assert!(n >= 1 && n <= sheets, "{what} at {paper}: {n} pages");
        }
    }
}
