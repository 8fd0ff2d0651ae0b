//! Searching the log panel, the same on every dashboard: the next row that contains the
//! needle (without case), older (towards the top) or newer than a row.

/// The nearest row before `start` (`older`) or after it that contains `needle`, ignoring
/// case; `start` may be `rows.len()` (from the end).
pub fn find<S: AsRef<str>>(rows: &[S], needle: &str, start: usize, older: bool) -> Option<usize> {
    let needle = needle.to_lowercase();
    let hit = |i: &usize| rows[*i].as_ref().to_lowercase().contains(&needle);
    if older {
        (0..start.min(rows.len())).rev().find(hit)
    } else {
        (start.saturating_add(1)..rows.len()).find(hit)
    }
}

#[cfg(test)]
mod tests {
    use super::find;

    #[test]
    fn finds_older_and_newer_rows_without_case() {
        let rows = [
            "turn 1 gunnery Hood",
            "  roll D6 = 3",
            "turn 1 si hood 2",
            "next",
        ];
        assert_eq!(find(&rows, "HOOD", rows.len(), true), Some(2));
        assert_eq!(find(&rows, "hood", 2, true), Some(0));
        assert_eq!(find(&rows, "hood", 0, true), None);
        assert_eq!(find(&rows, "hood", 0, false), Some(2));
        assert_eq!(find(&rows, "hood", 2, false), None);
        assert_eq!(
            find(&rows, "d6", 9, true),
            Some(1),
            "a start past the end is the end"
        );
    }
}
