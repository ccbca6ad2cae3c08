"""The German texts, for Python: the one catalogue is ``reversi/web/static/de.json``.

The browser reads the same file. A key names a text, ``{name}`` marks a parameter:

>>> text("reason.occupied", square="d3")
'd3 ist schon besetzt.'
>>> text("level.schwer")
'Schwer'
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

CATALOGUE = Path(__file__).resolve().parent / "web" / "static" / "de.json"


@cache
def catalogue() -> dict[str, str]:
    data: dict[str, str] = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    return data


def text(key: str, **params: Any) -> str:
    """The text of ``key`` with its parameters filled in; KeyError for an unknown key."""
    return catalogue()[key].format(**params)
