"""Loading the core: an extension built from older sources is not used."""

from __future__ import annotations

import logging
import sys
import types

import pytest

import reversi
from reversi.ai import native

pytest.importorskip("reversi._native")


def test_the_built_extension_has_everything_the_core_needs() -> None:
    import reversi._native as module  # type: ignore[import-not-found]

    assert native.missing(module) == []


def test_an_extension_older_than_its_sources_is_not_used(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import reversi._native as module

    stale = types.ModuleType("reversi._native")
    for name in native.NEEDED:
        if name not in {"lose_values", "FEATURE_QUIET"}:
            setattr(stale, name, getattr(module, name))
    monkeypatch.setitem(sys.modules, "reversi._native", stale)
    monkeypatch.setattr(reversi, "_native", stale)
    monkeypatch.delenv(native.FORCE_PYTHON, raising=False)
    native.reset()
    try:
        with caplog.at_level(logging.WARNING, logger="reversi.ai"):
            assert native.core() is None
        assert "lacks lose_values, FEATURE_QUIET" in caplog.text
        assert "dev/setup" in caplog.text
    finally:
        native.reset()
