#!/usr/bin/env python3
"""GNU Go's time on the positions of a `keisei bench speed --json` report.

For each position of the report (its `timed` list: file and move number),
one GNU Go process in GTP mode (level 10 unless told otherwise) loads the
position (`loadsgf FILE N+1`: the position after N moves) and answers, each
timed from the command sent to the answer read:

- `estimate_score`: GNU Go's whole-board judgement of the position;
- `reg_genmove C` then `top_moves`: its move choice for the side to move
  and the moves it valued, the peer of a ranking of every legal move.

Prints the median, 90th percentile and maximum of each beside the report's
own figures for one evaluation and for a method-2 ranking, so the two are
read side by side on the same positions and the same machine:

    cargo run --release -p keisei-cli -- bench speed ../shared/data/fox-pro \\
        --games 50 --moves 50..150 --per-game 2 --json > speed.json
    python3 scripts/gnugo-speed.py speed.json

Needs GNU Go (`/usr/games/gnugo`; `apt-get install gnugo`).
"""
import argparse, json, math, sys

from gtp import Gtp


def quantile(sorted_values, q):
    """The value at `q` (0 to 1) by the nearest rank, as `keisei bench speed`."""
    rank = min(max(math.ceil(q * len(sorted_values)), 1), len(sorted_values))
    return sorted_values[rank - 1]


def summary(values):
    v = sorted(values)
    return quantile(v, 0.5), quantile(v, 0.9), v[-1]


def fmt(seconds):
    return f"{seconds * 1e6:.0f} µs" if seconds < 1e-3 else (
        f"{seconds * 1e3:.1f} ms" if seconds < 1 else f"{seconds:.2f} s")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("report", help="the JSON of `keisei bench speed --json`")
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    ap.add_argument("--level", type=int, default=10)
    ap.add_argument("--limit", type=int, default=None, help="only the first N positions")
    a = ap.parse_args()
    try:
        with open(a.report, encoding="utf-8") as f:
            report = json.load(f)
        timed = report["timed"]
    except (OSError, ValueError, KeyError) as e:
        sys.exit(f"error: {a.report}: not a `keisei bench speed --json` report ({e})")
    if a.limit is not None:
        timed = timed[: a.limit]
    if not timed:
        sys.exit(f"error: {a.report}: the report holds no timed position")
    try:
        gtp = Gtp([a.gnugo, "--mode", "gtp", "--level", str(a.level)])
    except OSError as e:
        sys.exit(f"error: cannot start GNU Go ({a.gnugo}): {e}")
    score, choose = [], []
    try:
        for i, t in enumerate(timed):
            try:
                color, _ = gtp.ask(f"loadsgf {t['file']} {t['move_number'] + 1}")
                _, s = gtp.ask("estimate_score")
                _, g = gtp.ask(f"reg_genmove {color.split()[0]}")
                _, m = gtp.ask("top_moves")
            except (RuntimeError, KeyError, BrokenPipeError) as e:
                sys.exit(f"error: {a.report}: position {i + 1} ({t.get('file')}, move {t.get('move_number')}): {e}")
            score.append(s)
            choose.append(g + m)
            print(f"\r{i + 1}/{len(timed)}", end="", file=sys.stderr, flush=True)
    finally:
        print(file=sys.stderr)
        gtp.close()
    ours = {row["measure"]: row for row in report["rows"]}
    print(f"{len(timed)} positions of {a.report}; GNU Go level {a.level}, one process, one thread")
    print()
    print("| measure | median | 90th percentile | max |")
    print("|---|---:|---:|---:|")
    for name in ["one evaluation, fresh reader", "method 2, every legal move, one thread"]:
        if name in ours:
            r = ours[name]
            print(f"| keisei: {name} | {fmt(r['median_ms'] / 1e3)} | "
                  f"{fmt(r['p90_ms'] / 1e3)} | {fmt(r['max_ms'] / 1e3)} |")
    for name, v in [("GNU Go: `estimate_score`", score),
                    ("GNU Go: `reg_genmove` + `top_moves`", choose)]:
        med, p90, top = summary(v)
        print(f"| {name} | {fmt(med)} | {fmt(p90)} | {fmt(top)} |")


if __name__ == "__main__":
    main()
