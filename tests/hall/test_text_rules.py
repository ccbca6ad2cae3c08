"""Nicknames and chat lines that deceive or hide are refused or cleaned."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reversi.hall.lookalikes import skeleton
from reversi.hall.text_rules import COMBINING_MAX, TextRejected, chat_line, nickname


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Anna", "Anna"),
        ("  Anna   Lena ", "Anna Lena"),
        ("Jörg", "Jörg"),
        ("Вася", "Вася"),
        ("李小龙", "李小龙"),
        ("O'Neill (2)", "O'Neill (2)"),
        ("Ｊｏｅ", "Joe"),  # fullwidth letters are the letters
        ("Gastwirt", "Gastwirt"),
        ("Systematiker", "Systematiker"),
        ("An\u200bna", "Anna"),  # a zero-width space is dropped, not kept invisible
        ("Jürgen", "Jürgen"),  # accents, and names of one other script, stay allowed
        ("Zoë", "Zoë"),
        ("Анна", "Анна"),
        ("Hallo", "Hallo"),  # one letter from "Halle": short names of the house are exact
        ("Systematiker", "Systematiker"),
        ("Simon 2", "Simon 2"),
    ],
)
def test_good_names_pass_normalised(text: str, shown: str) -> None:
    assert nickname(text) == shown


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("System", "reserved"),
        ("SYSTEM", "reserved"),
        ("Admin", "reserved"),
        ("S y s t e m", "reserved"),
        ("s.y.s.t.e.m", "reserved"),
        ("Ｓｙｓｔｅｍ", "reserved"),  # fullwidth
        ("Sуstem", "mixed_script"),  # Cyrillic у among Latin letters
        ("Αdmin", "mixed_script"),  # Greek Alpha
        ("Gast 1234", "guest_name"),
        ("gast1234", "guest_name"),
        ("GAST １２", "guest_name"),
        ("Gast", "guest_name"),
        # near-spoofs: marks, digits around, I for 1, one script
        ("Systém", "reserved"),
        ("System 2", "reserved"),
        ("2 Admin", "reserved"),
        ("ADMIN", "reserved"),
        ("Суѕтем", "reserved"),  # all Cyrillic: "Cystem"
        ("ᴄystem", "reserved"),  # a small capital C
        ("Cystem", "reserved"),  # one letter from "System"
        ("Servers", "reserved"),
        ("Ѕуѕтем", "reserved"),  # all Cyrillic, with DZE: "System"
        ("Gast I234", "guest_name"),  # a capital i for the 1
        ("Gást 1234", "guest_name"),
        ("Gast O12", "guest_name"),  # a capital o for the 0
        ("ㅤㅤㅤ", "length"),  # Hangul fillers: nothing visible is left
        ("12345", "no_letter"),
        ("...", "no_letter"),
        ("!?", "no_letter"),
        ("<b>", "characters"),
        ("a\u202e", "length"),
        ("x", "length"),
        ("A" * 25, "length"),
        ("Anna\ud800", "bad_text"),
    ],
)
def test_deceiving_names_are_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(TextRejected) as refused:
        nickname(text)
    assert refused.value.reason == reason


def test_a_refusal_names_its_limits() -> None:
    with pytest.raises(TextRejected) as refused:
        nickname("x")
    assert refused.value.params == {"min": 2, "max": 24}


def test_skeleton_sees_through_case_spacing_and_homoglyphs() -> None:
    assert skeleton("Ｓｙｓｔｅｍ") == skeleton("S-y-s-t-e-m") == skeleton("Sуstem") == "system"
    assert skeleton("Anna") != skeleton("Anja")


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("gut gespielt!", "gut gespielt!"),
        ("a\u202eb\u2066c\u200fd", "abcd"),  # bidi controls
        ("a\u200bb\ufeffc\u2060d\u00ade", "abcde"),  # zero-width and soft hyphen
        ("zwei\nZeilen\tund  Tab", "zwei Zeilen und Tab"),  # control characters
        (
            "\U0001f468\u200d\U0001f469\u200d\U0001f467",
            "\U0001f468\u200d\U0001f469\u200d\U0001f467",
        ),
        ("a\u200db", "ab"),  # a joiner between letters goes
    ],
)
def test_chat_keeps_what_is_seen_and_drops_what_hides(text: str, shown: str) -> None:
    assert chat_line(text, limit=200) == shown


def test_chat_caps_combining_marks() -> None:
    line = chat_line("e" + "\u0301" * 199 + "!", limit=200)
    assert line == "\u00e9" + "\u0301" * (COMBINING_MAX - 1) + "!"  # é is e with one mark
    assert chat_line("Café crème", limit=200) == "Café crème"


@pytest.mark.parametrize(
    ("text", "reason"),
    [("", "empty"), ("   \n\u200b", "empty"), ("a" * 201, "too_long"), ("\ud800", "bad_text")],
)
def test_chat_refuses_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(TextRejected) as refused:
        chat_line(text, limit=200)
    assert refused.value.reason == reason


@given(st.text(max_size=60))
def test_whatever_comes_in_what_goes_out_is_clean(text: str) -> None:
    for clean in (nickname, lambda t: chat_line(t, limit=200)):
        try:
            out = clean(text)
        except TextRejected:
            continue
        out.encode("utf-8")
        assert out == out.strip() and "  " not in out
        assert not any(
            ch in out
            for ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068"
            "\u2069\u200b\u200e\u200f\ufeff"
        )
