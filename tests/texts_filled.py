"""Every text of the catalogue that takes parameters, filled with sample values as the
pages and the server fill them: the sentences a player reads.

``tests/data/texts_filled.txt`` holds them, one ``key: sentence`` a line, read and
checked by a person; ``tests/test_texts_filled.py`` compares the catalogue with it, so
that a text whose grammar breaks (a sentence without a subject, "für niemand", "1
Steinen") shows up in review. After a deliberate change of a text, write the file again
and read the lines that changed::

    .venv/bin/python -m tests.texts_filled
"""

from __future__ import annotations

import re
from pathlib import Path

from reversi.texts import catalogue

EXPECTED = Path(__file__).resolve().parent / "data" / "texts_filled.txt"
PARAMETER = re.compile(r"\{(\w+)\}")

#: the start position in OBF, as "Stellung kopieren" copies it
START_OBF = "-" * 27 + "OX" + "-" * 6 + "XO" + "-" * 27 + " X"

#: why the server made no player for a device (server.rate_limited.players)
REFUSED = catalogue()["server.rate_limited.players"]

#: a sample for each parameter name, as the callers pass it
SAMPLES: dict[str, object] = {
    "a": "Anna",
    "accuracy": "87,5",
    "added": 3,
    "all": 5,
    "b": "Ben",
    "beaten": 4,
    "before": "Gast 1234",
    "best": "c4",
    "best_value": "+2",
    "black": 34,
    "black_accuracy": "91,2",
    "blunders": 1,
    "choice": "Perlmutt gewinnt",
    "choices": "15, 30, 60, 120, 300",
    "class": "Schnell",
    "code": "HX4M7K",
    "color": "Ebenholz",
    "count": 2,
    "date": "2026-12-02",
    "days": 3,
    "depth": 12,
    "detail": "Zeitlimit erreicht",
    "done": 4,
    "due": 2,
    "empties": 10,
    "empty": 36,
    "exact": "exakt",
    "field": "due",
    "file": "partie.ggf",
    "first": "f5",
    "flipped": 2,
    "from": "Anna",
    "game": "HX4M7K",
    "games": 87,
    "goal": 5,
    "good": "a4",
    "how": "Wert +4 (exakt)",
    "i": 2,
    "increment": 2,
    "known": 3,
    "last": 1568,
    "left": 4,
    "level": "Leicht",
    "levels": "Leicht, Mittel, Schwer",
    "limit": 4096,
    "line": "c4 e3 f6 d3",
    "loss": 6,
    "margin": 2,
    "mark": "Patzer",
    "marks": "Patzer: 1",
    "max": 24,
    "min": 2,
    "minutes": 4,
    "mistakes": 2,
    "month": 25,
    "moves": 5,
    "n": 3,
    "name": "Anna",
    "next": "e6",
    "number": 3,
    "obf": "xyz",
    "one": 1,
    "other": "Ben",
    "outcome": "gewonnen",
    "path": "/Regeln",
    "place": "am Dorfanger",
    "players": 12,
    "ply": 12,
    "points": 10,
    "rank": 2,
    "rate": "20 je Minute",
    "reached": "jeder Zug mindestens Tiefe 6",
    "refused": 1,
    "result": "gewinnt Ebenholz mit 6 Steinen Vorsprung",
    "right": "c3",
    "s": 12,
    "score": "+4",
    "second": "d6",
    "seconds": 30,
    "shown": 3,
    "square": "d3",
    "stage": "Spiel-Engine starten",
    "stars": "2 von 3 Sternen",
    "status": "beendet",
    "step": 2,
    "steps": 3,
    "style": "Eckenjäger",
    "table": "HX4M7K",
    "text": "Hallo",
    "three": 24,
    "time": "14:30",
    "title": "Brett und Startkreuz",
    "to": "2026-12-06",
    "total": 60,
    "two": 10,
    "value": "an",
    "weak": "a5",
    "week": 11,
    "what": "Partie",
    "white": 30,
    "white_accuracy": "78,4",
    "why": "Der Zug ist nicht erlaubt.",
    "year": 2026,
}

