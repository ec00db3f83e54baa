//! Tests of the facade.
