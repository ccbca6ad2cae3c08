"""Test settings shared by every suite."""

from hypothesis import settings

# Tests check results, never wall-clock time: Hypothesis' per-example deadline is off.
settings.register_profile("reversi", deadline=None)
settings.load_profile("reversi")
