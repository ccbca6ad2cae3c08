"""The settings: one declaration each (reversi.server.settings), read from the
environment once, and the documentation the declaration makes."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from reversi.server.settings import Settings, environment_table

ROOT = Path(__file__).resolve().parents[2]
#: variables of the project that are no setting of the server: the build's cache, the
#: AI's pure-Python search, the tests' services
OTHER_VARIABLES = {"REVERSI_BUILD_CACHE", "REVERSI_PYTHON_SEARCH", "REVERSI_TEST_SERVICES"}
VARIABLE = re.compile(r"REVERSI_[A-Z_]+[A-Z]")


def test_every_setting_is_declared_with_a_type_default_and_doc() -> None:
    for f in dataclasses.fields(Settings):
        assert f.metadata.get("doc"), f.name
        assert f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING


def test_the_environment_sets_each_variable_s_field_by_its_type(tmp_path: Path) -> None:
    env = {
        "REVERSI_DATA_DIR": str(tmp_path),
        "REVERSI_PORT": "8814",
        "REVERSI_HEADER_TIMEOUT": "2.5",
        "REVERSI_GUESS_LIMIT": "5/day",
        "REVERSI_COOKIE_SECURE": "1",
        "REVERSI_ORIGINS": " https://a.example ,,https://b.example",
        "REVERSI_DATABASE_URL": "",  # empty: unset
        "REVERSI_GRACE": "9",  # no variable of the server's
    }
    settings = Settings.from_env(env, sockets_per_player=2)
    assert settings.data_dir == tmp_path
    assert (settings.port, settings.header_timeout, settings.guess_limit) == (8814, 2.5, "5/day")
    assert settings.cookie_secure is True
    assert settings.origins == ("https://a.example", "https://b.example")
    assert settings.database_url is None and settings.grace == Settings().grace
    assert settings.sockets_per_player == 2  # an override wins
    unset = Settings.from_env({})
    assert unset == Settings(process_id=unset.process_id)


@pytest.mark.parametrize(
    ("variable", "value"),
    [("REVERSI_PORT", "80.5"), ("REVERSI_MAX_CONNECTIONS", "many"), ("REVERSI_PAIR_GRACE", "x")],
)
def test_a_value_that_does_not_fit_names_its_variable(variable: str, value: str) -> None:
    with pytest.raises(ValueError, match=variable):
        Settings.from_env({variable: value})


def test_the_database_url_is_worked_out_once_by_the_settings(tmp_path: Path) -> None:
    assert Settings(data_dir=tmp_path).db_url() == f"sqlite+aiosqlite:///{tmp_path}/reversi.sqlite3"
    assert Settings(database_url="postgresql://u@h/db").db_url() == "postgresql+asyncpg://u@h/db"
    assert not hasattr(__import__("reversi.storage").storage, "database_url")


def test_operations_md_holds_the_generated_table_of_variables() -> None:
    text = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    start = text.index("(tests/server/test_settings.py) -->\n") + len(
        "(tests/server/test_settings.py) -->\n"
    )
    end = text.index("<!-- end of the generated table -->")
    assert text[start:end] == environment_table()


def test_the_docs_name_only_variables_the_server_reads() -> None:
    declared = set(VARIABLE.findall(environment_table()))
    for doc in ("README.md", "docs/operations.md", "docs/protocol.md", "docs/api.md"):
        named = set(VARIABLE.findall((ROOT / doc).read_text(encoding="utf-8")))
        assert named - declared - OTHER_VARIABLES == set(), doc
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for basic in ("REVERSI_HOST", "REVERSI_PORT", "REVERSI_DATA_DIR", "REVERSI_DATABASE_URL"):
        assert basic in readme
