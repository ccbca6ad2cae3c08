"""A player's drill progress (docs/api.md, ``/api/drill``): items kept on each device and
on the server, merged item by item.

The merge rule, the same on the server and on every device: an item is known by its
``id``; of two versions of one item the one changed later (``changed_at``) wins, on the
same second the one with the later ``due`` day, then the longer ``streak``; an item only
one side has is kept. Of the merged items the newest ``keep`` (by ``changed_at``) stay.

>>> a = {"id": "g:8", "changed_at": 10.0, "due": 3, "streak": 1}
>>> b = {"id": "g:8", "changed_at": 20.0, "due": 1, "streak": 0}
>>> merge([a], [b], 300) == [b]
True
>>> [i["id"] for i in merge([a], [{**b, "id": "h:9"}], 1)]
['h:9']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def _rank(item: dict[str, Any]) -> tuple[float, int, int]:
    return (float(item["changed_at"]), int(item.get("due", 0)), int(item.get("streak", 0)))


def merge(
    stored: Iterable[dict[str, Any]], sent: Iterable[dict[str, Any]], keep: int
) -> list[dict[str, Any]]:
    """``stored`` and ``sent`` merged by the rule above, newest first."""
    by_id: dict[str, dict[str, Any]] = {}
    for item in [*stored, *sent]:
        old = by_id.get(item["id"])
        if old is None or _rank(item) > _rank(old):
            by_id[item["id"]] = item
    newest = sorted(by_id.values(), key=lambda i: (float(i["changed_at"]), i["id"]), reverse=True)
    return newest[:keep]
