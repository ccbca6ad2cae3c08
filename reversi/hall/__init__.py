"""The hall: points, levels and milestones, leaderboards, the record, settings.

Game-agnostic: a game reports a finished game between people as
``(game, source, players, outcome, when)`` (:func:`reversi.hall.writes.record_result`),
a device reports computer games, and the hall knows nothing of any game's rules.
It imports storage and the German catalogue (``reversi.texts``), never the engine,
the AI or the server.
"""

from reversi.hall.hall_service import Hall
from reversi.hall.milestones import MILESTONES, Stats, level
from reversi.hall.points import POINTS, points_for
from reversi.hall.writes import record_result

__all__ = ["MILESTONES", "POINTS", "Hall", "Stats", "level", "points_for", "record_result"]
