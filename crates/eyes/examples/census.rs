//! Counts the enumerated shapes per size and placement, values each by
//! search, and prints the distribution of values and the time taken.

#![allow(clippy::print_stdout)] // an example prints its findings

use keisei_eyes::enumerate::{Placement, shapes};
use std::collections::BTreeMap;
use std::time::Instant;

fn main() {
    for placement in Placement::ALL {
        for n in 1..=7 {
            let t = Instant::now();
            let list = shapes(n, placement);
            let mut dist: BTreeMap<String, usize> = BTreeMap::new();
            let mut nodes = 0;
            for s in &list {
                let a = s.to_space(0).unwrap().analyse(50_000_000).unwrap();
                nodes += a.nodes;
                *dist.entry(a.value.to_string()).or_default() += 1;
            }
            println!(
                "{:6} {n}: {:4} shapes, {:?}, {} nodes, {:.1?}",
                placement.name(),
                list.len(),
                dist,
                nodes,
                t.elapsed()
            );
        }
    }
}
