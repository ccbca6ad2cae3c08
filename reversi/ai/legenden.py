"""The Legenden: fifty computer opponents, taken on one after another (docs/ai.md).

One list (:data:`LEGENDEN`), one shape (:class:`Legende`). Each opponent is the
engine with limits and a character; its place on the path was measured
(``benchmarks/ladder_ratings.py``, ``benchmarks/legenden.py``), not guessed:

* ``kind``: how it searches. ``LOSE``: it plays to lose, the game turned round (the
  fewest discs win; :mod:`reversi.ai.legenden_lose`): alpha-beta to ``depth`` plies
  (on the native core where it is built, else the same search in Python: the same
  values) with "fewer discs" plus the style's term as the evaluation, to the end from
  ``exact`` empties on; the deeper and the more exact, the better it loses, so the
  weaker it is. ``RULE``: the Python search to ``depth`` plies (all of today's: one)
  with the style's term alone as the evaluation (no sense of corners unless its style
  has it); ``BASIC``: the same search with ``evaluate_basic``
  (Mittel's) plus the style's term at every leaf; ``CORE``: the trained evaluation to
  ``depth`` plies, on the native core where it is built (else the same search in
  Python), the style's term added at the root only; ``LEVEL``: one of the hall's
  levels (``level``), Schwer with its own ``budget``. The opponents that are Leicht,
  Mittel and Schwer as they are (:func:`is_the_level`) sit on the path themselves.
* ``style``: a term of the position added to the evaluation (:data:`STYLE_TERMS`).
* ``noise``: each root move's value gets a uniform random share of ±``noise``
  hundredths of a disc (seeded) before the best is taken: the bigger, the wilder.
  Ties always go to a seeded random choice.
* ``exact``: from this many empties on it plays the exact solver's best move (0:
  never); ``LOSE`` searches to the end instead and gives away as much as it can.
* ``budget``: seconds a move may take: Schwer's thinking time (``LEVEL``), or the
  search's (``LOSE`` on either backend; ``RULE``, ``BASIC`` in Python), which then
  plays the values of its last completed depth; ``CORE`` searches to its depth
  whatever it takes (milliseconds).

A player beats an opponent by winning; the margin in discs earns stars
(:func:`stars`); the next opponent is open once the one before is beaten
(:func:`unlocked`). Names, sketches and places are in the catalogue
(``legende.<key>.name`` …), not here.
"""

from __future__ import annotations

import enum
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from reversi.ai.clock import Clock, SearchTimeout
from reversi.ai.evaluate import evaluate_basic, final_value, neighbours
from reversi.ai.legenden_lose import LoseTerm, children, lose_values
from reversi.ai.levels import DEFAULT_BUDGET, Level, think
from reversi.ai.native import core
from reversi.ai.search import INFINITY, Evaluation, Search
from reversi.ai.solver import solve
from reversi.ai.trained import evaluate as evaluate_trained
from reversi.engine import Board, Move
from reversi.engine.bitboard import BB_ALL, BB_CORNERS, Bitboard
from reversi.engine.moves import FLIPS_BY_BIT, legal_moves

#: the squares of the four edges
EDGES = 0xFF818181818181FF


class Style(enum.Enum):
    """How an opponent plays, as a player feels it (``legenden.style.<value>``)."""

    GIERIG = "gierig"  # takes as many discs as it can
    ECKEN = "ecken"  # hunts the corners
    RAND = "rand"  # takes the edges
    LEISE = "leise"  # quiet moves: few discs next to empty squares
    WILD = "wild"  # unpredictable: large noise
    GROSSZUEGIG = "grosszuegig"  # leaves the corners to the other side
    KLUG = "klug"  # no quirk: the engine's own judgement


class Kind(enum.Enum):
    """How an opponent searches (module docstring)."""

    RULE = "rule"
    BASIC = "basic"
    CORE = "core"
    LOSE = "lose"  # plays to lose (the game turned round)
    LEVEL = "level"


def _discs(p: Bitboard, o: Bitboard) -> int:
    return p.bit_count() - o.bit_count()


def _corners(p: Bitboard, o: Bitboard) -> int:
    """Corners held, and corners one can take next, each side."""
    held = (p & BB_CORNERS).bit_count() - (o & BB_CORNERS).bit_count()
    reach = (legal_moves(p, o) & BB_CORNERS).bit_count() - (
        legal_moves(o, p) & BB_CORNERS
    ).bit_count()
    return 3 * held + reach


