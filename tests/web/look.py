"""What the look tests of all pages share: axe-core (from npm) finding nothing serious,
screenshots at phone and desktop size in light and dark (tests/web/artifacts/, for a
person to look at), and a page visited once, then used with the server gone."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.processes import REPO

from .conftest import ARTIFACTS, Server

AXE = REPO / "reversi/web/node_modules/axe-core/axe.min.js"
SIZES = {"phone": (360, 640), "desktop": (1280, 800)}
SCHEMES = ("light", "dark")
#: What the service worker has cached for this build (the paths of its cache's keys).
PRECACHED = """async () => {
  const registration = await navigator.serviceWorker.ready;
  const build = document.body.dataset.build;
  const cache = await caches.open('reversi-' + build);
  const keys = (await cache.keys()).map((r) => new URL(r.url).pathname);
  return {active: !!registration.active, keys};
}"""

REFUSED = "Failed to load resource: net::ERR_CONNECTION_REFUSED"


def axe_violations(page: Any) -> list[dict[str, Any]]:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run python -m reversi.web.build")
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => (await axe.run(document)).violations")
    return [v for v in result if v["impact"] in ("serious", "critical")]


def assert_accessible(page: Any, where: str = "") -> None:
    """axe-core finds nothing serious or critical on the page as it is now."""
    found = "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:5]}"
        for v in axe_violations(page)
    )
    assert found == "", where


class Shots:
    """Screenshots named ``{name}-{size}-{scheme}.png``; each must show something."""

    def __init__(self, page: Any, size: str, scheme: str) -> None:
        self.page, self.size, self.scheme = page, size, scheme
        self.paths: list[Path] = []
        ARTIFACTS.mkdir(exist_ok=True)

    def __call__(self, name: str, full: bool = False) -> None:
        self.paths.append(ARTIFACTS / f"{name}-{self.size}-{self.scheme}.png")
        self.page.screenshot(path=str(self.paths[-1]), full_page=full)

    def assert_drawn(self) -> None:
        assert self.paths and all(path.stat().st_size > 5000 for path in self.paths)


@contextlib.contextmanager
def look_page(
    browser: Any, console: Any, size: str | None = None, scheme: str = "light"
) -> Iterator[tuple[Any, Shots]]:
    """A page with reduced motion in ``scheme``, at ``size`` (a phone with touch) or the
    browser's default; its console has no errors when the block ends, and its
    screenshots are drawn."""
    options: dict[str, Any] = {"reduced_motion": "reduce", "color_scheme": scheme}
    if size is not None:
        width, height = SIZES[size]
        options.update(
            viewport={"width": width, "height": height},
            device_scale_factor=1,
            is_mobile=size == "phone",
            has_touch=size == "phone",
        )
    context = browser.new_context(**options)
    page = context.new_page()
    console.attach(page)
    shots = Shots(page, size or "default", scheme)
    try:
        yield page, shots
    finally:
        context.close()
    if shots.paths:
        shots.assert_drawn()
    assert console.errors == []


def fits_the_screen(page: Any, size: str) -> None:
    """Nothing on the page is wider than the screen."""
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size][0]


@contextlib.contextmanager
def offline_after_one_visit(
    browser: Any, console: Any, path: str, wait: Any
) -> Iterator[tuple[Any, Server]]:
    """A page that visited ``path`` once (``wait(page)`` until it is ready), reloaded
    under its service worker's control, and whose server is then gone. Only the
    requests to that server may fail in the console: the page's own refused loads and
    the hall's refused socket."""
    from reversi.web.build import build

    build(quiet=True)  # its own server: the session's `built` fixture may not have run
    server = Server().start()
    context = browser.new_context(reduced_motion="reduce")
    try:
        page = context.new_page()
        console.attach(page)
        page.goto(server.url + path)
        wait(page)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        wait(page)
        assert page.evaluate("!!navigator.serviceWorker.controller")
        server.stop()
        yield page, server
    finally:
        context.close()
        server.stop()
    assert [
        e
        for e in console.errors
        if not e.startswith(REFUSED)
        and not (
            e.startswith("WebSocket connection to ") and e.endswith("net::ERR_CONNECTION_REFUSED")
        )
    ] == []
