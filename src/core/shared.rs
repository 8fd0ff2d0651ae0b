//! [`Shared`]: a value that copies of a larger state share until one of them changes it (copy
//! on write). A ruleset that decides each command on a scratch copy of its whole state keeps
//! its ships in it, so the copy costs a pointer per ship and only the ships a command changes
//! are copied.
use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// A value shared between clones until one is written to: reading is `Deref`; writing
/// through `DerefMut` copies the value first if another clone still holds it.
#[derive(Clone)]
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Shared<T> {
        Shared(Arc::new(value))
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> DerefMut for Shared<T> {
    fn deref_mut(&mut self) -> &mut T {
        Arc::make_mut(&mut self.0)
    }
}

/// Equal when the values are: two clones not yet written to are equal without a comparison.
impl<T: PartialEq> PartialEq for Shared<T> {
    fn eq(&self, other: &Shared<T>) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

/// Printed as the value itself (a state's `Debug` reads as it did before it shared).
impl<T: fmt::Debug> fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_copies_only_the_clone_written_to() {
        let a = Shared::new(vec![1, 2]);
        let mut b = a.clone();
        assert!(Arc::ptr_eq(&a.0, &b.0), "a clone shares until written");
        b.push(3);
        assert_eq!(*a, vec![1, 2]);
        assert_eq!(*b, vec![1, 2, 3]);
        assert!(!Arc::ptr_eq(&a.0, &b.0));
        assert_ne!(a, b);
        let mut c = Shared::new(vec![1, 2]);
        assert_eq!(a, c, "equal by value, not by pointer");
        let before = Arc::as_ptr(&c.0);
        c.push(4);
        assert_eq!(
            Arc::as_ptr(&c.0),
            before,
            "a value held once is written in place"
        );
        assert_eq!(format!("{a:?}"), "[1, 2]");
    }
}
