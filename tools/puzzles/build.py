"""Stage 2 of the puzzles of /aufgaben: the raw puzzles of :mod:`tools.puzzles.mine` as
``reversi/web/static/data/puzzles.json`` (loaded by the page only, cached by the service
worker), each with its themes (:mod:`tools.puzzles.themes`), an initial rating and a
difficulty step (docs/puzzles.md).

The initial rating, on the scale of the puzzle rating (Glicko-2, start 1500)::

    rating = 800 + 18·empties + 70·(effort − 1) + 120·ln(legal moves) − 8·min(margin, 20)

``effort`` is the depth from which the search keeps the answer first (tools.puzzles.mine),
``margin`` the discs between the answer and the next best move: more empties, a deeper
search, more moves to choose from and a thinner margin make a puzzle harder. The result
is rounded to tens and held within [:data:`LOWEST`, :data:`HIGHEST`]; the difficulty
step (1 to 5) is the rating's place among :data:`STEP_CUTS`.

    python -m tools.puzzles.build /tmp/raw-a.jsonl /tmp/raw-b.jsonl --seconds 1500 --games 520
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from reversi.ai.native import Core, core
from reversi.engine import Board
from tools.puzzles.mine import END_MARGIN, HOPELESS, MID_MARGIN
from tools.puzzles.themes import THEMES, themes

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "reversi" / "web" / "static" / "data" / "puzzles.json"
LOWEST, HIGHEST = 600, 2600
#: the ratings where the difficulty steps 2, 3, 4 and 5 begin
STEP_CUTS = (1150, 1400, 1650, 1900)
#: a best line is played out to look for a wipeout only from this score on
WIPEOUT_FROM = 20


def rating(empties: int, effort: int, legal: int, margin: int) -> int:
    """The initial rating of a puzzle (the formula above)."""
    value = 800 + 18 * empties + 70 * (effort - 1) + 120 * math.log(legal) - 8 * min(margin, 20)
    return int(min(max(round(value / 10) * 10, LOWEST), HIGHEST))


def step(value: int) -> int:
    return 1 + sum(value >= cut for cut in STEP_CUTS)


def final_position(native: Core, board: Board, answer: str) -> Board:
    """The end of the game after ``answer`` when both sides play perfectly after it."""
    board = board.copy()
    board.push(answer)
    while not board.is_game_over():
        board.push(native.solve(board.player, board.opponent, winner=False).move)
    return board


def puzzle(native: Core, raw: dict[str, Any]) -> dict[str, Any]:
    board = Board(moves=raw["moves"])
    assert board.obf() == raw["position"]
    scores: dict[str, int] = raw["scores"]
    ranked = sorted(scores.values(), reverse=True)
    best = ranked[0]
    final = None
    if raw["phase"] == "endgame" and best >= WIPEOUT_FROM:
        final = final_position(native, board, raw["answer"])
    value = rating(raw["empties"], raw["effort"], len(scores), ranked[0] - ranked[1])
    return {
        "id": hashlib.sha1(raw["position"].encode()).hexdigest()[:8],
        "moves": raw["moves"],
        "turn": raw["turn"],
        "empties": raw["empties"],
        "phase": raw["phase"],
        "kind": raw["kind"],
        "answer": raw["answer"],
        "score": best,
        "scores": scores,
        "depth": raw["depth"],
        "themes": themes(board, raw["answer"], final),
        "rating": value,
        "step": step(value),
    }


def build(raws: list[dict[str, Any]], games: int, seconds: int) -> dict[str, Any]:
    native = core()
    if native is None:
        raise SystemExit("the native core (reversi._native) is not built: run dev/setup")
    # a midgame answer must rank first at the deepest depth effort looked at (depth 10)
    unique = {
        raw["position"]: raw
        for raw in raws
        if raw["phase"] == "endgame" or raw["effort"] <= min(raw["depth"], 10)
    }
    puzzles = sorted(
        (puzzle(native, raw) for raw in unique.values()), key=lambda p: (p["rating"], p["id"])
    )
    return {
        "version": 2,
        "counting": "nobody",
        "themes": list(THEMES),
        "steps": [LOWEST, *STEP_CUTS],
        "margins": {"endgame": END_MARGIN, "midgame": MID_MARGIN, "hopeless": HOPELESS},
        "games_played": games,
        "seconds": seconds,
        "puzzles": puzzles,
    }


def summary(document: dict[str, Any]) -> str:
    puzzles = document["puzzles"]
    phases = Counter(p["phase"] for p in puzzles)
    kinds = Counter(p["kind"] for p in puzzles)
    steps = Counter(p["step"] for p in puzzles)
    tagged = Counter(t for p in puzzles for t in p["themes"])
    return (
        f"{len(puzzles)} puzzles; phases {dict(phases)}; kinds {dict(kinds)}; "
        f"steps {dict(sorted(steps.items()))}; themes {dict(tagged.most_common())}; "
        f"untagged {sum(1 for p in puzzles if not p['themes'])}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("raw", type=Path, nargs="+", help="files of tools.puzzles.mine")
    parser.add_argument("--games", type=int, required=True, help="games the miners played")
    parser.add_argument("--seconds", type=int, required=True, help="the miners' time")
    parser.add_argument("--out", type=Path, default=TARGET)
    args = parser.parse_args(argv)
    raws = [json.loads(line) for path in args.raw for line in path.read_text().splitlines()]
    document = build(raws, args.games, args.seconds)
    args.out.write_text(json.dumps(document, separators=(",", ":"), ensure_ascii=False) + "\n")
    print(summary(document), file=sys.stderr)
    print(f"{args.out}: {args.out.stat().st_size} bytes", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
