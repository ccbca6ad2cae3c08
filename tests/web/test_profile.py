"""The player's one place for name and settings: "Profil" in the header, a
typo corrected within the rename limit, a refusal that replaces the old "Du heißt jetzt",
an 80-character paste refused with its length instead of cut, the switches every board
uses, and the table page's name field pointing there."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from .duel_helpers import TIMEOUT_MS, DuelServer, open_table
from .learn_helpers import text
from .look import SCHEMES, SIZES, assert_accessible, fits_the_screen, look_page

SWITCHES = [
    "Erlaubte Züge zeigen",
    "🔢 Drehzahl zeigen",
    "Ton",
    "Animationen",
    "Nach der Partie gleich analysieren",
]


@pytest.fixture(scope="module")
def strict_renames(built: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DuelServer]:
    """The hall with the shipped rename limit (the browser tests' own is loose)."""
    srv = DuelServer(
        tmp_path_factory.mktemp("renames"), settings={"rename_limit": "3/10minutes"}
    ).start()
    yield srv
    srv.stop()


def open_profile(page: Any, base: str) -> None:
    page.goto(base + "/bilanz")
    page.get_by_role("navigation", name="Hauptnavigation").get_by_role(
        "link", name="Profil"
    ).click()
    expect(page.get_by_role("heading", name="👤 Profil", level=1)).to_be_visible(timeout=TIMEOUT_MS)
    expect(page.locator("#nick-current")).to_have_text(re.compile(r"^Gast \d+$"))
    assert page.url.endswith("/profil")


def rename(page: Any, name: str) -> None:
    field = page.get_by_role("textbox", name="Name ändern")
    field.fill(name)
    page.get_by_role("button", name="Speichern").click()


def test_a_typo_is_corrected_and_a_refusal_replaces_the_old_message(
    players: Any, strict_renames: DuelServer
) -> None:
    page = players()
    open_profile(page, strict_renames.url)
    status = page.locator("#nick-msg")
    rename(page, "Anan")
    expect(status).to_have_text("Du heißt jetzt Anan.")
    rename(page, "System")  # a name of the house: refused, and it does not count
    expect(status).to_have_text(re.compile("^(?!Du heißt jetzt)."))
    expect(status).to_have_class(re.compile("error"))
    expect(page.get_by_text("Du heißt jetzt")).to_have_count(0)
    rename(page, "Anna")  # the typo corrected
    expect(status).to_have_text("Du heißt jetzt Anna.")
    expect(page.locator("#nick-current")).to_have_text("Anna")
    rename(page, "Anna Lena")
    expect(status).to_have_text("Du heißt jetzt Anna Lena.")
    rename(page, "Lena")  # the fourth change in ten minutes
    expect(status).to_have_text(
        re.compile(
            r"^Du hast deinen Namen gerade 3-mal geändert\. Der nächste neue Name geht um"
            r" \d\d:\d\d Uhr \(in \d+ min\)\.$"
        )
    )
    expect(page.locator("#nick-current")).to_have_text("Anna Lena")

    # the header's menu leads there from every page; the name is on the server
    page.reload()
    expect(page.locator("#nick-current")).to_have_text("Anna Lena", timeout=TIMEOUT_MS)


def test_an_80_character_paste_is_refused_with_its_length(
    players: Any, duel_server: DuelServer
) -> None:
    page = players()
    open_profile(page, duel_server.url)
    long = "Annabella" * 8 + "xxxxxxxx"
    assert len(long) == 80
    rename(page, long)
    expect(page.locator("#nick-msg")).to_have_text(
        "Dein Name hat 80 Zeichen, erlaubt sind höchstens 24. Kürze ihn bitte – abgeschnitten"
        " wird nichts."
    )
    field = page.get_by_role("textbox", name="Name ändern")
    expect(field).to_have_value(long)  # not cut behind the player's back
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#nick-current")).to_have_text(re.compile(r"^Gast \d+$"))


def test_the_switches_are_here_and_kept(players: Any, duel_server: DuelServer) -> None:
    page = players()
    open_profile(page, duel_server.url)
    for name in SWITCHES:
        expect(page.get_by_role("switch", name=name)).to_be_visible()
    sound = page.get_by_role("switch", name="Ton")
    was = sound.is_checked()
    sound.click()
    expect(sound).to_be_checked(checked=not was)
    page.get_by_role("switch", name="Erlaubte Züge zeigen").click()
    expect(page.get_by_role("switch", name="🔢 Drehzahl zeigen")).to_be_disabled()
    page.reload()
    expect(page.get_by_role("switch", name="Ton")).to_be_checked(checked=not was)
    expect(page.get_by_role("switch", name="Erlaubte Züge zeigen")).not_to_be_checked()
    # the solo game uses them
    page.goto(duel_server.url + "/allein")
    expect(page.get_by_role("switch", name="Erlaubte Züge zeigen")).not_to_be_checked(
        timeout=TIMEOUT_MS
    )


def test_the_table_pages_name_field_points_to_the_profile(
    players: Any, duel_server: DuelServer
) -> None:
    page = players()
    open_table(page, duel_server.url)
    link = page.get_by_role("link", name=text("profile.link"))
    expect(link).to_have_attribute("href", "/profil")
    rename(page, "Tischname")
    expect(page.locator("#nick-msg")).to_have_text("Du heißt jetzt Tischname.")
    link.click()
    expect(page.locator("#nick-current")).to_have_text("Tischname", timeout=TIMEOUT_MS)


def test_the_profile_looks_right(browser: Any, duel_server: DuelServer, console: Any) -> None:
    for size in sorted(SIZES):
        for scheme in SCHEMES:
            with look_page(browser, console, size, scheme) as (page, shot):
                page.goto(duel_server.url + "/profil")
                expect(page.locator("#nick-current")).to_have_text(
                    re.compile(r"^Gast \d+$"), timeout=TIMEOUT_MS
                )
                fits_the_screen(page, size)
                assert_accessible(page, "/profil")
                shot("profile", full=True)
