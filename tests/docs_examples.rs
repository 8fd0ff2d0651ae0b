//! Every `umpire ...` command line in README.md and docs/*.md code blocks runs (SPEC 10,
//! "every example runs against files that exist in the repo").
//!
//! Each document gets a fresh temporary copy of the files its examples name (saves/, tables/,
//! docs/, tests/scenarios/), and its lines run in order in that copy through `sh`, so a line
//! may use a file an earlier line wrote and a glob expands as a user's shell would. `HOME` and
//! the XDG directories point into the copy, so nothing touches the real ones. Every line must
//! exit 0.
//!
//! Lines that open the dashboard need a terminal. They are listed in [`INTERACTIVE`] (the test
//! fails on one that is not, so a new one is a decision, not an accident); those that create a
//! file later lines read have a headless stand-in that makes the same file.
use std::path::{Path, PathBuf};
use std::process::Command;

/// Dashboard lines: (the line as written, a headless stand-in or "" to skip).
const INTERACTIVE: &[(&str, &str)] = &[
    (
        "umpire --save first.toml",
        "umpire demo first.toml && umpire run first.toml --script docs/examples/first-battle.umpire",
    ),
    ("umpire play first.toml", ""),
    ("umpire new north-sea-built.toml", ""),
    ("umpire new yalu.toml --ruleset late19-naval", ""),
    ("umpire play mybattle.toml --save mybattle-game.toml", ""),
    ("umpire watch saves/demo.toml", ""),
    ("umpire watch saves/demo.toml --side German", ""),
    ("umpire review saves/demo.toml", ""),
    ("umpire review saves/demo.toml --at 1215", ""),
    ("umpire --ruleset dnb-standard", ""),
    ("umpire play dnb.toml", ""),
    ("umpire play dnb.toml --save dnb-save.toml", ""),
    ("umpire --ruleset late19-naval", ""),
    ("umpire play l19.toml", ""),
    ("umpire --ruleset quickfire-1.1", ""),
    ("umpire play qf.toml", ""),
    ("umpire --ruleset aage-qr-2020", ""),
    ("umpire play aa.toml", ""),
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `umpire ...` lines of the fenced code blocks of a Markdown text, comments removed.
fn command_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block && (t == "umpire" || t.starts_with("umpire ")) {
            out.push(strip_comment(t));
        }
    }
    out
}

/// The line without a trailing `# comment` (a `#` after a space, outside quotes).
fn strip_comment(line: &str) -> String {
    let mut quoted = false;
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted && prev.is_whitespace() => return line[..i].trim_end().to_string(),
            _ => {}
        }
        prev = c;
    }
    line.trim_end().to_string()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), dest).unwrap();
        }
    }
}

fn documents() -> Vec<PathBuf> {
    let mut docs = vec![root().join("README.md")];
    let mut more: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    more.sort();
    docs.extend(more);
    docs
}

/// A directory whose `umpire` is the binary under test, for `sh`'s PATH.
fn bin_dir(tmp: &Path) -> PathBuf {
    let dir = tmp.join("bin");
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_umpire"), dir.join("umpire")).unwrap();
    dir
}

fn run_line(dir: &Path, bin: &Path, line: &str) -> std::process::Output {
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new("sh")
        .arg("-c")
        .arg(line)
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir.join("home"))
        .env("XDG_DATA_HOME", dir.join("home/data"))
        .env("XDG_CONFIG_HOME", dir.join("home/config"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

#[test]
fn every_umpire_example_in_readme_and_docs_runs() {
    let mut ran = 0;
    let mut failures = Vec::new();
    let mut interactive_seen = Vec::new();
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).unwrap();
        let lines = command_lines(&text);
        if lines.is_empty() {
            continue;
        }
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("repo");
        for sub in ["saves", "tables", "docs", "tests/scenarios"] {
            copy_dir(&root().join(sub), &dir.join(sub));
        }
        let bin = bin_dir(tmp.path());
        let name = doc.file_name().unwrap().to_string_lossy().to_string();
        for line in lines {
            let run = match INTERACTIVE.iter().find(|(l, _)| *l == line) {
                Some((_, stand_in)) => {
                    interactive_seen.push(line.clone());
                    if stand_in.is_empty() {
                        continue;
                    }
                    stand_in.to_string()
                }
                None => {
                    let verb = line.split_whitespace().nth(1).unwrap_or("");
                    if verb.is_empty()
                        || verb.starts_with("--")
                        || ["play", "review", "watch"].contains(&verb)
                    {
                        failures.push(format!(
                            "{name}: `{line}` opens the dashboard: list it in INTERACTIVE"
                        ));
                        continue;
                    }
                    line.clone()
                }
            };
            let out = run_line(&dir, &bin, &run);
            ran += 1;
            if !out.status.success() {
                failures.push(format!(
                    "{name}: `{line}` exited {:?}\n{}{}",
                    out.status.code(),
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert!(ran >= 20, "only {ran} examples ran");
    for (line, _) in INTERACTIVE {
        assert!(
            interactive_seen.iter().any(|l| l == line),
            "INTERACTIVE lists `{line}`, which no document has any more"
        );
    }
}

#[test]
fn examples_name_files_that_exist() {
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).unwrap();
        assert!(
            !text.contains("dogger"),
            "{} names a dogger file, which the repository does not have",
            doc.display()
        );
    }
    assert!(root().join("docs/examples/first-battle.umpire").exists());
}

#[test]
fn comments_are_stripped_outside_quotes() {
    assert_eq!(
        strip_comment("umpire log f.toml   # the log"),
        "umpire log f.toml"
    );
    assert_eq!(
        strip_comment("umpire carry a --name \"No. #1\" # x"),
        "umpire carry a --name \"No. #1\""
    );
}
