"""Where each Legende's stars stand in the progress a player keeps (the setting
``legenden``: one digit 0-3 per place, reversi.server.hall.hall_mount.SETTINGS).

The places are not the path's order (:data:`reversi.ai.legenden.LEGENDEN`): the path
changes as the opponents are measured, a player's progress must not.
"""

from __future__ import annotations

#: Where each opponent's stars stand in the stored progress (the setting ``legenden``:
#: one digit 0-3 per place): the path of 2026-12-02 in its order, then the opponents
#: added since. A place is never given to another opponent and stays when its opponent
#: leaves the path or moves along it, so progress stored before a change keeps its meaning.
PROGRESS_PLACES: tuple[str, ...] = (
    *("flocke", "krumm", "elster", "zaun", "gustav", "moos", "falke", "kante", "wirbel"),
    *("hamster", "turmfrau", "nebel", "grenzer", "kobold", "raffzahn", "eckhard"),
    *("schnecke", "mauer", "gaukler", "nimmersatt", "winkel", "mathilde", "eule", "deich"),
    *("irrlicht", "drache", "wachturm", "fuchs", "brandung", "professor", "sturm"),
    *("goldmarie", "ecklord", "festung", "schatten", "derwisch", "richterin", "baron"),
    *("adlerhorst", "kuestenwache", "moench", "strategin", "vulkan", "grossmeister"),
    *("greta", "orakel", "sphinx", "kaiserin", "titan", "legende"),
    # 2026-12-03: below Flocke
    *("oma", "engel", "opa", "trude", "bodo", "maus", "wichtel", "glucke", "fee", "bruno"),
    # 2026-12-04: between the Zaunkönig and Leicht; below Oma
    *("pusteblume", "uroma"),
    # 2026-12-04 afternoon: between Krumm and the Elster, Kantenkarl and the Turmfrau,
    # the Irrlicht and the Drache
    *("schaefer", "kraehe", "sternschnuppe"),
    # 2026-12-04 evening: below Uroma, since the losers search on the native core
    "uropa",
    # 2026-12-04 night: below Uropa, between Uropa and Uroma, Uroma and Oma, Oma and Opa,
    # the Maus and the Wichtel, Eckhard and the Maurermeister
    *("nikolaus", "osterhase", "patentante", "onkel", "eichhoernchen", "faehrmann"),
    # 2026-12-04, late: between the Nikolaus and Uropa
    "martin",
)


def progress_place(key: str) -> int:
    """The place of opponent ``key``'s digit in the stored progress."""
    return PROGRESS_PLACES.index(key)
