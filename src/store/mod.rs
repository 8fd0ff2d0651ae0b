//! Save files: parse, validate, append durably, write atomically.
