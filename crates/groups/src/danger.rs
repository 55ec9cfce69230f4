//! Group danger (seed 000 §3.3.1, eq. 2) and encirclement (§3.3.3).

use std::f64::consts::PI;

/// Danger from strength `s` and encirclement `e` (both in [0, 1]).
///
/// Eq. 2 is garbled in the paper; its stated constraints are: `s = 1` gives 0
/// for any `e`; `s = 0, e = 0` gives 0.1; `s = 0, e = 1` gives 1; negatives
/// are clamped to 0; a sine term matters most at `e = 1`. BRIEF.md fixes
///
/// `danger = max(0, (1 − s)(1 + 9e)/10 + 0.5·(e − 0.5)·sin(π·s))`.
///
/// Inputs outside [0, 1] are clamped first. The sine is not computed at
/// `s = 0` and `s = 1` (most groups): its value there is taken as the
/// constant it has (`sin 0 = 0`, and [`SIN_PI`], not quite 0 in floating
/// point), so the result is the formula's to the bit.
pub fn danger(strength: f64, encirclement: f64) -> f64 {
    let s = strength.clamp(0.0, 1.0);
    let e = encirclement.clamp(0.0, 1.0);
    // (Compared by their bits: `-0` takes the sine, which is `-0`, with the
    // same result.)
    let sine = if s.to_bits() == 0 {
        0.0
    } else if s.to_bits() == 1.0_f64.to_bits() {
        SIN_PI
    } else {
        (PI * s).sin()
    };
    let d = (1.0 - s) * (1.0 + 9.0 * e) / 10.0 + 0.5 * (e - 0.5) * sine;
    d.max(0.0)
}

/// `(π·1).sin()` in `f64`: π is rounded, so its sine is this tiny number,
/// not 0 (checked against the sine itself by a test).
const SIN_PI: f64 = 1.224_646_799_147_353_2e-16;

/// Encirclement from the 4th-order liberties `l4` (possibly fractional with
/// connection shares, §3.3.4): `max(0, 1 − l4/10)` (§3.3.3; BRIEF.md).
pub fn encirclement(l4: f64) -> f64 {
    (1.0 - l4 / 10.0).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn the_sines_skipped_are_the_sines() {
        assert_eq!((PI * 1.0_f64).sin().to_bits(), SIN_PI.to_bits());
        assert_eq!((PI * 0.0_f64).sin().to_bits(), 0.0_f64.to_bits());
        let general = |s: f64, e: f64| {
            ((1.0 - s) * (1.0 + 9.0 * e) / 10.0 + 0.5 * (e - 0.5) * (PI * s).sin()).max(0.0)
        };
        for i in 0..=20 {
            let e = f64::from(i) / 20.0;
            for s in [0.0, 1.0] {
                assert_eq!(
                    danger(s, e).to_bits(),
                    general(s, e).to_bits(),
                    "s = {s}, e = {e}"
                );
            }
        }
    }

    #[test]
    fn the_stated_boundary_conditions_hold() {
        for i in 0..=10 {
            let e = f64::from(i) / 10.0;
            assert!(close(danger(1.0, e), 0.0), "s = 1, e = {e}");
        }
        assert!(close(danger(0.0, 0.0), 0.1));
        assert!(close(danger(0.0, 1.0), 1.0));
    }

    #[test]
    fn never_negative_and_bounded() {
        for i in 0..=100 {
            for j in 0..=100 {
                let (s, e) = (f64::from(i) / 100.0, f64::from(j) / 100.0);
                let d = danger(s, e);
                assert!((0.0..=1.0).contains(&d), "danger({s}, {e}) = {d}");
            }
        }
        // The clamp matters: weakly encircled, middling strength goes negative unclamped.
        let s = 0.5;
        let raw = (1.0 - s) * (1.0 + 9.0 * 0.0) / 10.0 + 0.5 * (0.0 - 0.5) * (PI * s).sin();
        assert!(raw < 0.0);
        assert!(close(danger(s, 0.0), 0.0));
    }

    #[test]
    fn the_sine_term_matters_most_when_encircled() {
        // At e = 1 the sine term is +0.25 at s = 0.5; at e = 0.5 it vanishes.
        let with_sine = danger(0.5, 1.0);
        let linear = 0.5 * 10.0 / 10.0;
        assert!(close(with_sine - linear, 0.25));
        assert!(close(danger(0.5, 0.5), 0.5 * 5.5 / 10.0));
    }

    #[test]
    fn danger_falls_with_strength_when_encircled() {
        let mut last = f64::INFINITY;
        for i in 0..=20 {
            let d = danger(f64::from(i) / 20.0, 1.0);
            assert!(d <= last + 1e-12);
            last = d;
        }
    }

    #[test]
    fn encirclement_from_fourth_order_liberties() {
        assert!(close(encirclement(0.0), 1.0));
        assert!(close(encirclement(5.0), 0.5));
        assert!(close(encirclement(10.0), 0.0));
        assert!(close(encirclement(25.0), 0.0));
    }
}
