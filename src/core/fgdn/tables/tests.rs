//! Tests of the rule tables against the rule text.
use super::*;

#[test]
fn builtin_tables_parse() {
    if let Err(errors) = Tables::load(&[]) {
        panic!(
            "{}",
            errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
}
