//! Ids as words for people (SPEC 10, "words, not ids"): `planned_fire` reads "planned fire",
//! `main_battery` "main battery". Screens and log lines use these; commands accept both (the
//! parsers read `-`, `_` and, quoted, spaces alike), and saves and `status --json` keep the
//! snake_case ids.
use crate::core::clock::Phase;

/// A snake_case id as words: underscores become spaces.
pub fn words(id: &str) -> String {
    id.replace('_', " ")
}

/// A phase as words ("planned fire").
pub fn phase(p: Phase) -> String {
    words(p.name())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_as_words() {
        assert_eq!(phase(Phase::PlannedFire), "planned fire");
        assert_eq!(phase(Phase::Resolution), "resolution");
        assert_eq!(words("main_battery"), "main battery");
    }
}
