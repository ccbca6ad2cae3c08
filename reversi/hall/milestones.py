"""Milestones and the level ⭐: what a player reached in games against people.

Level = achieved milestones + 1. Computer games count for none of them.

>>> stats = Stats.of([("win", "anna"), ("loss", "ben"), ("win", "anna")])
>>> [m.id for m in reached(stats)]
['first_game', 'first_win']
>>> level(stats)
3
>>> progress(stats)[2]
{'id': 'three_opponents', 'done': False, 'progress': 2, 'goal': 3}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Stats:
    """A player's games against people, as far as milestones care."""

    games: int = 0
    wins: int = 0
    opponents: int = 0

    @classmethod
    def of(cls, results: Iterable[tuple[str, str | None]]) -> Stats:
        """From ``(outcome, opponent)`` pairs of finished games against people."""
        games = wins = 0
        seen: set[str] = set()
        for outcome, opponent in results:
            games += 1
            wins += outcome == "win"
            if opponent:
                seen.add(opponent)
        return cls(games, wins, len(seen))


@dataclass(frozen=True)
class Milestone:
    id: str
    #: which number of :class:`Stats` counts towards it, and how far it must go
    counts: str
    goal: int

    def value(self, stats: Stats) -> int:
        return int(getattr(stats, self.counts))

    def done(self, stats: Stats) -> bool:
        return self.value(stats) >= self.goal


MILESTONES = (
    Milestone("first_game", "games", 1),
    Milestone("first_win", "wins", 1),
    Milestone("three_opponents", "opponents", 3),
    Milestone("five_wins", "wins", 5),
    Milestone("twenty_five_wins", "wins", 25),
)
MILESTONE_IDS = tuple(m.id for m in MILESTONES)


def reached(stats: Stats) -> list[Milestone]:
    return [m for m in MILESTONES if m.done(stats)]


def level(stats: Stats) -> int:
    """Achieved milestones + 1: from 1 (nothing yet) to 6."""
    return len(reached(stats)) + 1


def progress(stats: Stats) -> list[dict[str, object]]:
    """Each milestone with how far the player got (capped at its goal)."""
    return [
        {"id": m.id, "done": m.done(stats), "progress": min(m.value(stats), m.goal), "goal": m.goal}
        for m in MILESTONES
    ]
