"""An arena's scoring (2/1/0 and the streak), its standings and who is paired with whom."""

from __future__ import annotations

from reversi.tournament.arena import ArenaLine, arena_pairs, arena_standings, game_points
from reversi.tournament.games import Game


def won(winner: str, loser: str, at: float) -> Game:
    return Game(black=winner, white=loser, score=1.0, ended_at=at)


def drawn(black: str, white: str, at: float) -> Game:
    return Game(black=black, white=white, score=0.5, ended_at=at)


def test_a_win_is_two_a_draw_one_a_loss_nothing() -> None:
    assert game_points([1.0, 0.5, 0.0]) == ((2, 1, 0), False)


def test_two_wins_in_a_row_double_every_game_until_one_is_not_won() -> None:
    # lichess: two wins light the fire; a win is 4, a draw 2 (and puts it out), a loss 0
    assert game_points([1.0, 1.0, 1.0, 1.0]) == ((2, 2, 4, 4), True)
    assert game_points([1.0, 1.0, 0.5]) == ((2, 2, 2), False)  # lichess's example: 6 points
    assert game_points([1.0, 1.0, 0.0, 1.0, 1.0]) == ((2, 2, 0, 2, 2), True)
    assert game_points([1.0, 1.0, 1.0, 0.5, 1.0, 1.0, 1.0]) == ((2, 2, 4, 2, 2, 2, 4), True)
    assert game_points([1.0, 0.5, 1.0, 0.0, 1.0]) == ((2, 1, 2, 0, 2), False)


def test_the_standings_take_the_games_in_the_order_they_ended() -> None:
    games = [
        # listed out of order: ended_at decides (loss at 1, then three wins)
        won("ada", "bo", at=40.0),
        won("ada", "cy", at=20.0),
        won("bo", "ada", at=1.0),
        won("ada", "dee", at=30.0),
        Game(black="ada", white="cy", score=None),  # running: not counted
    ]
    lines = {line.player: line for line in arena_standings(["ada", "bo", "cy", "dee"], games)}
    ada = lines["ada"]
    assert ada.results == (0, 2, 2, 4) and ada.points == 8 and ada.on_fire
    assert (ada.games, ada.wins, ada.draws, ada.losses) == (4, 3, 0, 1)
    assert lines["bo"].results == (2, 0) and lines["bo"].points == 2
    assert lines["dee"].results == (0,)


def test_most_points_first_then_performance_then_fewer_games() -> None:
    games = [
        won("ada", "low", at=1.0),  # ada beat a 1200: 2 points
        won("bo", "high", at=2.0),  # bo beat an 1800: 2 points, the better performance
        drawn("cy", "low", at=3.0),
        drawn("cy", "low", at=4.0),  # cy: 2 points from two games
        drawn("dee", "high", at=5.0),
    ]
    ratings = {"low": 1200.0, "high": 1800.0}
    lines = arena_standings(["ada", "bo", "cy", "dee", "low", "high", "eve"], games, ratings)
    # low drew cy twice (2 points) but has no rated opponents: no performance, after cy
    assert [(line.rank, line.player, line.points) for line in lines][:5] == [
        (1, "bo", 2),
        (2, "ada", 2),
        (3, "cy", 2),
        (4, "low", 2),
        (5, "dee", 1),
    ]
    by = {line.player: line for line in lines}
    assert by["bo"].performance == 2600.0 and by["ada"].performance == 2000.0
    assert by["cy"].performance == 1200.0
    assert by["eve"].games == 0 and by["eve"].performance is None and by["eve"].rank == 7
    # without ratings: equal points -> fewer games first, then the given order
    plain = arena_standings(["cy", "ada"], games)
    assert [line.player for line in plain if line.points == 2] == ["ada", "bo", "cy", "low"]


def test_a_player_who_left_keeps_their_line() -> None:
    lines = arena_standings(["ada"], [won("gone", "ada", at=1.0)])
    assert [(line.player, line.points) for line in lines] == [("gone", 2), ("ada", 0)]


def lines(*players: str) -> list[ArenaLine]:
    return [
        ArenaLine(
            player=p,
            rank=i,
            points=0,
            games=0,
            wins=0,
            draws=0,
            losses=0,
            results=(),
            on_fire=False,
            performance=None,
        )
        for i, p in enumerate(players, 1)
    ]


def test_the_waiting_are_paired_with_their_neighbours_in_the_standings() -> None:
    standings = lines("a", "b", "c", "d", "e", "f")
    pairs = arena_pairs(["f", "a", "e", "b", "d"], standings, {}, {}, {})
    # a-b, d-e; f waits (odd): sorted by standing, not by the order they came
    assert sorted(map(sorted, pairs)) == [["a", "b"], ["d", "e"]]


def test_never_the_same_opponent_twice_in_a_row() -> None:
    standings = lines("a", "b", "c", "d")
    last = {"a": "b", "b": "a"}
    assert sorted(map(sorted, arena_pairs(["a", "b", "c", "d"], standings, last, {}, {}))) == [
        ["a", "c"],
        ["b", "d"],
    ]
    # the nearest pairs would be a-b and c-d, but c and d just met: the search backs up
    last = {"c": "d", "d": "c"}
    assert sorted(map(sorted, arena_pairs(["a", "b", "c", "d"], standings, last, {}, {}))) == [
        ["a", "c"],
        ["b", "d"],
    ]


def test_two_who_just_met_wait_unless_a_rematch_is_allowed() -> None:
    standings = lines("a", "b")
    last = {"a": "b", "b": "a"}
    assert arena_pairs(["a", "b"], standings, last, {}, {}) == []
    assert len(arena_pairs(["a", "b"], standings, last, {}, {}, rematch={"a", "b"})) == 1
    # both must be willing: one who has just sat down waits on
    assert arena_pairs(["a", "b"], standings, last, {}, {}, rematch={"a"}) == []
    # rematch only where nothing else is possible
    standings = lines("a", "b", "c")
    assert sorted(
        arena_pairs(["a", "b", "c"], standings, last, {}, {}, rematch={"a", "b", "c"})[0]
    ) == ["a", "c"]


def test_black_goes_to_who_had_black_less_often() -> None:
    standings = lines("a", "b", "c", "d")
    pairs = arena_pairs(["a", "b", "c", "d"], standings, {}, {"a": 2, "d": 1}, {"c": 1, "d": 1})
    assert pairs == [("b", "a"), ("c", "d")]
    # all even: the lower-placed player gets black
    assert arena_pairs(["a", "b"], lines("a", "b"), {}, {}, {}) == [("b", "a")]


def test_a_newcomer_without_a_line_is_paired_after_the_placed_players() -> None:
    pairs = arena_pairs(["new", "a", "b"], lines("a", "b"), {}, {}, {})
    assert sorted(pairs[0]) == ["a", "b"] and len(pairs) == 1
