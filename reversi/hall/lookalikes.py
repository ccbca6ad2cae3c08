"""What a name looks like: its *skeleton*, for telling whether two names could be
mistaken for each other (``Systém``, ``Sуstem`` and ``System`` look alike; ``Суѕтем``
and ``ᴄystem`` look like ``Cystem``).

The skeleton is built from Unicode facts and a small table of our own (in the spirit of
Unicode's UTS #39 confusables, not a copy of its data):

1. compatibility decomposition (NFKD: ``Ｓ`` is ``S``, ``ﬁ`` is ``fi``, ``é`` is ``e`` and
   a combining acute), then every combining mark is removed (``Systém`` → ``System``);
2. each character that is drawn like a Latin letter becomes that letter
   (:data:`LOOKALIKES`: Cyrillic, Greek, small capitals, a few Latin letters with a
   stroke) — capitals first, where they look unlike their small letter (Greek ``Ν`` is
   an N, ``ν`` a v), then case-folded;
3. letters and digits that are drawn alike in many fonts become one: ``I``, ``i``, ``l``,
   ``1`` are ``l``; ``O``, ``0`` are ``o``; ``rn`` is ``m``, ``vv`` is ``w``;
4. everything that is neither letter nor digit (spaces, punctuation) is dropped.

>>> skeleton("Systém") == skeleton("Sуstem") == "system"
True
>>> skeleton("Суѕтем") == skeleton("ᴄystem") == skeleton("Cystem") == "cystem"
True
>>> skeleton("Gast I234") == skeleton("Gást 1234") == "gastl234"
True
"""

from __future__ import annotations

import unicodedata

#: characters drawn like a Latin letter, as that letter (small letters unless the
#: capital looks different from its small letter)
LOOKALIKES: dict[str, str] = {
    # Cyrillic: capitals by case folding, small letters as drawn (в, к, м, н, т are
    # drawn as small capitals)
    **dict(zip("авгезіјкмнопрстухьѕһӏԁԛԝүѵ", "abr" + "e3ljkmhonpctyxbshldqwyv", strict=True)),
    # Greek: the capitals that look like Latin capitals, then the small letters
    **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "abezhlkmnoptyx", strict=True)),
    **dict(zip("αβγεικνοπρστυχω", "aby" + "elkvonpotuxw", strict=True)),
    # small capitals and other Latin look-alikes
    **dict(zip("ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡʏᴢ", "abcdefghljklmnopqrstuvwyz", strict=True)),
    **dict(zip("ıłøđħŧƀɨʉ", "llodhtblu", strict=True)),
    # letters and digits drawn alike
    "I": "l",
    "i": "l",
    "1": "l",
    "0": "o",
}
#: sequences drawn like one letter, after the characters are mapped
SEQUENCES = (("rn", "m"), ("vv", "w"))


def _look(ch: str) -> str:
    mapped = LOOKALIKES.get(ch)
    if mapped is not None:
        return mapped
    folded = ch.casefold()
    return "".join(LOOKALIKES.get(c, c) for c in folded)


def skeleton(text: str) -> str:
    """What ``text`` looks like (see the module): comparable with ``==``.

    >>> skeleton("S у s-t e m") == skeleton("SYSTEM") == "system"
    True
    >>> skeleton("ADMIN") == skeleton("admin")
    True
    """
    bare = "".join(
        ch
        for ch in unicodedata.normalize("NFKD", text)
        if unicodedata.category(ch) not in ("Mn", "Me", "Mc")
    )
    shown = "".join(_look(ch) for ch in bare)
    shown = "".join(ch for ch in shown if ch.isalnum())
    for sequence, letter in SEQUENCES:
        shown = shown.replace(sequence, letter)
    return shown
