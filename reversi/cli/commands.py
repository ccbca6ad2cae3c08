"""The ``reversi`` command's parser and its engine, computer player and serve commands."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence

from reversi import __version__
from reversi.ai import Level
from reversi.cli import engine_commands
from reversi.cli.archive_commands import add_archive_commands
from reversi.engine import Board, IllegalMoveError, ReversiError, german_figure, perft
from reversi.texts import text

#: the computer's levels by name
LEVELS = [level.value for level in Level]


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        parser.print_help()
        return 2
    try:
        return int(args.run(args) or 0)
    except ReversiError as error:
        print(f"reversi: {error}", file=sys.stderr)
        return 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="reversi", description="Reversi: engine and hall")
    parser.add_argument("--version", action="version", version=f"reversi {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")

    cmd = commands.add_parser("perft", help="count the move sequences of depth N")
    cmd.add_argument("depth", type=_depth, metavar="N")
    cmd.add_argument("--moves", default="", help="start after this transcript")
    cmd.add_argument(
        "--no-bulk",
        dest="bulk",
        action="store_false",
        help="play the last ply instead of counting its moves",
    )
    cmd.set_defaults(run=_perft)

    cmd = commands.add_parser("figure", help="print the German text figure after a transcript")
    cmd.add_argument("transcript", nargs="?", default="", help="e.g. f5d6c3")
    cmd.set_defaults(run=_figure)

    cmd = commands.add_parser("serve", help="serve the hall in the browser (127.0.0.1:8000)")
    cmd.add_argument("--host", help="address to listen on (REVERSI_HOST, 127.0.0.1)")
    cmd.add_argument("--port", type=int, help="port to listen on (REVERSI_PORT, 8000)")
    cmd.set_defaults(run=_serve)
    _add_ai_commands(commands)
    engine_commands.add_commands(commands)
    add_archive_commands(commands)
    return parser


def _depth(text: str) -> int:
    depth = int(text)
    if not 0 <= depth <= 60:
        raise argparse.ArgumentTypeError(f"depth must be 0–60, not {depth}")
    return depth


def _perft(args: argparse.Namespace) -> None:
    board = Board(moves=args.moves)
    start = time.perf_counter()
    leaves = perft(board, args.depth, bulk=args.bulk)
    seconds = time.perf_counter() - start
    rate = leaves / seconds if seconds > 0 else float("inf")
    print(f"perft({args.depth}) = {leaves}")
    print(f"{seconds:.3f} s, {rate:,.0f} leaves/s")


def _figure(args: argparse.Namespace) -> None:
    print(german_figure(Board(moves=args.transcript)))


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from reversi.server.app import create_app
    from reversi.server.http.assets import AssetsMissing
    from reversi.server.serving import settings_config

    try:
        app = create_app()
    except AssetsMissing as error:
        print(f"reversi: {error}", file=sys.stderr)
        return 1
    settings = app.state.duels.settings
    host = settings.host if args.host is None else args.host
    port = settings.port if args.port is None else args.port
    print(f"Reversi-Halle: http://{host}:{port}/", flush=True)
    # bounded headers, connections and frames (reversi.server.serving)
    server = uvicorn.Server(settings_config(app, settings, host, port))
    try:
        server.run()
    except KeyboardInterrupt:  # uvicorn raises Ctrl+C again once it stopped cleanly
        return 130
    return 0


# --- the computer player --------------------------------------------------------


def _add_ai_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    cmd = commands.add_parser("move", help="print the computer's move in an OBF position")
    cmd.add_argument("obf", help='64 squares a1..h8 of X/O/-, a space and the side, e.g. "...X"')
    cmd.add_argument("--level", choices=LEVELS, default="schwer")
    cmd.add_argument("--seed", type=int, default=None, help="Leicht's tie-break seed")
    cmd.add_argument("--budget", type=float, default=None, help="seconds to think (Schwer)")
    cmd.add_argument("-v", "--verbose", action="store_true", help="print the search's figures")
    cmd.set_defaults(run=_move)

    cmd = commands.add_parser("solve", help="solve an OBF position exactly")
    cmd.add_argument("obf", help="an OBF position; FFO-style text after the side is ignored")
    cmd.add_argument(
        "--counting",
        choices=["nobody", "winner"],
        default="winner",
        help="who gets the empties of a game that ends early (default: winner)",
    )
    cmd.set_defaults(run=_solve)

    cmd = commands.add_parser("play", help="play a game against the computer in the terminal")
    cmd.add_argument("--level", choices=LEVELS, default="mittel")
    cmd.add_argument(
        "--begin", choices=["me", "computer"], default="me", help="who begins and plays black"
    )
    cmd.add_argument("--seed", type=int, default=None)
    cmd.set_defaults(run=_play)

    cmd = commands.add_parser("match", help="play level against level from varied openings")
    cmd.add_argument("first", choices=LEVELS)
    cmd.add_argument("second", choices=LEVELS)
    cmd.add_argument("-n", "--games", type=int, default=10)
    cmd.add_argument("--budget", type=float, default=None, help="seconds per move for Schwer")
    cmd.add_argument("--seed", type=int, default=1)
    cmd.set_defaults(run=_match)


def _obf_board(text: str) -> Board:
    from reversi.engine import parse_obf

    black, white, turn, _ = parse_obf(text.strip())
    return Board.from_position(black, white, turn)


def _move(args: argparse.Namespace) -> int:
    from reversi.ai import think

    board = _obf_board(args.obf)
    if board.is_game_over():
        print("the game is over: no move", file=sys.stderr)
        return 1
    decision = think(board, args.level, seed=args.seed, budget=args.budget)
    print(decision.move)
    if args.verbose:
        kind = "book" if decision.book else "exact" if decision.exact else "estimate"
        print(
            f"level {decision.level.value}, depth {decision.depth}, {decision.nodes} nodes, "
            f"score {decision.score} ({kind}), {decision.seconds:.3f} s"
        )
    return 0


def _solve(args: argparse.Namespace) -> None:
    from reversi.ai import solve
    from reversi.engine import Counting

    counting = Counting(args.counting)
    solution = solve(_obf_board(args.obf), counting)
    rule = "empties to the winner" if counting is Counting.WINNER else "empties to nobody"
    best = " ".join(str(m) for m in solution.best_moves) or "none (the game is over)"
    print(f"score: {solution.score:+d} ({rule}, for the side to move)")
    print(f"best moves: {best}")
    rate = solution.nodes / solution.seconds if solution.seconds > 0 else 0.0
    print(f"nodes: {solution.nodes:,}, time: {solution.seconds:.3f} s ({rate:,.0f} nodes/s)")


def _board_text(board: Board) -> str:
    """The board (the engine's diagram: X Ebenholz, O Perlmutt, * a legal move) and the
    disc counts."""
    return f"{board}\n{text('score.label', black=board.count(True), white=board.count(False))}"


def _refusal(error: ReversiError, typed: str) -> str:
    """Why a typed move is not possible, in the words of the board in the browser."""
    if isinstance(error, IllegalMoveError):
        return text(f"reason.{error.reason.name.lower()}", square=typed)
    return text("reason.bad_square", square=typed)


def _play(args: argparse.Namespace, ask: Callable[[str], str] = input) -> int:
    from reversi.ai import think
    from reversi.engine import BLACK, PASS

    human = BLACK if args.begin == "me" else not BLACK
    colors = {BLACK: text("color.black"), not BLACK: text("color.white")}
    board = Board()
    print(text("setup.current", level=text(f"level.{args.level}"), color=colors[human]))
    print(text("cli.help"))
    while not board.is_game_over():
        if board.turn != human:
            decision = think(board, args.level, seed=args.seed)
            board.push(decision.move)
            print(text("cli.computer_move", square=decision.move))
        else:
            print(_board_text(board))
            try:
                typed = ask(text("cli.prompt", color=colors[human])).strip().lower()
            except EOFError:
                return 1
            if typed in ("q", "quit"):
                return 0
            if typed in ("u", "undo"):
                earlier = _undo(board, human)
                print(text("cli.undo.none" if earlier is None else "cli.undo.done"))
                board = earlier or board
                continue
            try:
                board.push(typed)
            except ReversiError as error:
                print(_refusal(error, typed))
                continue
        if board.last_move == PASS and not board.is_game_over():
            print(text("notice.pass", color=colors[not board.turn], other=colors[board.turn]))
    print(_board_text(board))
    outcome = board.outcome()
    assert outcome is not None
    score = {"black": outcome.black, "white": outcome.white}
    if outcome.winner is None:
        print(text("result.draw", **score))
    else:
        print(text("result.you.win" if outcome.winner == human else "result.you.loss", **score))
    return 0


def _undo(board: Board, human: bool) -> Board | None:
    """The board before the human's last move (and the computer's replies), or None."""
    earlier = board.copy()
    while earlier.can_undo():
        earlier.pop()
        if earlier.turn == human:
            return earlier
    return None


def _match(args: argparse.Namespace) -> None:
    from reversi.ai.match import level_player, play_match

    first = level_player(args.first, args.budget)
    second = level_player(args.second, args.budget)
    games = play_match(first, second, args.games, seed=args.seed)
    score = None
    for number, board, first_black, running in games:
        outcome = board.outcome()
        assert outcome is not None
        colour = "black" if first_black else "white"
        print(f"game {number + 1}: {args.first} ({colour}) {outcome.black}:{outcome.white}")
        score = running
    print(f"{args.first} vs {args.second}: {score}")
