"""Move labels and accuracy (docs/study.md): every reviewed move labelled "bester Zug",
"gut", "Ungenauigkeit", "Fehler" or "Patzer", each side's accuracy in the replay's
summary, and beside the game in the Bilanz once it is analysed."""

from __future__ import annotations

import math
import re
from typing import Any

from playwright.sync_api import expect

from reversi.ai.review import ACCURACY_SCALE, accuracy_of, label_of, review
from reversi.engine import Board, Counting

from .conftest import Server

WIPEOUT = "f5d6c5f4e3f6g5e6e7"


def test_labels_and_accuracy_follow_the_documented_thresholds() -> None:
    assert [label_of(x) for x in (0, 0.49, 0.5, 1.99, 2, 4.99, 5, 9.99, 10)] == [
        "best",
        "best",
        "good",
        "good",
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
    ]
    losses = [0.0, 3.0, 12.0]
    mean = sum(100 * math.exp(-x / ACCURACY_SCALE) for x in losses) / 3
    assert accuracy_of(losses) == round(mean, 1)
    game = review(Board(moves=WIPEOUT), 0.05, counting=Counting.NOBODY)
    for color in (True, False):
        own = [m for m in game.moves if m.color == color]
        assert game.summary(color).accuracy == accuracy_of([m.loss for m in own])


def test_the_replay_labels_every_move_and_the_bilanz_shows_the_accuracy(
    server: Server, page: Any
) -> None:
    page.goto(server.url + "/zu-zweit")
    page.wait_for_selector("#game[data-state=idle]", state="attached", timeout=60_000)
    for square in re.findall("..", WIPEOUT):
        before = page.get_attribute("#game", "data-ply")
        page.click(f"[data-square={square}]")
        expect(page.locator("#game")).not_to_have_attribute("data-ply", str(before))
    page.get_by_role("link", name="Analyse", exact=True).click()
    expect(page.locator("#analysis")).to_have_attribute("data-state", "done", timeout=180_000)
    labels = page.eval_on_selector_all(
        ".tr-move", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert len(labels) == 9
    names = ("bester Zug", "gut", "Ungenauigkeit", "Fehler", "Patzer")
    assert all(any(name in label for name in names) for label in labels), labels
    # White's every move loses everything there is to lose: 64 discs
    expect(page.locator("#summary-white")).to_contain_text("Genauigkeit")
    expect(page.locator("#summary-black")).to_contain_text("Genauigkeit")
    black = re.search(r"Genauigkeit ([\d,]+) %", page.text_content("#summary-black") or "")
    assert black is not None
    counts = {
        color: {
            mark: re.search(rf"{mark}: (\d+)", page.text_content(f"#summary-{color}") or "")
            for mark in ("Fehler", "Patzer")
        }
        for color in ("black", "white")
    }
    n = {
        c: {m: int(f.group(1)) if f else 0 for m, f in marks.items()} for c, marks in counts.items()
    }
    assert n["white"]["Patzer"] >= 1
    replay = page.url.split("#")[0].removeprefix(server.url)
    page.goto(server.url + "/bilanz")
    line = page.locator("#recent .recent-accuracy").first
    said = {c: f"({m['Fehler']} Fehler, {m['Patzer']} Patzer)" for c, m in n.items()}
    expect(line).to_contain_text(f"Ebenholz {black.group(1)} % {said['black']}")
    expect(line).to_contain_text(said["white"])
    # the figures are in the entry's link to the replay, and in its accessible name
    link = page.get_by_role("link", name=re.compile(r"Genauigkeit: Ebenholz .* Patzer\)$"))
    expect(link).to_have_attribute("href", replay)
