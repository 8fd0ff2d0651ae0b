//! Strict table loading as the user sees it: every folder in `tests/bad_tables/` holds one
//! invalid table file and `expected.txt`, the exact error lines `Tables::load` must report.
use std::fs;
use std::path::Path;
use umpire::rulesets::fgdn::tables::Tables;

#[test]
fn bad_tables_give_exact_messages() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad_tables");
    let mut cases: Vec<_> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    cases.sort();
    assert!(cases.len() >= 8);
    let bless = std::env::var_os("BLESS").is_some();
    for case in cases {
        let mut overrides = Vec::new();
        let mut files: Vec<_> = fs::read_dir(&case)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for f in files
            .iter()
            .filter(|f| f.extension().is_some_and(|e| e == "toml"))
        {
            let name = f.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap();
            overrides.push((name.display().to_string(), fs::read_to_string(f).unwrap()));
        }
        let errors = match Tables::load(&overrides) {
            Ok(_) => panic!("{}: loaded without error", case.display()),
            Err(errors) => errors,
        };
        let got: String = errors.iter().map(|e| format!("{e}\n")).collect();
        let expected_path = case.join("expected.txt");
        if bless {
            fs::write(&expected_path, &got).unwrap();
        }
        let expected = fs::read_to_string(&expected_path).unwrap_or_default();
        assert_eq!(got, expected, "case {}", case.display());
    }
}

#[test]
fn builtin_tables_load() {
    let t = Tables::builtin();
    assert_eq!(t.critical_hit.columns.len(), 10);
}
