"""Servers in child processes for the tests: a free port, a start that waits until the
server answers, SIGKILL, and a polite stop."""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ServerProcess:
    """``argv`` serving HTTP on ``port``; its output goes to ``log`` (appended, so a
    server started again keeps the story of its first life)."""

    def __init__(
        self,
        argv: Sequence[str],
        port: int,
        log: Path,
        *,
        env: Mapping[str, str] | None = None,
        health: str = "/healthz",
    ) -> None:
        self.argv = list(argv)
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.log = log
        self.env = dict(env) if env is not None else None
        self.health = health
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 30) -> None:
        self.log.parent.mkdir(exist_ok=True)
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                self.argv, cwd=REPO, env=self.env, stdout=log, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(self.url + self.health, timeout=1) as response:
                    if response.status == 200:
                        return
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(
                        f"the server for {self.url} exited: {self.log.read_text()}"
                    ) from None
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL: no shutdown, sockets dropped."""
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None