def _edges(p: Bitboard, o: Bitboard) -> int:
    return (p & EDGES).bit_count() - (o & EDGES).bit_count()


def _quiet(p: Bitboard, o: Bitboard) -> int:
    """The opponent's discs next to empty squares minus one's own (the frontier)."""
    empties = ~(p | o) & BB_ALL
    return (neighbours(empties) & o).bit_count() - (neighbours(empties) & p).bit_count()


#: Each style's term: a feature of the position for the side to move and its weight
#: in hundredths of a disc per unit. WILD and KLUG add nothing (WILD is its noise).
STYLE_TERMS: dict[Style, tuple[Callable[[Bitboard, Bitboard], int], int] | None] = {
    Style.GIERIG: (_discs, 100),
    Style.ECKEN: (_corners, 300),
    Style.RAND: (_edges, 120),
    Style.LEISE: (_quiet, 80),
    Style.WILD: None,
    Style.GROSSZUEGIG: (_corners, -300),
    Style.KLUG: None,
}

#: Each feature's name in the native core (:data:`reversi.ai.native.LOSE_FEATURES`),
#: which computes it the same way for LOSE (:mod:`reversi.ai.legenden_lose`)
_NATIVE_FEATURES: dict[Callable[[Bitboard, Bitboard], int], str] = {
    _discs: "discs",
    _corners: "corners",
    _edges: "edges",
    _quiet: "quiet",
}

_BASES: dict[Kind, Evaluation | None] = {
    Kind.RULE: None,
    Kind.BASIC: evaluate_basic,
    Kind.CORE: evaluate_trained,
}


@dataclass(frozen=True)
class Legende:
    """One opponent: its key (the catalogue's ``legende.<key>.*``) and how it plays."""

    key: str
    style: Style
    kind: Kind
    depth: int = 1
    noise: int = 0
    exact: int = 0
    budget: float = 1.0
    level: Level | None = None


L, S, K = Legende, Style, Kind

