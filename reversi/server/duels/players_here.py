"""Who is in the hall: the players with a socket on any process, and how many.

Each process publishes its count of players with a socket on the lobby's channel, with
who came and who left (the whole list now and then); every process sums the counts and
keeps the lists, so it knows who has a socket anywhere. A process silent for
``ONLINE_TTL`` seconds (killed without a goodbye) no longer counts. The lobby
(:class:`~reversi.server.duels.lobby.Lobby`) is a :class:`PlayersHere`: it shows or
hides a player's waiting tables when they come or leave (:meth:`PlayersHere._turn`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from reversi.server.broker import Broker
from reversi.server.settings import Settings

#: every process says its number of players online this often, and the others forget
#: a process they have not heard from for ONLINE_TTL seconds
ONLINE_EVERY = 10.0
ONLINE_TTL = 3 * ONLINE_EVERY

CHANNEL = "lobby"


class PlayersHere:
    """The players with a socket on any process, as this process knows them."""

    def __init__(self, broker: Broker, settings: Settings) -> None:
        self.broker = broker
        self.settings = settings
        #: process → how many players have a socket there, and when that was heard
        self.online: dict[str, tuple[int, float]] = {}
        #: the players with a socket in this process (the hub's)
        self.local: Collection[str] = ()
        #: process → the players with a socket there, as its messages said
        self.players_at: dict[str, set[str]] = {}

    @property
    def process(self) -> str:
        return self.settings.process_id

    async def count_online(
        self, count: int, came: str | None = None, left: str | None = None
    ) -> None:
        """This process now has ``count`` players with a socket: ``came`` is new here,
        ``left`` closed their last socket here; without either, the whole list."""
        message: dict[str, Any] = {"type": "online", "process": self.process, "count": count}
        if came is not None:
            message["came"] = came
        elif left is not None:
            message["left"] = left
        else:
            message["players"] = sorted(self.local)
        await self.broker.publish(CHANNEL, message)

    def _heard(self, process: str) -> bool:
        heard = self.online.get(process)
        return heard is not None and self.settings.clock() - heard[1] <= ONLINE_TTL

    def here(self, player_id: str | None) -> bool:
        """Whether the player has a socket on any process: this one's at once, the
        others' as their messages said (a process silent for ONLINE_TTL: nobody)."""
        if player_id is None:
            return False
        if player_id in self.local:
            return True
        return any(
            player_id in players and self._heard(process)
            for process, players in self.players_at.items()
            if process != self.process
        )

    def present(self) -> frozenset[str]:
        """Every player :meth:`here` (quick pairing pairs only with them)."""
        found = set(self.local)
        for process, players in list(self.players_at.items()):
            if process != self.process and self._heard(process):
                found |= players
        return frozenset(found)

    def _heard_players(self, message: dict[str, Any]) -> None:
        process = message["process"]
        came, left = message.get("came"), message.get("left")
        if process != self.process:  # this process's own: the hub's list is the truth
            known = self.players_at.setdefault(process, set())
            if came is not None:
                known.add(came)
            elif left is not None:
                known.discard(left)
            elif "players" in message:
                now = set(message["players"])
                self._turn(now - known, self.settings.lobby_prompt)
                self._turn(known - now, self.settings.away_after)
                known.clear()
                known |= now
        if came is not None:
            self._turn([came], self.settings.lobby_prompt)
        elif left is not None:
            self._turn([left], self.settings.away_after)

    def forget_silent(self) -> None:
        """The players of a process silent for ONLINE_TTL (killed) have left."""
        for process in list(self.players_at):
            if process != self.process and not self._heard(process):
                self._turn(self.players_at.pop(process), 0.0)

    def total(self) -> int:
        """The players online in all processes; a process not heard for ONLINE_TTL
        seconds (killed without a goodbye) no longer counts."""
        now = self.settings.clock()
        return sum(
            count
            for process, (count, heard) in self.online.items()
            if process == self.process or now - heard <= ONLINE_TTL
        )

    def _turn(self, players: Iterable[str], delay: float) -> None:
        """These players came or left (the lobby shows or hides their waiting tables)."""
