//! Integration tests of keisei-evaluate (written with the facade).
