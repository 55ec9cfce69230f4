//! Invariants: the same input gives the same output; swapping colours
//! negates the total, the score (without komi) and the ownership; the 8
//! symmetries transform the ownership and leave the total unchanged. Also
//! with every position taken as near its end (`ownership.settled-above`
//! 0: the ownership's own settling and influence), where the ownership's
//! judgment leaves the total and the terms' dead stones as they are.

use keisei_board::{Board, Symmetry};
use keisei_evaluate::{Config, Evaluator};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn colour_swap_and_symmetries(
        size in prop::sample::select(vec![9u8, 13]),
        choices in prop::collection::vec(any::<u16>(), 10..70),
        sym in prop::sample::select(Symmetry::ALL.to_vec()),
        seed001 in any::<bool>(),
        near_end in any::<bool>(),
    ) {
        let mut config = Config::default();
        if seed001 {
            config.composition = keisei_evaluate::config::Composition::Seed001;
        }
        if near_end {
            config.ownership.settled_above = 0.0;
        }
        let ev = Evaluator::new(config);
        let b = Board::from_choices(u32::from(size), &choices).unwrap();
        let e = ev.evaluate(&b, 0.0);
        let again = ev.evaluate(&b, 0.0);
        prop_assert_eq!(e.total, again.total);
        prop_assert_eq!(&e.ownership, &again.ownership);
        // Evaluators of their own: eye shapes the first evaluation searched
        // are searched again, the other way round, and must come out the
        // same (an evaluation does not depend on what its evaluator
        // evaluated before).
        let s = Evaluator::new(config).evaluate(&b.swapped_colors(), 0.0);
        prop_assert!((s.total + e.total).abs() < 1e-6, "swap: {} vs {}", s.total, e.total);
        prop_assert!((s.score + e.score).abs() < 1e-6);
        prop_assert!(s.ownership.iter().zip(e.ownership.iter()).all(|((_, a), (_, b))| (a + b).abs() < 1e-9));
        let t = Evaluator::new(config).evaluate(&b.transformed(sym), 0.0);
        prop_assert!((t.total - e.total).abs() < 1e-6, "{:?}: {} vs {}", sym, t.total, e.total);
        prop_assert_eq!(&t.ownership, &e.ownership.transformed(sym));
        if near_end {
            // The ownership's judgment never changes the terms.
            let plain = Evaluator::new(Config { ownership: Config::default().ownership, ..config })
                .evaluate(&b, 0.0);
            prop_assert_eq!(plain.total.to_bits(), e.total.to_bits());
            prop_assert_eq!(&plain.dead, &e.dead);
        }
    }
}
