#!/usr/bin/env python3
"""Games between `keisei gtp` and GNU Go, refereed over GTP.

Each game starts from an empty board; the engines take Black in turn (keisei
first). Every `genmove` answer is relayed to the other engine with `play`; a
game ends after two passes in a row, a resignation, or three moves per point.
A refused move (an engine answering `?`) stops the script with the exchange
that failed (the GTP client is `scripts/gtp.py`): the point is to exercise `keisei gtp` over whole games. At the
end, GNU Go's `final_score` and keisei's `estimate_score` are printed.

    python3 scripts/gtp-match.py --size 9 --games 2 --level 1

Needs a release build of keisei (`cargo build --release -p keisei-cli`) and
GNU Go (`/usr/games/gnugo`).
"""
import argparse
import os

from gtp import Gtp


def write_sgf(path, size, komi, record, black, white):
    """The game as SGF (GTP vertices: columns skip I, rows from the bottom)."""
    letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
    def point(v):
        if v.lower() == "pass":
            return ""
        x, y = letters.index(v[0].upper()), size - int(v[1:])
        return chr(97 + x) + chr(97 + y)
    moves = "".join(f";{c.upper()}[{point(v)}]" for c, v in record)
    with open(path, "w") as f:
        f.write(f"(;GM[1]FF[4]SZ[{size}]KM[{komi}]PB[{black}]PW[{white}]{moves})\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--komi", type=float, default=7.0)
    ap.add_argument("--level", type=int, default=1, help="GNU Go's level")
    ap.add_argument("--keisei", default="target/release/keisei")
    ap.add_argument("--sgf", metavar="DIR", help="write each game as DIR/game-N.sgf")
    args = ap.parse_args()
    for g in range(args.games):
        k = Gtp([args.keisei, "gtp"], "keisei")
        n = Gtp(["/usr/games/gnugo", "--mode", "gtp", "--level", str(args.level)], "GNU Go")
        ask = lambda engine, command: engine.ask(command)[0]
        black, white = (k, n) if g % 2 == 0 else (n, k)
        for e in (k, n):
            ask(e, f"boardsize {args.size}")
            ask(e, "clear_board")
            ask(e, f"komi {args.komi}")
        passes, moves, colour, ended = 0, 0, "b", "passes"
        record = []
        while passes < 2:
            if moves >= 3 * args.size * args.size:
                ended = "move limit"
                break
            mover, other = (black, white) if colour == "b" else (white, black)
            move = ask(mover, f"genmove {colour}")
            if move.lower() == "resign":
                ended = f"{mover.name} resigns"
                break
            ask(other, f"play {colour} {move}")
            record.append((colour, move))
            passes = passes + 1 if move.lower() == "pass" else 0
            moves += 1
            colour = "w" if colour == "b" else "b"
        dead = [len(ask(e, "final_status_list dead").split()) for e in (n, k)]
        print(
            f"game {g + 1}: keisei {'Black' if black is k else 'White'}, {moves} moves, ended by {ended}; "
            f"GNU Go final_score {ask(n, 'final_score')}, keisei estimate_score {ask(k, 'estimate_score')}; "
            f"dead stones: GNU Go {dead[0]}, keisei {dead[1]}"
        )
        if args.sgf:
            os.makedirs(args.sgf, exist_ok=True)
            write_sgf(f"{args.sgf}/game-{g + 1}.sgf", args.size, args.komi, record,
                      "keisei" if black is k else "GNU Go", "GNU Go" if black is k else "keisei")
        k.close()
        n.close()


if __name__ == "__main__":
    main()
