"""The replay page /partie/{id} in headless Chromium: every step shows the engine's
position, stepping by buttons, keys and the move list, the GGF download, copying,
"Ab hier gegen den Computer", a duel's replay for anyone, and ids that are no game."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from reversi.engine import BLACK, SQUARE_NAMES, Board, flip_order, german_figure, read_ggf
from reversi.web.positions import position_view

from .conftest import ARTIFACTS
from .duel_helpers import DuelServer, at_a_table, play_one, wait_recorded, wait_table
from .helpers import view, wait_idle
from .replay_helpers import GAMES, wait_replay

PASS_GAME = 3  # GAMES[3]: Perlmutt passes once


def figure(page: Any) -> str:
    return str(page.text_content("#figure-text"))


def open_replay(page: Any, url: str) -> None:
    page.goto(url)
    wait_replay(page)


def open_game(page: Any, archive: tuple[DuelServer, list[str]], n: int) -> str:
    """The replay of the archive's game ``n``; its moves."""
    server, ids = archive
    open_replay(page, f"{server.url}/partie/{ids[n]}")
    return GAMES[n]


def test_every_step_shows_the_engines_position(
    archive: tuple[DuelServer, list[str]], page: Any
) -> None:
    moves = open_game(page, archive, PASS_GAME)
    assert page.get_attribute("#replay", "data-total") == "60"
    # the transcript: numbered pairs, the pass shown where it fell
    assert page.text_content("#transcript li:first-child").split() == ["1.", "f5", "d6"]
    expect(page.locator(".tr-pass")).to_have_text("Perlmutt passt")
    forward = page.get_by_role("button", name="Vor ▶")
    for step in range(61):
        expect(page.locator("#replay")).to_have_attribute("data-step", str(step))
        board = Board(moves=moves[: 2 * step])
        assert figure(page) == german_figure(board), f"step {step}"
        if step:
            square = moves[2 * step - 2 : 2 * step]
            current = page.locator(".tr-move[aria-current=step]")
            expect(current).to_have_text(re.compile(f"^{square}"))
            assert page.get_attribute(".sq[data-last]", "data-square") == square
        if step < 60:
            forward.click()
    expect(forward).to_be_disabled()
    # and back again, one step at a time, to the start
    back = page.get_by_role("button", name="◀ Zurück")
    for step in range(59, 55, -1):
        back.click()
        expect(page.locator("#replay")).to_have_attribute("data-step", str(step))
        assert figure(page) == german_figure(Board(moves=moves[: 2 * step]))
    page.get_by_role("button", name="⏮ Anfang").click()
    expect(page.locator("#replay")).to_have_attribute("data-step", "0")
    assert figure(page) == german_figure(Board())


#: records every change of a square's disc, in order: square, before, after (a repaint
#: that changes nothing is left out)
WATCH_DISCS = """() => {
  window.__discs = [];
  window.__watch?.disconnect();
  const observer = window.__watch = new MutationObserver((records) => {
    for (const r of records) {
      const now = r.target.dataset.disc;
      if (r.oldValue !== now) window.__discs.push([r.target.dataset.square, r.oldValue, now]);
    }
  });
  for (const sq of document.querySelectorAll('.board .sq')) {
    observer.observe(sq, {attributes: true, attributeFilter: ['data-disc'],
                          attributeOldValue: true});
  }
}"""


def test_with_motion_a_step_animates_forwards_and_backwards(
    archive: tuple[DuelServer, list[str]], moving_page: Any
) -> None:
    """Forwards the disc appears, then its flips turn in flip order; backwards the flips
    turn back, last first, and the disc goes last."""
    page = moving_page
    moves = open_game(page, archive, 0)
    page.get_by_role("button", name=re.compile("^Zug 20, ")).click()
    expect(page.locator("#replay")).to_have_attribute("data-step", "20")
    board = Board(moves=moves[:40])
    mover = "black" if board.turn == BLACK else "white"
    other = "white" if mover == "black" else "black"
    square = moves[40:42]
    order = [SQUARE_NAMES[sq] for sq in flip_order(board.push(square))]
    placed = page.locator(f".sq[data-square={square}]")
    last = page.locator(f".sq[data-square={order[-1]}]")
    page.evaluate(WATCH_DISCS)
    page.keyboard.press("ArrowRight")
    expect(last).to_have_attribute("data-disc", mover)
    assert page.evaluate("window.__discs") == [[square, "", mover]] + [
        [sq, other, mover] for sq in order
    ]
    page.evaluate(WATCH_DISCS)
    page.keyboard.press("ArrowLeft")
    expect(placed).to_have_attribute("data-disc", "")
    assert page.evaluate("window.__discs") == [[sq, mover, other] for sq in reversed(order)] + [
        [square, mover, ""]
    ]
    assert figure(page) == german_figure(Board(moves=moves[:40]))


