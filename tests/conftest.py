"""Test settings shared by every suite."""

from hypothesis import settings

#: the fixtures of the app under test (tests/server, hall, storage, archive)
pytest_plugins = ["tests.app_fixtures"]

# Tests check results, never wall-clock time: Hypothesis' per-example deadline is off.
settings.register_profile("reversi", deadline=None)
settings.load_profile("reversi")