#: The path, weakest first. Leicht, Mittel and Schwer themselves are numbers 20, 32 and 48.
LEGENDEN: tuple[Legende, ...] = (
    L("nikolaus", S.GROSSZUEGIG, K.LOSE, depth=8, exact=14),
    L("martin", S.GROSSZUEGIG, K.LOSE, depth=8, noise=160, exact=12),
    L("uropa", S.GROSSZUEGIG, K.LOSE, depth=7, exact=12),
    L("osterhase", S.GROSSZUEGIG, K.LOSE, depth=7, noise=175, exact=10),
    L("uroma", S.GROSSZUEGIG, K.LOSE, depth=6, exact=10),
    L("patentante", S.GROSSZUEGIG, K.LOSE, depth=5, exact=14),
    L("oma", S.GROSSZUEGIG, K.LOSE, depth=5, exact=10),
    L("onkel", S.GROSSZUEGIG, K.LOSE, depth=5, noise=250, exact=10),
    L("opa", S.GROSSZUEGIG, K.LOSE, depth=4, exact=10),
    L("engel", S.GROSSZUEGIG, K.LOSE, depth=4, noise=300, exact=8),
    L("bodo", S.GROSSZUEGIG, K.LOSE, depth=3, exact=8),
    L("maus", S.GROSSZUEGIG, K.LOSE, depth=3, noise=300, exact=6),
    L("wichtel", S.GROSSZUEGIG, K.LOSE, depth=3, noise=500),
    L("glucke", S.GROSSZUEGIG, K.LOSE, depth=2, noise=500),
    L("bruno", S.GROSSZUEGIG, K.LOSE, depth=2, noise=1_050),
    L("flocke", S.GROSSZUEGIG, K.RULE),
    L("krumm", S.GROSSZUEGIG, K.RULE, noise=1_000),
    L("elster", S.GROSSZUEGIG, K.RULE, noise=2_500),
    L("pusteblume", S.GROSSZUEGIG, K.RULE, noise=10_000),
    L("gustav", S.GIERIG, K.LEVEL, level=Level.LEICHT),
    L("falke", S.ECKEN, K.RULE, noise=1_750),
    L("kraehe", S.ECKEN, K.BASIC, noise=1_400),
    L("turmfrau", S.ECKEN, K.BASIC, noise=800),
    L("kante", S.RAND, K.BASIC, depth=2, noise=900),
    L("grenzer", S.RAND, K.BASIC, depth=2, noise=450),
    L("raffzahn", S.GIERIG, K.CORE, noise=600),
    L("eckhard", S.ECKEN, K.CORE, noise=650),
    L("faehrmann", S.RAND, K.CORE, depth=2, noise=950),
    L("mauer", S.RAND, K.CORE, depth=2, noise=650),
    L("nimmersatt", S.GIERIG, K.CORE, depth=3, noise=750, exact=8),
    L("goldmarie", S.GIERIG, K.CORE, depth=3, noise=575, exact=10),
    L("mathilde", S.KLUG, K.LEVEL, level=Level.MITTEL),
    L("eule", S.LEISE, K.CORE, depth=3, noise=450, exact=12),
    L("deich", S.RAND, K.CORE, depth=3, exact=12),
    L("sternschnuppe", S.WILD, K.CORE, depth=4, noise=300, exact=12),
    L("drache", S.GIERIG, K.CORE, depth=5, exact=14),
    L("wachturm", S.ECKEN, K.CORE, depth=5, noise=250, exact=14),
    L("fuchs", S.LEISE, K.CORE, depth=5, exact=14),
    L("brandung", S.RAND, K.CORE, depth=6, noise=125, exact=14),
    L("professor", S.KLUG, K.CORE, depth=6, exact=15),
    L("baron", S.KLUG, K.LEVEL, level=Level.SCHWER, budget=0.0035),
    L("ecklord", S.ECKEN, K.CORE, depth=8, noise=75, exact=18),
    L("adlerhorst", S.KLUG, K.LEVEL, level=Level.SCHWER, budget=0.015625),
    L("kuestenwache", S.KLUG, K.LEVEL, level=Level.SCHWER, budget=0.03125),
    L("moench", S.KLUG, K.LEVEL, level=Level.SCHWER, budget=0.055),
    L("strategin", S.KLUG, K.LEVEL, level=Level.SCHWER, budget=0.125),
    L("vulkan", S.KLUG, K.LEVEL, level=Level.SCHWER, budget=0.25),
    L("greta", S.KLUG, K.LEVEL, level=Level.SCHWER, budget=0.5),
    L("sphinx", S.KLUG, K.LEVEL, level=Level.SCHWER, budget=2.0),
    L("legende", S.KLUG, K.LEVEL, level=Level.SCHWER, budget=8.0),
)
del L, S, K


def is_the_level(legende: Legende) -> bool:
    """Whether the opponent is its hall level as it is (Schwer with its own budget)."""
    return legende.level is not None and (
        legende.level is not Level.SCHWER or legende.budget == DEFAULT_BUDGET
    )


#: the indices of the opponents that are Leicht, Mittel and Schwer themselves
ANCHORS = tuple(
    next(i for i, lg in enumerate(LEGENDEN) if lg.level is level and is_the_level(lg))
    for level in Level
)

#: the stars of a win by at least this many discs: 1, 2, 3 (a draw or a loss: none)
STAR_MARGINS = (1, 10, 24)


def stars(margin: int) -> int:
    """The stars for a game the player ended ``margin`` discs ahead (0: not beaten).

    >>> [stars(m) for m in (-3, 0, 1, 9, 10, 23, 24, 64)]
    [0, 0, 1, 1, 2, 2, 3, 3]
    """
    return sum(margin >= least for least in STAR_MARGINS)


def unlocked(progress: list[int]) -> int:
    """How many opponents are open, given each one's best stars in path order: the
    first always, and every one up to the one after the furthest beaten (so an opponent
    put on the path before beaten ones closes nothing).

    >>> unlocked([]), unlocked([0, 0]), unlocked([2, 1, 0]), unlocked([0, 0, 2]), unlocked([3] * 50)
    (1, 1, 3, 4, 50)
    """
    beaten = [i for i, n in enumerate(progress[: len(LEGENDEN)]) if n > 0]
    return min((beaten[-1] + 2) if beaten else 1, len(LEGENDEN))


