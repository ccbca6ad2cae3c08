"""The client keeps the server's Content-Security-Policy — no
violation on the start page, on /allein (engine ready, a move played) or at a table."""

from __future__ import annotations

from typing import Any

from .duel_helpers import open_table
from .helpers import play, squares, wait_idle

#: every violation the page (or its worker, through the console) reports
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(
    `${e.effectiveDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`));
"""


def violations(page: Any, console: Any) -> list[str]:
    found: list[str] = page.evaluate("window.__violations")
    return found + [m for m in console.errors if "Content Security Policy" in m]


def test_the_pages_report_no_csp_violation(server: Any, players: Any, console: Any) -> None:
    page = players(bypass_csp=False)
    page.add_init_script(LISTEN)
    answer = page.goto(server.url + "/")
    policy = answer.headers["content-security-policy"]
    assert "script-src 'self' 'wasm-unsafe-eval'" in policy and "unsafe-inline" not in policy
    page.wait_for_load_state("networkidle")
    assert violations(page, console) == []

    page.goto(server.url + "/allein")
    wait_idle(page, 60_000)  # the engine (Pyodide in its worker) is ready
    play(page, squares(page, "[data-legal]")[0])
    assert violations(page, console) == []

    open_table(page, server.url)
    assert violations(page, console) == []

    # the listener itself works: an inline style attribute is a violation
    page.evaluate("document.body.setAttribute('style', 'color: red')")
    for _ in range(100):  # polled from here: a string condition would be eval, refused too
        if page.evaluate("window.__violations.length"):
            break
        page.wait_for_timeout(50)
    assert "style-src-attr" in violations(page, console)[0]
    console.errors.clear()
