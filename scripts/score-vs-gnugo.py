#!/usr/bin/env python3
"""Score estimates of `keisei eval` beside GNU Go's `estimate_score`.

Positions: the test split of a folder of game records (FNV-1a-64 of the file
name modulo 10 == 0, as `keisei_candidates::Split`), records without setup or
handicap stones (`AB`), longer than 20 moves, in path order; two positions
per record, after moves 52 and 118, those past the end of the record skipped
(the positions of `keisei bench next-move`). Prints one line per position
and the agreement: mean absolute difference, correlation, how often both
name the same side ahead, and how often each names the side that went on to
win the game (`RE[B+…]`/`RE[W+…]`) as ahead.

    python3 scripts/score-vs-gnugo.py ../shared/data/fox-pro --games 15

Needs a release build of keisei (`cargo build --release -p keisei-cli`) and
GNU Go (`/usr/games/gnugo`).
"""
import argparse, json, math, os, re, subprocess, sys, tempfile, time


def fnv1a64(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for b in data:
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def records(root):
    files = []
    for d, _, names in os.walk(root):
        files += [os.path.join(d, n) for n in names if n.endswith(".sgf")]
    return sorted(os.path.abspath(f) for f in files)


def moves_in(text):
    return len(re.findall(r";\s*[BW]\[", text))


def komi_points(text):
    """The komi in points, as `keisei_board::sgf::komi_points` reads it."""
    m = re.search(r"KM\[([-0-9.]+)\]", text)
    km = float(m.group(1)) if m else 0.0
    if abs(km) <= 19 * 19 / 2:
        return km
    return km / 100 * (2 if re.search(r"RU\[\s*chinese\s*\]", text, re.I) else 1)


def gnugo_score(gnugo, path, moves, komi):
    # GNU Go takes KM as written; give it the komi in points.
    cmds = f"loadsgf {path} {moves + 1}\nkomi {komi}\nestimate_score\nquit\n"
    start = time.perf_counter()
    out = subprocess.run([gnugo, "--mode", "gtp", "--level", "10"], input=cmds,
                         capture_output=True, text=True, check=True).stdout
    secs = time.perf_counter() - start
    answers = [l for l in out.splitlines() if l.startswith("=")]
    m = re.match(r"= ([BW])\+([0-9.]+)", answers[2])
    if not m:
        return None, secs
    v = float(m.group(2))
    return (v if m.group(1) == "B" else -v), secs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--games", type=int, default=15)
    ap.add_argument("--keisei", default="target/release/keisei")
    ap.add_argument("--gnugo", default="/usr/games/gnugo")
    a = ap.parse_args()
    chosen, winner, komi, moves = [], {}, {}, {}
    for f in records(a.dir):
        if len(chosen) >= a.games:
            break
        if fnv1a64(os.path.basename(f).encode()) % 10 != 0:
            continue
        text = open(f, encoding="utf-8", errors="replace").read()
        if "AB[" in text or moves_in(text) <= 20:
            continue
        chosen.append(f)
        komi[f] = komi_points(text)
        moves[f] = moves_in(text)
        m = re.search(r"RE\[([BW])\+", text)
        winner[f] = None if m is None else (1 if m.group(1) == "B" else -1)
    positions = [(f, n) for f in chosen for n in (52, 118) if n < moves[f]]
    with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False) as lst:
        for f, n in positions:
            lst.write(f"{f}\t{n}\n")
    start = time.perf_counter()
    out = subprocess.run([a.keisei, "eval", lst.name, "--json"], capture_output=True,
                         text=True, check=True).stdout
    ours_secs = time.perf_counter() - start
    ours = [json.loads(l)["result"]["score"] for l in out.splitlines() if l.strip()]
    pairs, gg_secs, won = [], 0.0, []
    for (f, n), k in zip(positions, ours):
        g, s = gnugo_score(a.gnugo, f, n, komi[f])
        gg_secs += s
        print(f"{os.path.basename(f)}\tmove {n}\tkeisei {k:+.1f}\tgnugo {g if g is None else f'{g:+.1f}'}")
        if g is not None:
            pairs.append((k, g))
            if winner[f] is not None:
                won.append((k, g, winner[f]))
    n = len(pairs)
    mad = sum(abs(k - g) for k, g in pairs) / n
    mk = sum(k for k, _ in pairs) / n
    mg = sum(g for _, g in pairs) / n
    cov = sum((k - mk) * (g - mg) for k, g in pairs)
    r = cov / math.sqrt(sum((k - mk) ** 2 for k, _ in pairs) * sum((g - mg) ** 2 for _, g in pairs))
    same = sum(1 for k, g in pairs if (k > 0) == (g > 0)) / n
    print(f"{n} positions from {len(chosen)} records: mean |keisei - gnugo| {mad:.1f} points, "
          f"correlation {r:.2f}, same side ahead {100 * same:.0f} %")
    print(f"{len(won)} positions of decided games: keisei names the winner ahead in "
          f"{100 * sum(1 for k, _, w in won if k * w > 0) / len(won):.0f} %, "
          f"gnugo in {100 * sum(1 for _, g, w in won if g * w > 0) / len(won):.0f} %")
    print(f"time: keisei {ours_secs:.2f} s for all (one process), gnugo {gg_secs / n:.2f} s per position")


if __name__ == "__main__":
    sys.exit(main())