#: where one text's caller passes something else under a common name
OVERRIDES: dict[str, dict[str, object]] = {
    "trainer.book.via": {"number": 12, "name": "Kuh"},
    "trainer.start": {"color": "Ebenholz", "name": "Tiger"},
    "legenden.progress": {"stars": 7, "n": 50},
    "legenden.intro": {"n": 50},
    "legenden.game.info": {"total": 50},
    "seat.rating": {"value": "1612"},
    "seat.rating.provisional": {"value": "1612"},
    "rating.value": {"value": 1612, "n": 12},
    "rating.value.provisional": {"value": 1612},
    "rating.none": {"n": 1, "left": 2},
    "rating.graph": {"n": 12, "first": 1500, "last": 1568},
    "rating.rules": {"moves": 10, "games": 2},
    "server.bad_rules.clock": {"choices": "move, 3+2, 5+3, 10+5"},
    "hall.error.bad_time_class": {"choices": "schnell, blitz"},
    "notice.pass": {"other": "Perlmutt"},
    "announce.undo": {"status": "Du bist am Zug."},
    "announce.redo": {"status": "Der Computer ist am Zug."},
    "announce.new": {"status": "Du bist am Zug."},
    "announce.move": {"count": 2, "flipped": "d4, e4"},
    "keys.pending": {"file": "d"},
    "hall.period.week.title": {"from": "30.11.", "to": "06.12."},
    "hall.period.month.title": {"month": "Dezember"},
    "hall.board.you": {"points": "10 Punkten"},
    "hall.milestones.level": {"level": "⭐ 3"},
    "hall.notice.level": {"level": "⭐ 3"},
    "hall.bilanz.summary": {"level": "⭐ 3", "year": 40},
    "end.level": {"level": "⭐ 3"},
    "end.points": {"n": 10},
    "duel.no_player": {"why": REFUSED},
    "hall.bilanz.refused": {"why": REFUSED},
    "halle.refused": {"why": REFUSED},
    "chat.cut": {"n": 200},
    "analyse.copied.link": {"text": "http://127.0.0.1:8000/analyse?partie=f5d6c3"},
    "analyse.bad.tree": {"text": "f5d6x9"},
    "analyse.bad.moves": {"moves": "c3, h8"},
    "analyse.opening": {"name": "Tiger"},
    "analyse.value.exact": {"value": "+4"},
    "analyse.value.depth": {"value": "−2", "depth": 8},
    "drill.task": {"value": "−12"},
    "drill.solved": {"value": "+2"},
    "drill.missed": {"value": "−12"},
    "drill.line": {"line": "c6 d3 b4 b5 c4 a4"},
    "bilanz.accuracy": {"black": "Ebenholz", "white": "Perlmutt"},
    "end.uncounted.pair_limit": {"games": 3},
    "counting.rule": {"games": 3},
    "server.too_many_tables": {"max": 3},
    "server.too_long": {"max": 200},
    "hall.error.too_many": {"max": 500},
    "hall.error.bad_settings.unknown": {"name": "thema"},
    "hall.error.bad_settings.value": {"name": "thema"},
    "hall.game.unknown_field": {"name": "thema"},
    "hall.error.bad_game": {"why": "hat keine bekannte Spielstärke (leicht, mittel, schwer)"},
    "cli.import.refused": {"why": "Zug 3 (d3) ist nicht möglich"},
    "cli.import.unreadable": {"why": "keine GGF-Datei"},
    "clock.first": {"time": "1:00"},
    "bilanz.game.other": {"first": "Anna", "second": "Ben"},
    "bilanz.game.points": {"score": "gewonnen 34:30"},
    "bilanz.game.early": {"score": "gewonnen 34:30", "why": "durch Aufgabe"},
    "bilanz.game.label": {"what": "Duell gegen Anna", "score": "gewonnen 34:30"},
    "lesson.d3.other": {"square": "c4"},
    "lesson.find.right": {"square": "c4", "flipped": "d4", "left": 2},
    "lesson.find.done": {"square": "e6", "flipped": "e5"},
    "lesson.lines.done": {"square": "c5", "n": 3, "flipped": "c4, d4, d5"},
    "lesson.pass.nopass": {"square": "h2"},
    "lesson.count.done": {"black": 27, "white": 1},
    "lesson.game.won": {"black": 34, "white": 30},
    "lesson.game.lost": {"black": 30, "white": 34},
    "tips.board.label": {"title": "Ecken", "n": 1},
    "openings.step.start": {"name": "Marderhund (Raccoon Dog)", "n": 5},
    "openings.step": {"n": 5},
    "puzzles.step.done": {"n": 10},
    "puzzles.result.win": {"n": 6},
    "puzzles.result.loss": {"n": 6},
    "analyse.heading": {"black": "Anna", "white": "Ben", "result": "Ebenholz gewinnt 34:30"},
    "analyse.time": {"seconds": "4,2", "exact": 14, "moves": 60},
    "cli.import.done": {"rate": "2,5"},
    "replay.players": {"black": "Du (Ebenholz)", "white": "Computer Leicht (Perlmutt)"},
    "replay.graph.value": {"value": "+4"},
    "replay.graph.value.exact": {"value": "+4"},
    "replay.copied.obf": {"text": START_OBF},
    "replay.copied.game": {"text": "f5d6c3d3c4"},
    "replay.copy.failed": {"text": "f5d6c3d3c4"},
    "replay.summary.loss": {"loss": "2,3"},
    "analyse.summary": {"moves": 30},
    "nick.too_long": {"n": 80},
}


def fill(key: str, template: str) -> str:
    values = {**SAMPLES, **OVERRIDES.get(key, {})}
    return PARAMETER.sub(lambda m: str(values[m.group(1)]), template)


def filled() -> list[str]:
    """``key: sentence`` for every text with a parameter, in the catalogue's order."""
    return [
        f"{key}: {fill(key, template)}".replace("\n", "\\n")
        for key, template in catalogue().items()
        if PARAMETER.search(template)
    ]


if __name__ == "__main__":
    EXPECTED.write_text("\n".join(filled()) + "\n", encoding="utf-8")
    print(f"{EXPECTED}: {len(filled())} Sätze")
