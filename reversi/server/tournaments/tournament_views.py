"""What the tournament API answers (docs/api.md, "Turniere"): a tournament ``T``, its
standings ``S`` (arena or Swiss) and its games ``G``, built from the stored rows with
the pure core's ranking (``reversi.tournament``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from reversi.server.tournaments import tournament_rows as tr
from reversi.tournament.arena import arena_standings
from reversi.tournament.swiss import swiss_standings

#: finished games a tournament's page shows (after every running one)
FINISHED_SHOWN = 50


def tournament_view(t: tr.Tournament, players: int, names: Mapping[str, str]) -> dict[str, Any]:
    """``T``: the tournament as listed."""
    return {
        "id": t.id,
        "name": t.name,
        "kind": t.kind,
        "status": t.status,
        "starts_at": t.starts_at,
        "ends_at": t.ends_at,
        "minutes": t.minutes,
        "rounds": t.rounds,
        "clock": t.clock,
        "xot": t.xot,
        "rated": t.rated,
        "private": t.private,
        "by": None if t.by is None else names.get(t.by),
        "players": players,
        "url": f"/turniere/{t.id}",
    }


def standings_view(
    t: tr.Tournament,
    entrants: Sequence[tr.Entrant],
    played: Sequence[tr.Played],
    names: Mapping[str, str],
) -> list[dict[str, Any]]:
    """``S`` for each player, best first."""
    ids = [e.player for e in entrants]
    left = {e.player for e in entrants if e.left}
    playing = {p for g in played if g.ended_at is None for p in (g.black, g.white)}
    games = [g.game() for g in played]
    common = {
        pid: {"player": pid, "name": names.get(pid), "playing": pid in playing, "left": pid in left}
        for pid in ids
    }
    if t.kind == "arena":
        seeds = {e.player: e.rating for e in entrants}
        return [
            {
                "rank": line.rank,
                **common[line.player],
                "points": line.points,
                "games": line.games,
                "results": list(line.results),
                "on_fire": line.on_fire,
                "performance": None if line.performance is None else round(line.performance),
            }
            for line in arena_standings(ids, games, seeds)
        ]
    byes = {e.player: e.bye_round for e in entrants if e.bye_round is not None}
    return [
        {
            "rank": line.rank,
            **common[line.player],
            "score": line.score,
            "buchholz": line.buchholz,
            "sonneborn_berger": line.sonneborn_berger,
            "games": line.games,
        }
        for line in swiss_standings(ids, games, byes)
    ]


def games_view(played: Sequence[tr.Played], names: Mapping[str, str]) -> list[dict[str, Any]]:
    """``G``: the running games, then the latest finished ones."""
    running = [g for g in played if g.ended_at is None]
    finished = sorted(
        (g for g in played if g.ended_at is not None),
        key=lambda g: (g.ended_at or 0.0, g.code),
        reverse=True,
    )[:FINISHED_SHOWN]
    return [
        {
            "table": g.code,
            "round": g.round,
            "black": names.get(g.black),
            "white": names.get(g.white),
            "score": g.score,
        }
        for g in [*running, *finished]
    ]
