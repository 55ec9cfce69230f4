//! Tests (to be written).
