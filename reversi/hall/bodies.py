"""Request bodies as typed msgspec Structs: one decoding checks a body whole.

Every JSON body of the hall and of the duel server is read here: valid JSON, valid
text (no lone surrogates — ``"\\ud800"`` is JSON but no text, and no database or
reply could hold it), bounded numbers (a 400-digit integer is refused, never
converted), known fields of the right kinds. What the Structs cannot say (a level of
this game, a time not too far ahead) the routes check after.

>>> class Name(msgspec.Struct, forbid_unknown_fields=True):
...     nickname: Text
>>> decode(b'{"nickname": "Anna"}', Name, 100)
Name(nickname='Anna')
>>> decode(b'{"nickname": "\\\\ud800"}', Name, 100)
Traceback (most recent call last):
reversi.hall.bodies.BadBody: bad_text at $: a string is not valid text
"""

from __future__ import annotations

import json
import re
from typing import Annotated, TypeVar

import msgspec

T = TypeVar("T")

#: strings of a body are short: names, ids, secrets, setting values
Text = Annotated[str, msgspec.Meta(max_length=1000)]
#: integers fit 32 bits (JSON itself allows any number of digits)
Int = Annotated[int, msgspec.Meta(ge=-(2**31), lt=2**31)]
#: times in seconds since 1970, up to the year 33658
Seconds = Annotated[float, msgspec.Meta(ge=0, le=1e12)]

_AT = re.compile(r" - at `\$(?P<path>[^`]*)`$")
_UNKNOWN = re.compile(r"Object contains unknown field `(?P<name>[^`]*)`")


class BadBody(ValueError):
    """A body that does not fit its Struct.

    ``problem``: ``too_big``, ``bad_json`` (not JSON), ``bad_text`` (a lone surrogate),
    ``not_object``, ``unknown_field`` (``name``), ``bad_field``; ``path`` where
    (``$.results[1].id``); ``detail`` is msgspec's English account, for logs.
    """

    def __init__(self, problem: str, path: str = "$", detail: str = "", name: str = "") -> None:
        super().__init__(f"{problem} at {path}: {detail}")
        self.problem, self.path, self.detail, self.name = problem, path, detail, name

    def index(self, field: str) -> int | None:
        """The list index right after ``field`` in the path (``results[3]`` → 3)."""
        match = re.match(rf"\$\.{field}\[(\d+)\]", self.path)
        return int(match.group(1)) if match else None

    def field(self) -> str:
        """The last named field of the path ("" at the top)."""
        names = re.findall(r"\.([A-Za-z_]\w*)", self.path)
        return names[-1] if names else ""


def decode(raw: bytes, kind: type[T], limit: int) -> T:
    """``raw`` as a ``kind``, or :class:`BadBody`. An empty body is ``{}``."""
    if len(raw) > limit:
        raise BadBody("too_big", detail=f"over {limit} bytes")
    try:
        return msgspec.json.decode(raw or b"{}", type=kind)
    except msgspec.ValidationError as error:
        message = str(error)
        at = _AT.search(message)
        path = "$" + at.group("path") if at else "$"
        unknown = _UNKNOWN.match(message)
        if unknown:
            raise BadBody("unknown_field", path, message, unknown.group("name")[:40]) from None
        if path == "$" and message.startswith("Expected `object`"):
            raise BadBody("not_object", path, message) from None
        raise BadBody("bad_field", path, message) from None
    except (msgspec.DecodeError, UnicodeError) as error:
        try:
            json.loads(raw)
        except (ValueError, RecursionError):
            raise BadBody("bad_json", detail=str(error)) from None
        raise BadBody("bad_text", detail="a string is not valid text") from None
