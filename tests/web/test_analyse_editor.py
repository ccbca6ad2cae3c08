"""The analysis board's position editor: pasted OBF, transcripts and GGF games read by
the engine and round-tripped, discs placed and removed, the side to move, impossible
positions said in German (and analysed where the engine can), the 8 symmetries of the
whole tree, and the board saved as SVG and PNG."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from reversi.engine import Board, write_ggf
from reversi.web.editor import on_setup

from .analyse_helpers import at, engine_squares, open_board, query, squares
from .conftest import Server
from .replay_helpers import GAMES

#: Ebenholz on a1 and the centre, Perlmutt on b1: Perlmutt has no move, Ebenholz c1
STUCK = "XO" + "-" * 25 + "XX------XX" + "-" * 27


def test_the_worker_reads_obf_transcripts_and_ggf_and_writes_them_back() -> None:
    midgame = Board(moves=GAMES[0][:40])
    answer = on_setup({"type": "setup", "id": 1, "text": midgame.obf()})
    assert (answer["obf"], answer["moves"], answer["kind"]) == (midgame.obf(), "", "obf")
    spaced = " ".join(GAMES[0][i : i + 2] for i in range(0, 40, 2)).upper()
    answer = on_setup({"type": "setup", "id": 2, "text": spaced})
    assert (answer["obf"], answer["moves"], answer["kind"]) == (None, GAMES[0][:40], "transcript")
    # a game from a set-up position: its root and its moves
    game = Board(midgame.obf())
    for i in range(40, 60, 2):
        game.push(GAMES[0][i : i + 2])
    answer = on_setup({"type": "setup", "id": 3, "text": write_ggf(game, {"PB": "A"})})
    assert (answer["obf"], answer["moves"], answer["kind"]) == (
        midgame.obf(),
        GAMES[0][40:60],
        "ggf",
    )
    assert on_setup({"type": "setup", "id": 4, "text": "hallo"})["problems"] == ["unreadable"]


def test_impossible_positions_are_named() -> None:
    empty_centre = "X" + "-" * 63 + " X"
    assert on_setup({"type": "setup", "obf": empty_centre})["problems"] == ["centre"]
    # Perlmutt to move without a move while Ebenholz has one: Ebenholz moves
    stuck = STUCK + " O"
    answer = on_setup({"type": "setup", "obf": stuck})
    assert answer["problems"] == ["side"]
    assert answer["turn"] == "black" and answer["obf"].endswith("X")
    full = "X" * 40 + "O" * 24 + " X"
    assert on_setup({"type": "setup", "obf": full})["problems"] == ["over"]


def paste(page: Any, text: str) -> None:
    if not page.eval_on_selector("#setup-tools", "d => d.open"):
        page.locator("#setup-tools summary").click()
    page.get_by_label("Stellung (OBF), Zugfolge oder GGF-Partie einfügen").fill(text)
    page.get_by_role("button", name="Öffnen").click()


def test_pasting_opens_a_position_a_transcript_or_a_game(server: Server, page: Any) -> None:
    open_board(page, server.url + "/analyse?partie=f5")
    midgame = Board(moves=GAMES[0][:40])
    paste(page, midgame.obf())
    expect(page).to_have_url(f"{server.url}/analyse?stellung={midgame.obf().replace(' ', '+')}")
    page.wait_for_selector("#analyse[data-state=ready]", state="attached")
    assert squares(page) == engine_squares(midgame)
    paste(page, "f5 d6 c3 d3")
    expect(page.locator("#analyse")).to_have_attribute("data-path", "f5d6c3d3")
    assert query(page) == {"partie": "f5d6c3d3"}
    game = Board(moves=GAMES[1])
    paste(page, write_ggf(game, {}))
    expect(page.locator("#analyse")).to_have_attribute("data-path", GAMES[1])
    assert squares(page) == engine_squares(game)
    paste(page, "kein Spiel")
    expect(page.locator("#paste-message")).to_contain_text("weder eine Stellung (OBF)")
    assert at(page) == GAMES[1]


def test_the_editor_places_discs_and_says_what_is_impossible(server: Server, page: Any) -> None:
    open_board(page, server.url + "/analyse")
    page.get_by_role("button", name="Stellung bearbeiten").click()
    page.get_by_role("button", name="Leeres Brett").click()
    expect(page.locator(".board .sq[data-disc=black], .board .sq[data-disc=white]")).to_have_count(
        0
    )
    page.get_by_role("button", name="Übernehmen").click()
    expect(page.locator("#edit-message")).to_contain_text("die vier Mittelfelder")
    # STUCK: Ebenholz on a1 and the centre, Perlmutt on b1 (and h8, taken away again)
    for square in ("a1", "d4", "e4", "d5", "e5"):
        page.click(f".board [data-square={square}]")
    page.locator("fieldset", has_text="Werkzeug").get_by_role("radio", name="Perlmutt").check()
    for square in ("b1", "h8"):
        page.click(f".board [data-square={square}]")
    page.click(".board [data-square=h8]")  # a second tap empties it again
    page.locator("fieldset", has_text="Am Zug").get_by_role("radio", name="Perlmutt").check()
    page.get_by_role("button", name="Übernehmen").click()
    expect(page.locator("#notice")).to_contain_text("Ebenholz ist am Zug")
    expected = Board(STUCK + " X")
    assert squares(page) == engine_squares(expected)
    assert query(page) == {"stellung": expected.obf()}
    expect(page.locator("#status")).to_have_text("Ebenholz ist am Zug.")


def test_the_symmetries_turn_the_whole_tree(server: Server, page: Any) -> None:
    open_board(page, server.url + "/analyse?partie=f5d6(f4)c3&bei=f5f4")
    page.locator("#setup-tools summary").click()
    page.get_by_role("button", name="Um 180° drehen").click()
    expect(page).to_have_url(f"{server.url}/analyse?partie=c4e3%28c5%29f6&bei=c4c5")
    expect(page.locator("#analyse")).to_have_attribute("data-path", "c4c5")
    assert squares(page) == engine_squares(Board(moves="c4c5"))
    for _ in range(4):
        page.get_by_role("button", name="Um 90° nach rechts drehen").click()
        page.wait_for_selector("#analyse[data-state=ready]", state="attached")
    expect(page).to_have_url(f"{server.url}/analyse?partie=c4e3%28c5%29f6&bei=c4c5")
    page.get_by_role("button", name="An der Diagonale a1–h8 spiegeln").click()
    expect(page).to_have_url(f"{server.url}/analyse?partie=d3c5%28e3%29f6&bei=d3e3")
    expect(page.locator("#analyse")).to_have_attribute("data-path", "d3e3")
    assert squares(page) == engine_squares(Board(moves="d3e3"))


def test_the_board_is_saved_as_svg_and_png(server: Server, page: Any, tmp_path: Path) -> None:
    open_board(page, server.url + "/analyse?partie=f5d6")
    with page.expect_download() as svg:
        page.get_by_role("button", name="Bild speichern (SVG)").click()
    text = Path(svg.value.path()).read_text()
    assert text.startswith("<svg") and text.count("<circle") == 6
    with page.expect_download() as png:
        page.get_by_role("button", name="Bild speichern (PNG)").click()
    assert png.value.suggested_filename == "reversi-stellung.png"
    assert Path(png.value.path()).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
