"""Every unknown or malformed address gets the hall's German
not-found page (with the header and a way back), from the server's 404 as from the
client's router; and the address follows the page (a lesson step), so that a reload
comes back to it. (A table's address after "Mitspielen": tests/web/test_halle.py.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from .helpers import BOOT_TIMEOUT_MS

#: the address, and the status the server answers it with
ADDRESSES = [
    ("/tisch/%E0%A4%A", 200),  # a table's route, but no readable code
    ("/tisch/", 404),
    ("/tisch/---", 200),
    ("/Regeln", 404),
    ("/aufgaben/1", 404),
    ("/nirgends/mehr", 404),
]


@pytest.fixture
def fresh(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page whose script errors are collected (the browser itself logs the 404s as
    console errors, so those are not counted)."""
    context = browser.new_context(reduced_motion="reduce", locale="de-DE")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, errors
    context.close()


@pytest.mark.parametrize(("path", "status"), ADDRESSES)
def test_an_unknown_address_gets_the_german_not_found_page(
    fresh: tuple[Any, list[str]], server: Any, path: str, status: int
) -> None:
    page, errors = fresh
    response = page.goto(server.url + path)
    assert response is not None and response.status == status
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text("Diese Seite gibt es hier nicht")
    assert page.title().startswith("Diese Seite gibt es hier nicht")
    expect(page.get_by_role("navigation")).to_be_visible()
    page.get_by_role("link", name="Zurück zur Halle").click()
    page.wait_for_url(server.url + "/")
    expect(page.locator("#go-solo")).to_be_visible()
    assert errors == []


def test_the_lesson_step_is_in_the_address_and_a_reload_returns_there(
    page: Any, server: Any
) -> None:
    page.goto(server.url + "/lernen")
    lesson = page.locator("#lesson")
    expect(lesson).to_have_attribute("data-loaded", "yes", timeout=BOOT_TIMEOUT_MS)
    assert page.url.endswith("/lernen#schritt-1")
    page.click("[data-square=d3]")
    expect(lesson).to_have_attribute("data-step", "2", timeout=BOOT_TIMEOUT_MS)
    assert page.url.endswith("/lernen#schritt-2")
    page.reload()
    expect(lesson).to_have_attribute("data-step", "2")
    # the address alone (a shared link, another profile) opens that step
    other = page.context.browser.new_context(reduced_motion="reduce")
    try:
        shared = other.new_page()
        shared.goto(server.url + "/lernen#schritt-4")
        expect(shared.locator("#lesson")).to_have_attribute("data-step", "4")
    finally:
        other.close()