def test_keys_and_the_move_list_step_through_the_game(
    archive: tuple[DuelServer, list[str]], page: Any
) -> None:
    moves = open_game(page, archive, 0)
    replay = page.locator("#replay")
    page.keyboard.press("End")
    expect(replay).to_have_attribute("data-step", "60")
    page.keyboard.press("ArrowLeft")
    expect(replay).to_have_attribute("data-step", "59")
    page.keyboard.press("Home")
    expect(replay).to_have_attribute("data-step", "0")
    page.keyboard.press("ArrowRight")
    expect(replay).to_have_attribute("data-step", "1")
    # a move of the list, by its accessible name
    page.get_by_role("button", name=f"Zug 12, Perlmutt {moves[22:24]}").click()
    expect(replay).to_have_attribute("data-step", "12")
    assert figure(page) == german_figure(Board(moves=moves[:24]))
    expect(page.locator("#status")).to_contain_text(f"Zug 12 von 60: Perlmutt setzt {moves[22:24]}")


def test_the_ggf_download_holds_the_same_moves(
    archive: tuple[DuelServer, list[str]], page: Any, tmp_path: Path
) -> None:
    open_game(page, archive, PASS_GAME)
    with page.expect_download() as info:
        page.get_by_role("link", name="Als GGF herunterladen").click()
    saved = tmp_path / "game.ggf"
    info.value.save_as(saved)
    board, tags = read_ggf(saved.read_text())
    expected = Board(moves=GAMES[PASS_GAME])
    assert board.transcript() == expected.transcript()
    assert [m.square for m in board.move_stack] == [m.square for m in expected.move_stack]
    assert tags["PB"] == "Anna" and tags["PW"] == "Ben"


def test_copy_position_and_game(
    archive: tuple[DuelServer, list[str]], context: Any, page: Any
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_game(page, archive, 1)
    page.get_by_role("button", name=re.compile("^Zug 7, ")).click()
    page.get_by_role("button", name="Stellung kopieren (OBF)").click()
    obf = Board(moves=GAMES[1][:14]).obf()
    expect(page.get_by_role("status").filter(has_text="Stellung kopiert")).to_contain_text(obf)
    assert page.evaluate("() => navigator.clipboard.readText()") == obf
    page.get_by_role("button", name="Partie kopieren").click()
    expect(page.locator("#notice")).to_contain_text("Partie kopiert")
    assert page.evaluate("() => navigator.clipboard.readText()") == GAMES[1]


def test_play_from_here_starts_a_solo_game_from_the_shown_position(
    archive: tuple[DuelServer, list[str]], page: Any
) -> None:
    moves = open_game(page, archive, PASS_GAME)
    for step in (57, 20):  # before Perlmutt's pass (Ebenholz moves twice), then a plain one
        page.get_by_role("button", name=re.compile(f"^Zug {step}, ")).click()
        expect(page.locator("#replay")).to_have_attribute("data-step", str(step))
    board = Board(moves=moves[:40])
    page.get_by_role("link", name="Ab hier gegen den Computer").click()
    page.wait_for_url(re.compile(r".*/allein\?stellung="))
    wait_idle(page, 60_000)
    shown = view(page)
    assert shown["squares"] == position_view(board)["squares"]
    assert shown["turn"] == "black" and shown["players"]["black"] == "human"
    # at the end of the game there is nothing to play
    page.go_back()
    wait_replay(page)
    page.keyboard.press("End")
    expect(page.locator("#play-from-here")).to_be_disabled()


def test_a_duels_replay_opens_for_anyone(
    archive: tuple[DuelServer, list[str]], players: Any, page: Any
) -> None:
    server, _ = archive
    pages = at_a_table(players, server.url)
    a = pages[0]
    code = a.url.rsplit("/", 1)[1]
    played = [play_one(pages), play_one(pages), play_one(pages)]
    a.click("#resign")
    a.click("#confirm-yes")
    for seated in pages:
        wait_table(seated, "t.status === 'finished'")
        wait_recorded(seated)
    # a third person, no cookie, no seat: the table code is the replay's link
    open_replay(page, f"{server.url}/partie/{code.lower()}")
    assert page.get_attribute("#replay", "data-total") == "3"
    expect(page.locator("#fact-result")).to_contain_text(
        re.compile(r"gewinnt \d+:\d+\. (Ebenholz|Perlmutt) hat aufgegeben\.")
    )
    expect(page.locator(".tr-move")).to_have_count(3)
    # a duel's moves carry their seconds
    expect(page.locator(".tr-move .tr-time")).to_have_count(3)
    page.keyboard.press("End")
    board = Board(moves="".join(played))
    assert figure(page) == german_figure(board)
    assert "secret" not in page.content()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "replay-duel.png"), full_page=True)


def test_an_id_that_is_no_game_gets_a_german_404(
    archive: tuple[DuelServer, list[str]], context: Any
) -> None:
    server, _ = archive
    # no console check here: the browser itself logs the 404 answers
    page = context.new_page()
    for wrong in ("nicht$gut", "x" * 65, "abc"):
        response = page.goto(f"{server.url}/partie/{wrong}")
        assert response.status == 404, wrong
        expect(page.get_by_role("heading", level=1)).to_have_text("Partie nicht gefunden")
    # well formed, but unknown: the server's answer says so
    response = page.goto(f"{server.url}/partie/ZZZZZZZZ")
    assert response.status == 200
    expect(page.get_by_role("heading", level=1)).to_have_text("Partie nicht gefunden")
