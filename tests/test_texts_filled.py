"""Every German text that takes parameters, filled with sample values, reads as the
checked sentences in tests/data/texts_filled.txt ("Mit e7 gewinnt mit 36
Steinen Vorsprung", "für niemand", "„Perlmutt“ stimmt nicht"). A changed text changes a
line there: write the file again (``python -m tests.texts_filled``) and read it."""

from __future__ import annotations

import difflib

from reversi.texts import catalogue
from tests.texts_filled import EXPECTED, PARAMETER, SAMPLES, filled


def test_every_parameter_has_a_sample() -> None:
    used = {name for text in catalogue().values() for name in PARAMETER.findall(text)}
    assert sorted(used - set(SAMPLES)) == []


def test_the_filled_texts_read_as_checked() -> None:
    expected = EXPECTED.read_text(encoding="utf-8").splitlines()
    now = filled()
    diff = "\n".join(difflib.unified_diff(expected, now, "checked", "catalogue", lineterm=""))
    assert now == expected, f"texts changed; read them and write the file again:\n{diff}"


def test_the_broken_sentences_of_issue_25_are_gone() -> None:
    text = "\n".join(filled()) + "\n" + "\n".join(catalogue().values())
    for broken in (
        "gewinnt mit",  # a result without its subject
        "verliert mit",
        "für niemand ",
        "für niemand.",
        "für niemand\n",
        " 1 Steinen",
        "tools/generate_puzzles.py",
        "Starte ein neues Spiel",
        "„Perlmutt“ stimmt nicht",
        "Leicht hat",
    ):
        assert broken not in text + "\n", broken
    assert "Die Lösung ist d3: Damit gewinnt Ebenholz mit 6 Steinen Vorsprung." in text