def band(index: int) -> Level:
    """The hall level under which a game against opponent ``index`` (0-based) counts in
    the Bilanz: the strongest of Leicht, Mittel and Schwer themselves (:data:`ANCHORS`)
    at or below it on the path (Leicht below Leicht)."""
    found = Level.LEICHT
    for anchor in ANCHORS:
        if anchor <= index:
            found = LEGENDEN[anchor].level or found
    return found


def by_key(key: str) -> Legende:
    """The opponent of ``key``; KeyError if there is none."""
    for legende in LEGENDEN:
        if legende.key == key:
            return legende
    raise KeyError(key)


def choose(
    board: Board, legende: Legende, *, seed: int | None = None, clock: Clock = time.perf_counter
) -> Move:
    """The opponent's move for the side to move (the board must have a legal move)."""
    p, o = board.player, board.opponent
    if legende.kind is Kind.LEVEL:
        assert legende.level is not None
        return think(board, legende.level, seed=seed, budget=legende.budget, clock=clock).move
    empties = 64 - (p | o).bit_count()
    if empties <= legende.exact and legende.kind is not Kind.LOSE:
        rng = random.Random(seed)
        return rng.choice(solve(board).best_moves)
    if legende.kind is Kind.LOSE:
        values = _lose_values(p, o, legende, clock() + legende.budget, clock)
    else:
        values = _root_values(p, o, legende, clock() + legende.budget, clock)
    rng = random.Random(seed)
    noisy = {
        bit: value + (rng.randint(-legende.noise, legende.noise) if legende.noise else 0)
        for bit, value in sorted(values.items())
    }
    best = max(noisy.values())
    bit = rng.choice([b for b, v in noisy.items() if v == best])
    return Move(bit.bit_length() - 1, FLIPS_BY_BIT[bit](p, o))


def _lose_term(legende: Legende) -> LoseTerm:
    """LOSE's style term: its feature, the feature's name in the native core and its
    weight (a style without a term: none)."""
    feature, weight = STYLE_TERMS[legende.style] or (_discs, 0)
    return feature, _NATIVE_FEATURES[feature], weight


def _lose_values(
    p: Bitboard, o: Bitboard, legende: Legende, stop_at: float, clock: Clock
) -> dict[Bitboard, int]:
    """LOSE: every move's value in the game turned round, to ``depth`` plies, from
    ``exact`` empties on to the end (:func:`reversi.ai.legenden_lose.lose_values`)."""
    empties = 64 - (p | o).bit_count()
    deepest = empties if empties <= legende.exact else legende.depth
    return lose_values(p, o, _lose_term(legende), deepest, stop_at, clock)


def _evaluation(legende: Legende) -> Evaluation:
    base = _BASES[legende.kind]
    term = STYLE_TERMS[legende.style] if legende.kind is not Kind.CORE else None
    if base is None and term is None:
        return lambda p, o: 0
    if term is None:
        assert base is not None
        return base
    feature, weight = term
    if base is None:
        return lambda p, o: weight * feature(p, o)
    evaluate = base
    return lambda p, o: evaluate(p, o) + weight * feature(p, o)


def _root_values(
    p: Bitboard, o: Bitboard, legende: Legende, stop_at: float, clock: Clock
) -> dict[Bitboard, int]:
    """Every legal move's value for the mover at the opponent's depth (or the deepest
    completed before ``stop_at``), with the style's term at the root for CORE."""
    after = children(p, o)
    values = {bit: 0 for bit, _, _ in after}
    native = core() if legende.kind is Kind.CORE else None
    if native is not None:
        _, found = native.values(p, o, legende.depth, keep=False)
        values = {1 << sq: value for sq, value in found.items()}
    else:
        search = Search(_evaluation(legende), clock=clock, stop_at=stop_at)
        for depth in range(1, legende.depth + 1):
            try:
                values = {bit: _child_value(search, np_, no, depth - 1) for bit, np_, no in after}
            except SearchTimeout:
                break
    term = STYLE_TERMS[legende.style] if legende.kind is Kind.CORE else None
    if term is not None:
        feature, weight = term
        for bit, np_, no in after:
            values[bit] += weight * feature(no, np_)
    return values


def _child_value(search: Search, np_: Bitboard, no: Bitboard, depth: int) -> int:
    if not np_ or (np_ | no) == BB_ALL:
        return -final_value(np_, no)
    return -search.search(np_, no, depth, -INFINITY, INFINITY)
