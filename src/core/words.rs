//! Ids as words for people (SPEC 10, "words, not ids"): `planned_fire` reads "planned fire",
//! `main_battery` "main battery". Screens and log lines use these; commands accept both (the
//! parsers read `-`, `_` and, quoted, spaces alike), and saves and `status --json` keep the
//! snake_case ids.

/// A snake_case id as words: underscores become spaces.
pub fn words(id: &str) -> String {
    id.replace('_', " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_as_words() {
        assert_eq!(words("main_battery"), "main battery");
    }
}
