"""The clock a search reads by itself (nothing can interrupt it in the browser), and its timeout."""

from __future__ import annotations

from collections.abc import Callable

Clock = Callable[[], float]


class SearchTimeout(Exception):
    """Raised inside a search when its deadline has passed; the caller catches it."""
