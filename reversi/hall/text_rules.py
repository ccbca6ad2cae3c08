"""What players may write: nicknames and chat lines, normalised and checked.

Both are shown to other people, so both must look like what they are:

* a **nickname** is NFKC-normalised (fullwidth ``Ｓｙｓｔｅｍ`` is ``System``), has a visible
  letter, mixes no scripts in a deceptive way (``Sуstem`` with a Cyrillic ``у``), and is
  neither a name of the house (``System``, ``Admin`` …) nor a guest name (``Gast 1234``,
  which only the server hands out) — compared by *skeleton* (:mod:`reversi.hall.lookalikes`),
  so accents, homoglyphs of any script, case, spaces and punctuation do not get around
  it, nor digits around a name of the house (``System 2``), nor one letter changed in
  a long one (``Cystem``);
* a **chat line** loses what can reorder or hide text (bidirectional controls, zero-width
  characters) and keeps at most :data:`COMBINING_MAX` combining marks on a letter.

Both refuse text that is not valid Unicode (a lone surrogate from JSON's ``"\\ud800"``).
A refusal is a :class:`TextRejected` with a machine-readable ``reason`` and its
parameters; the caller words it (the German catalogue).

>>> nickname("  Anna   Lena ")
'Anna Lena'
>>> nickname("Ｓｙｓｔｅｍ")
Traceback (most recent call last):
reversi.hall.text_rules.TextRejected: reserved: 'Ｓｙｓｔｅｍ'
>>> chat_line("gut\\u202egespielt\\u200b!", limit=200)
'gutgespielt!'
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from confusable_homoglyphs import confusables  # type: ignore[import-untyped]

from reversi.hall.lookalikes import skeleton

NICK_MIN, NICK_MAX = 2, 24
#: combining marks kept on one base character in chat ("e" with 199 marks is noise)
COMBINING_MAX = 2
#: names of the house, compared by skeleton
RESERVED = frozenset(
    {
        "admin",
        "administrator",
        "halle",
        "mod",
        "moderator",
        "reversi",
        "reversihalle",
        "schiedsrichter",
        "server",
        "support",
        "system",
        "team",
    }
)
#: the names of the house as they look
RESERVED_LOOKS = frozenset(skeleton(name) for name in RESERVED)
#: names of the house this long are refused with one letter changed, added or left out
#: too ("Cystem"); shorter ones would catch ordinary names ("Halle" → "Hallo")
NEAR_FROM = 6
#: the server's guest names ("Gast 1234"), by skeleton (where "1" looks like "l", "0" like "o")
GUEST = re.compile(r"gast[\dlo]*")
#: digits, spaces and punctuation around a name ("System 2", "1 Admin")
_AROUND = re.compile(r"^[\W\d_]+|[\W\d_]+$")
_NICK_CHARACTERS = re.compile(r"^[\w .,'!?+()-]+$")
#: letters that draw nothing (Hangul fillers, the blank Braille pattern, Mongolian vowel
#: separator, Khmer inherent vowels): removed like spaces
_INVISIBLE = frozenset("\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0")
#: zero width joiner: kept between emoji (👨‍👩‍👧), dropped elsewhere
_ZWJ = "\u200d"


class TextRejected(ValueError):
    """Text a player may not use; ``reason`` is machine-readable, ``params`` word it."""

    def __init__(self, reason: str, text: str, **params: Any) -> None:
        super().__init__(f"{reason}: {text!r}")
        self.reason = reason
        self.text = text
        self.params = params


def _valid_unicode(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise TextRejected("bad_text", text) from None


def _is_emoji_part(ch: str) -> bool:
    return unicodedata.category(ch) in ("So", "Sk") or ch == "\ufe0f"


def _drop_format_characters(text: str) -> str:
    """Without bidi controls, zero-width and other format characters (category Cf);
    a zero width joiner between two emoji stays."""
    kept: list[str] = []
    for i, ch in enumerate(text):
        if ch in _INVISIBLE:
            kept.append(" ")
            continue
        joins_emoji = (
            ch == _ZWJ
            and bool(kept)
            and _is_emoji_part(kept[-1])
            and i + 1 < len(text)
            and _is_emoji_part(text[i + 1])
        )
        if unicodedata.category(ch) != "Cf" or joins_emoji:
            kept.append(ch)
    return "".join(kept)


def _one_apart(a: str, b: str) -> bool:
    """Whether ``a`` becomes ``b`` by changing, adding or leaving out one character.

    >>> _one_apart("cystem", "system"), _one_apart("systems", "system")
    (True, True)
    """
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) < len(b):
        a, b = b, a
    for i in range(len(b)):
        if a[i] != b[i]:
            return a[i + 1 :] == b[i + 1 :] or a[i + 1 :] == b[i:]
    return True


def looks_reserved(name: str) -> bool:
    """Whether ``name`` looks like a name of the house (see the module).

    >>> [looks_reserved(n) for n in ("Systém", "System 2", "Суѕтем", "Jürgen", "Hallo")]
    [True, True, True, False, False]
    """
    looks = {skeleton(name), skeleton(_AROUND.sub("", name))}
    if looks & RESERVED_LOOKS:
        return True
    return any(
        _one_apart(look, house)
        for look in looks
        for house in RESERVED_LOOKS
        if len(house) >= NEAR_FROM
    )


def is_guest_name(name: str) -> bool:
    """Whether ``name`` is (or looks like) one the server gives guests ("Gast 1234")."""
    return GUEST.fullmatch(skeleton(name)) is not None


def nickname(text: str) -> str:
    """The nickname as it is kept and shown, or :class:`TextRejected`.

    Reasons: ``bad_text`` (not valid Unicode), ``length`` (``min``/``max``),
    ``characters`` (only letters, digits, spaces and ``.,'!?+()-``), ``no_letter``,
    ``mixed_script``, ``reserved``, ``guest_name``.
    """
    _valid_unicode(text)
    name = " ".join(_drop_format_characters(unicodedata.normalize("NFKC", text)).split())
    if not NICK_MIN <= len(name) <= NICK_MAX:
        raise TextRejected("length", text, min=NICK_MIN, max=NICK_MAX)
    if not _NICK_CHARACTERS.match(name):
        raise TextRejected("characters", text)
    if not any(ch.isalpha() for ch in name):
        raise TextRejected("no_letter", text)
    if confusables.is_dangerous(name):
        raise TextRejected("mixed_script", text)
    if looks_reserved(name):
        raise TextRejected("reserved", text)
    if is_guest_name(name):
        raise TextRejected("guest_name", text)
    return name


def _cap_combining_marks(text: str) -> str:
    kept: list[str] = []
    marks = 0
    for ch in text:
        if unicodedata.category(ch) in ("Mn", "Me"):
            marks += 1
            if marks > COMBINING_MAX:
                continue
        else:
            marks = 0
        kept.append(ch)
    return "".join(kept)


def chat_line(text: str, limit: int) -> str:
    """One line of chat as it is kept and shown, or :class:`TextRejected`.

    Control characters become spaces, runs of space one space; format characters go
    (see :func:`_drop_format_characters`). Reasons: ``bad_text``, ``empty``,
    ``too_long`` (``max``).
    """
    _valid_unicode(text)
    text = "".join(
        " " if unicodedata.category(ch) == "Cc" else ch for ch in unicodedata.normalize("NFD", text)
    )
    text = " ".join(_cap_combining_marks(_drop_format_characters(text)).split())
    text = unicodedata.normalize("NFC", text)
    if not text:
        raise TextRejected("empty", text)
    if len(text) > limit:
        raise TextRejected("too_long", text, max=limit)
    return text
