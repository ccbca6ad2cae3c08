"""Swiss pairings (a hand-checked example, no repeats over random tournaments, byes,
leaving) and the tie-breaks Buchholz and Sonneborn–Berger."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from reversi.tournament.games import Game
from reversi.tournament.swiss import swiss_round, swiss_standings

EIGHT = ["A", "B", "C", "D", "E", "F", "G", "H"]  # seed order: A is the highest rated


def played(number: int, *results: tuple[str, str, float]) -> list[Game]:
    return [Game(black=b, white=w, score=s, round=number) for b, w, s in results]


def test_eight_players_over_three_rounds_by_hand() -> None:
    # Round 1: one score group of eight; the top half meets the bottom half (1-5, 2-6,
    # 3-7, 4-8). No one has a colour yet: the better placed gets black on odd boards,
    # white on even ones.
    first = swiss_round(EIGHT, [], {}, 1)
    assert first.pairs == (("A", "E"), ("F", "B"), ("C", "G"), ("H", "D"))
    assert first.bye is None
    games = played(1, ("A", "E", 1.0), ("F", "B", 0.0), ("C", "G", 0.5), ("H", "D", 0.0))

    # Scores: A B D 1, C G ½, E F H 0 (each group in seed order).
    # Group 1 (A B D): A meets B, the ideal partner 3//2 = 1 place down; D floats down.
    #   A had black, B white: black to B, the smaller difference (-1 < +1).
    # D (floated) meets the top of group ½: C. D had white: D black.
    # G is left alone in group ½ and floats down to E: both had white (equal histories),
    #   so the better placed G gets the colour he did not have last: black.
    # F meets H: both had black; F, better placed, gets white.
    second = swiss_round(EIGHT, games, {}, 2)
    assert second.pairs == (("B", "A"), ("D", "C"), ("G", "E"), ("H", "F"))
    games += played(2, ("B", "A", 0.0), ("D", "C", 1.0), ("G", "E", 0.0), ("H", "F", 0.5))

    # Scores: A D 2, B E 1, C F G H ½.
    # A meets D (histories b w and w b: differences equal, A had white last -> black).
    # B meets E; E had white twice in a row and must get black.
    # Group ½ (C F G H): C's ideal partner, two places down, is G, whom C met in round 1;
    #   the next below the ideal is H. H had black twice and must get white.
    # F meets G (F had white last -> black).
    third = swiss_round(EIGHT, games, {}, 3)
    assert third.pairs == (("A", "D"), ("E", "B"), ("C", "H"), ("F", "G"))


def test_the_bye_goes_to_the_lowest_placed_player_without_one() -> None:
    five = ["A", "B", "C", "D", "E"]
    first = swiss_round(five, [], {}, 1)
    assert first.bye == "E" and len(first.pairs) == 2
    games = played(1, ("A", "C", 0.0), ("D", "B", 1.0))
    # scores: C D E(bye) 1, A B 0: the lowest placed is B, who has had no bye
    second = swiss_round(five, games, {"E": 1}, 2)
    assert second.bye == "B"
    assert sorted(p for pair in second.pairs for p in pair) == ["A", "C", "D", "E"]
    # B and E had theirs: the lowest placed without one
    games += played(2, *((b, w, 1.0) for b, w in second.pairs))
    third = swiss_round(five, games, {"E": 1, "B": 2}, 3)
    assert third.bye not in ("B", "E")
    standings = {line.player: line.score for line in swiss_standings(five, games, {"E": 1})}
    assert standings["E"] >= 1.0


def test_a_player_not_among_the_players_is_not_paired_but_stays_in_the_standings() -> None:
    games = played(1, ("A", "C", 1.0), ("B", "D", 1.0))
    # D left after round 1: D is not paired; of the three left, A and B have a point and
    # C the bye
    second = swiss_round(["A", "B", "C"], games, {}, 2)
    assert second.bye == "C" and second.pairs in ((("A", "B"),), (("B", "A"),))
    lines = swiss_standings(["A", "B", "C"], games, {"C": 2})
    # all on 1 point; Buchholz: A (met C, 1) = C (met A, 1) > B (met D, 0); SB: A beat C
    assert [line.player for line in lines] == ["A", "C", "B", "D"]
    assert lines[3].score == 0.0 and lines[3].games == 1
    # D rejoins for round 3: paired again
    games += played(2, (*second.pairs[0], 0.5))
    third = swiss_round(["A", "B", "C", "D"], games, {"C": 2}, 3)
    assert "D" in {p for pair in third.pairs for p in pair}


def test_buchholz_and_sonneborn_berger_by_hand() -> None:
    games = [
        *played(1, ("A", "B", 1.0), ("C", "D", 1.0), ("E", "F", 1.0)),
        *played(2, ("A", "C", 0.5), ("B", "E", 1.0), ("F", "D", 0.0)),
        *played(3, ("B", "C", 1.0), ("E", "D", 1.0), ("F", "A", 1.0)),
    ]
    # scores: A 1.5 (beat B, drew C, lost to F), B 2 (lost to A, beat E and C),
    #   C 1.5 (beat D, drew A, lost to B), D 1 (lost to C, beat F, lost to E),
    #   E 2 (beat F, lost to B, beat D), F 1 (lost to E and D, beat A)
    # Buchholz: B = A 1.5 + E 2 + C 1.5 = 5, E = F 1 + B 2 + D 1 = 4 -> B before E;
    #   A = B 2 + C 1.5 + F 1 = 4.5, C = D 1 + A 1.5 + B 2 = 4.5,
    #   D = C 1.5 + F 1 + E 2 = 4.5, F = E 2 + D 1 + A 1.5 = 4.5
    # Sonneborn-Berger: A = B 2 + ½·C 1.5 = 2.75, C = D 1 + ½·A 1.5 = 1.75 -> A before C;
    #   F = A 1.5, D = F 1 -> F before D
    lines = swiss_standings(["A", "B", "C", "D", "E", "F"], games, {})
    assert [
        (line.rank, line.player, line.score, line.buchholz, line.sonneborn_berger) for line in lines
    ] == [
        (1, "B", 2.0, 5.0, 3.5),
        (2, "E", 2.0, 4.0, 2.0),
        (3, "A", 1.5, 4.5, 2.75),
        (4, "C", 1.5, 4.5, 1.75),
        (5, "F", 1.0, 4.5, 1.5),
        (6, "D", 1.0, 4.5, 1.0),
    ]


def test_a_bye_is_a_point_but_adds_nothing_to_the_tie_breaks() -> None:
    games = played(1, ("A", "B", 1.0))
    lines = {line.player: line for line in swiss_standings(["A", "B", "C"], games, {"C": 1})}
    assert (lines["C"].score, lines["C"].buchholz, lines["C"].games) == (1.0, 0.0, 0)
    assert lines["A"].buchholz == 0.0 and lines["B"].buchholz == 1.0
    assert [line.player for line in swiss_standings(["A", "B", "C"], games, {"C": 1})] == [
        "A",
        "C",
        "B",
    ]


def test_with_more_rounds_than_the_field_allows_a_repeat_is_the_last_resort() -> None:
    games = played(1, ("A", "B", 1.0), ("C", "D", 1.0))
    games += played(2, ("A", "C", 1.0), ("B", "D", 1.0))
    games += played(3, ("D", "A", 0.0), ("B", "C", 0.5))
    fourth = swiss_round(["A", "B", "C", "D"], games, {}, 4)
    assert len(fourth.pairs) == 2


def test_colours_stay_balanced_over_a_long_tournament() -> None:
    players = [f"p{i:02}" for i in range(16)]
    rng = random.Random(7)
    games: list[Game] = []
    for number in range(1, 8):
        games += played(
            number,
            *(
                (b, w, rng.choice([0.0, 0.5, 1.0]))
                for b, w in swiss_round(players, games, {}, number).pairs
            ),
        )
    for p in players:
        colours = "".join(
            "b" if g.black == p else "w"
            for g in sorted(games, key=lambda g: g.round)
            if p in (g.black, g.white)
        )
        assert abs(colours.count("b") - colours.count("w")) <= 1
        assert "bbb" not in colours and "www" not in colours


@given(
    size=st.integers(min_value=2, max_value=14),
    seed=st.integers(min_value=0, max_value=2**32),
    leave=st.booleans(),
)
def test_no_one_meets_an_opponent_twice_and_no_one_gets_two_byes(
    size: int, seed: int, leave: bool
) -> None:
    # up to size//2 rounds: then a pairing without repeats always exists (Dirac: each
    # player still has at least half of the others left to meet)
    rng = random.Random(seed)
    everyone = [f"p{i:02}" for i in range(size)]
    games: list[Game] = []
    byes: dict[str, int] = {}
    for number in range(1, size // 2 + 1):
        active = [p for p in everyone if not (leave and rng.random() < 0.1)]
        paired = swiss_round(active, games, byes, number)
        seats = [p for pair in paired.pairs for p in pair]
        assert sorted(seats + ([paired.bye] if paired.bye else [])) == sorted(active)
        if paired.bye:
            assert paired.bye not in byes or all(p in byes for p in active)
            byes[paired.bye] = number
        games += played(number, *((b, w, rng.choice([0.0, 0.5, 1.0])) for b, w in paired.pairs))
    met = [frozenset((g.black, g.white)) for g in games]
    if not leave:  # with players away the few left may have met all the others
        assert len(met) == len(set(met))
