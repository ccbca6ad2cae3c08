"""The replay tests' games and server: finished games put into a server's archive with
``reversi import`` (a GGF file), and the replay page read from the DOM."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from reversi.engine import BLACK, WHITE, Board, write_ggf

from .duel_helpers import DuelServer

#: games of Leicht against itself, 60 discs each; the fourth has a pass (Perlmutt's,
#: after the 57th disc)
GAMES = (
    "c4c5c6b5e6f5f6d3c3d7f7c2a5g7c1d6h8b4b3a4b6a3d2d1e3f3a2a6g3a1b7h3e2f4b2e1f2g2f1g5h6g1d8"
    "g6c7b1h2c8b8g4h4a7e7e8h1a8f8g8h7h5",
    "d3c3e6d2d1f6b3d6g7e3c6a3f4h8c4b6c2f3c7c5b4c1b1g4h4f5g3h3f7g6h7a4a6d7f2g5h5h6e7b7g8f8c8"
    "a7d8g2h1e8h2f1e2e1a8b8g1b5a5b2a2a1",
    "f5d6c7g5d3c2h5d7b1f4d8b8f3d2d1c5b5g3e3c3f2a5b6e1f1h6h2a7b4g4e2h3h4h1c4a4a6b3a3a2g6f6g7"
    "e7f7e6c6e8f8c1b2g2g1h7b7a8g8a1c8h8",
    "f5d6c6f4d3d2e6g5d1c4h5b7e3f6d7f3c5c3f2f1b3a3e2b5a5d8c2c1g4h4a8e7e8g3b4b6b2a2h3b8a4a6f7"
    "g2h2f8g6e1c7c8g8h6a7h1a1b1g1g7h8h7",
    "e6f6f5f4g6d6f3h6c7f2d3b8h7d2c6b6d1c4d7f7f1g4b7e2f8d8b5b4a4c2b1b3a2g2a6b2h2g8c8a8h5e7e8"
    "g7h8g3e3h1h3h4g5e1g1c3a7c1c5a1a3a5",
)


def ggf_file(path: Path, transcripts: tuple[str, ...] = GAMES) -> Path:
    """A GGF file of these games, one record after another."""
    records = []
    for number, moves in enumerate(transcripts):
        board = Board(moves=moves)
        margin = board.count(BLACK) - board.count(WHITE)
        records.append(
            write_ggf(
                board,
                {
                    "PC": "Test",
                    "PB": "Anna",
                    "PW": "Ben",
                    "DT": f"2026.11.30_12:{number:02d}:00.GMT",
                    "RE": f"{margin:+.3f}",
                },
            )
        )
    path.write_text("\n".join(records) + "\n")
    return path


def import_games(env: dict[str, str], path: Path) -> list[str]:
    """``reversi import`` of ``path`` into the archive of the hall of ``env``; the ids."""
    from reversi.archive.files import games_in

    subprocess.run(
        [sys.executable, "-m", "reversi", "import", str(path)],
        env=env,
        check=True,
        capture_output=True,
    )
    return [entry.id for _, entry in games_in(path)]  # type: ignore[union-attr]


def archive_server(data_dir: Path) -> tuple[DuelServer, list[str]]:
    """A whole hall on ``data_dir`` with the games of :data:`GAMES` in its archive."""
    data_dir.mkdir(parents=True, exist_ok=True)
    server = DuelServer(data_dir)
    ids = import_games(server.env or {}, ggf_file(data_dir / "games.ggf"))
    return server.start(), ids


def wait_replay(page: Any, timeout: float = 60_000) -> None:
    """The replay page has every position from the worker."""
    page.wait_for_selector("#replay[data-state=ready]", state="attached", timeout=timeout)
