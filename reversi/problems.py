"""The one refusal of the hall and the duel server: a :class:`Problem` names its code,
its German text's catalogue key and the text's parameters, and is answered in one
shape everywhere (over HTTP with the status of ``reversi.server.http.problem_replies.STATUS``):

>>> Problem("bad_date", "hall.error.bad_date").json()["error"]
'bad_date'
>>> Problem("unknown_table").key
'server.unknown_table'
"""

from __future__ import annotations

from typing import Any

from reversi.texts import text


class Problem(Exception):
    """A request or a message that is refused: ``code`` for programs; ``key`` (default
    ``server.<code>``) and ``params`` name its German text in the catalogue, and
    ``message`` is that text."""

    def __init__(self, code: str, key: str | None = None, **params: Any) -> None:
        self.code = code
        self.key = key or f"server.{code}"
        self.params = params
        self.message = text(self.key, **params)
        super().__init__(self.message)

    def json(self) -> dict[str, Any]:
        """What a client gets: the code, the text's key and parameters, the text."""
        return {"error": self.code, "key": self.key, "params": self.params, "message": self.message}
