#!/usr/bin/env bash
# Writes what one `keisei` binary says of a list of positions, file by file,
# so that two builds can be compared byte for byte with `diff -r`: the check
# behind every "outputs identical" in docs/results.md.
#
#   scripts/outputs.sh KEISEI LIST OUT
#
# KEISEI is a built `keisei` binary, LIST holds `file<TAB>move` lines (what
# `keisei bench speed --json` lists as `timed`, see below), OUT a directory
# (made afresh). Written into OUT, for the n-th line of LIST:
#
# - eval-n.json: `keisei eval --json` (every term, map, group and the score);
# - eval001-n.json, for the first 40 lines: the same with every model the
#   default configuration leaves out (seed 001's composition, attack-ease
#   territory, projection influence, seed 003's danger);
# - rank-n.json, every third line: `keisei rank --method 2 --json` (every
#   legal move, through the ranking's shared evaluations);
#
# and, for every fixture of fixtures/positions and fixtures/evaluate, its
# evaluation and both methods' rankings (fx-*.json). A run prints how many
# files it wrote. Typical use, a change against main:
#
#   keisei bench speed ../shared/data/fox-pro --games 50 --moves 50..150 \
#       --per-game 2 --repeat 1 --json \
#     | python3 -c 'import json, sys
# for t in json.load(sys.stdin)["timed"]: print(t["file"], t["move_number"], sep="\t")' > list.tsv
#   scripts/outputs.sh main-build/keisei list.tsv /tmp/before
#   scripts/outputs.sh target/release/keisei list.tsv /tmp/after
#   diff -rq /tmp/before /tmp/after && echo identical
#
# Relative paths in LIST are read from the directory the script is run in.
set -euo pipefail

if [ $# -ne 3 ]; then
  echo "usage: scripts/outputs.sh KEISEI LIST OUT" >&2
  exit 2
fi
bin=$1
list=$2
out=$3
root=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$bin" ] || { echo "scripts/outputs.sh: $bin: not an executable" >&2; exit 2; }
[ -r "$list" ] || { echo "scripts/outputs.sh: $list: cannot read it" >&2; exit 2; }

rm -rf "$out"
mkdir -p "$out"
config=$out/.seed001.toml
cat > "$config" <<'EOF'
composition = "seed001"
[models]
territory = "attack-ease"
influence = "projection"
danger = "seed003"
[weights]
influence = 0.08
EOF

# Each command's output, errors included: a build that fails where the
# other answers differs as much as one that answers otherwise.
i=0
while IFS=$'\t' read -r file move; do
  [ -n "$file" ] || continue
  i=$((i + 1))
  "$bin" eval "$file" --move "$move" --json > "$out/eval-$i.json" 2>&1 || true
  if [ "$i" -le 40 ]; then
    "$bin" eval "$file" --move "$move" --json --config "$config" > "$out/eval001-$i.json" 2>&1 || true
  fi
  if [ $((i % 3)) -eq 0 ]; then
    "$bin" rank "$file" --move "$move" --method 2 --json > "$out/rank-$i.json" 2>&1 || true
  fi
done < "$list"
for f in "$root"/fixtures/positions/*.sgf "$root"/fixtures/evaluate/*.sgf; do
  b=$(basename "$f" .sgf)
  "$bin" eval "$f" --json > "$out/fx-eval-$b.json" 2>&1 || true
  "$bin" rank "$f" --method 1 --json > "$out/fx-rank1-$b.json" 2>&1 || true
  "$bin" rank "$f" --method 2 --json > "$out/fx-rank2-$b.json" 2>&1 || true
done
rm -f "$config"
echo "$(find "$out" -type f | wc -l) files in $out"
