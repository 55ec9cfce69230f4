#!/usr/bin/env bash
# Counts the instructions of fresh evaluations under callgrind: the figure
# behind every "refs" and "M instructions" in docs/results.md. Instruction
# counts repeat for the same binary and list whatever else the machine is
# doing (to within a few thousand in 55 M: the environment's size moves
# the stack), where times on a shared machine drift by 30 %.
#
#   scripts/refs.sh REPEAT LIST
#
# REPEAT is a built example `repeat`
# (`cargo build --release -p keisei-evaluate --example repeat`, then
# target/release/examples/repeat; `cargo test --release` builds that file
# too, with the test's features, and its count differs by 1 %: build it
# again before counting), LIST holds `file<TAB>move` lines. Only
# `repeat::time_once` is counted (the timed evaluations, not loading the
# records or the first untimed evaluation of each position): every
# position of LIST twice, round the list (`fresh 2 interleaved`). Prints
# the total; divide by twice the number of lines for one evaluation.
#
# The list of results.md ("LIST33", 66 evaluations) is every third line of
# the speed list that scripts/outputs.sh describes, from the first:
#
#   awk 'NR % 3 == 1' list.tsv > list33.tsv
#   scripts/refs.sh target/release/examples/repeat list33.tsv
#
# Run it from the directory LIST's paths are relative to. valgrind must be
# installed; the profile is kept in ${TMPDIR:-/tmp}/callgrind.refs.out for
# `callgrind_annotate`.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: scripts/refs.sh REPEAT LIST" >&2
  exit 2
fi
valgrind --tool=callgrind --callgrind-out-file="${TMPDIR:-/tmp}/callgrind.refs.out" \
  --toggle-collect='repeat::time_once' "$1" "$2" fresh 2 interleaved 2>&1 \
  | grep 'Collected' | sed 's/^==[0-9]*== //'
