"""Every settings variable is read from the environment, whichever module declares its field.

`Settings` is one pydantic-settings class whose larger field groups are mixins of their own
modules (shabgraph/settings_neo4j.py, settings_ingest.py, settings_app.py). A field that pydantic
took from a mixin but did not read from the environment, or a variable renamed on the way, would
silently leave a deployment on its default: so each variable is set to a value other than the
default, and each field must then hold it.
"""

from __future__ import annotations

import types
import typing
from datetime import date
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import AliasChoices, SecretStr
from pydantic.fields import FieldInfo

from shabgraph.settings import Settings

pytestmark = pytest.mark.unit

ENV_NAMES = frozenset(
    {
        "CHAINLIT_AUTH_SECRET",
        "CHAINLIT_URL",
        "JAVA_HOME",
        "NEO4J_DATABASE",
        "NEO4J_PASSWORD",
        "NEO4J_URI",
        "NEO4J_USER",
        "OPENAI_API_KEY",
        "SHABGRAPH_CHECKPOINT_URL",
        "SHABGRAPH_DATABASE_POOL_SIZE",
        "SHABGRAPH_DATABASE_URL",
        "SHABGRAPH_DATA_DIR",
        "SHABGRAPH_DEMO_NOTICES",
        "SHABGRAPH_EMBED_API_KEY",
        "SHABGRAPH_EMBED_BASE_URL",
        "SHABGRAPH_EMBED_DIMENSIONS",
        "SHABGRAPH_EMBED_MODEL",
        "SHABGRAPH_INGEST_MAX_ADDRESS_CHARS",
        "SHABGRAPH_INGEST_MAX_DEPTH",
        "SHABGRAPH_INGEST_MAX_FILE_BYTES",
        "SHABGRAPH_INGEST_MAX_FUTURE_DAYS",
        "SHABGRAPH_INGEST_MAX_LIST_ITEMS",
        "SHABGRAPH_INGEST_MAX_NAME_CHARS",
        "SHABGRAPH_INGEST_MAX_PURPOSE_CHARS",
        "SHABGRAPH_INGEST_MAX_RECORD_BYTES",
        "SHABGRAPH_INGEST_MAX_TEXT_CHARS",
        "SHABGRAPH_INGEST_MAX_VALUE_CHARS",
        "SHABGRAPH_INGEST_MAX_WORD_CHARS",
        "SHABGRAPH_INGEST_MIN_DATE",
        "SHABGRAPH_INGEST_WORKERS",
        "SHABGRAPH_INGEST_WRITERS",
        "SHABGRAPH_LLM_API_KEY",
        "SHABGRAPH_LLM_BASE_URL",
        "SHABGRAPH_LLM_CONCURRENCY",
        "SHABGRAPH_LLM_MODEL",
        "SHABGRAPH_LLM_PHRASING",
        "SHABGRAPH_LLM_STRUCTURED",
        "SHABGRAPH_LLM_TIMEOUT",
        "SHABGRAPH_MAX_ROUNDS",
        "SHABGRAPH_MCP_MAX_RESULT_BYTES",
        "SHABGRAPH_MCP_MAX_ROWS",
        "SHABGRAPH_MCP_PORT",
        "SHABGRAPH_MCP_QUERY_TIMEOUT",
        "SHABGRAPH_MCP_RATE_LIMIT",
        "SHABGRAPH_MCP_TOKEN",
        "SHABGRAPH_NEO4J_BOLT_PORT",
        "SHABGRAPH_NEO4J_CONNECT_TIMEOUT",
        "SHABGRAPH_NEO4J_HEAP",
        "SHABGRAPH_NEO4J_HOME",
        "SHABGRAPH_NEO4J_HTTP_PORT",
        "SHABGRAPH_NEO4J_INSTANCE",
        "SHABGRAPH_NEO4J_PAGECACHE",
        "SHABGRAPH_NEO4J_START_TIMEOUT",
        "SHABGRAPH_NEO4J_TX_MEMORY",
        "SHABGRAPH_NEO4J_TX_TIMEOUT",
        "SHABGRAPH_PLANNER",
        "SHABGRAPH_POSTGRES_BIN",
        "SHABGRAPH_POSTGRES_HOME",
        "SHABGRAPH_POSTGRES_INSTANCE",
        "SHABGRAPH_POSTGRES_OS_USER",
        "SHABGRAPH_POSTGRES_PORT",
        "SHABGRAPH_POSTGRES_START_TIMEOUT",
        "SHABGRAPH_TRACE_MEMORY",
        "SHABGRAPH_UI_AGENT_FACTORY",
        "SHABGRAPH_UI_ALLOWED_ORIGINS",
        "SHABGRAPH_UI_AUTH",
        "SHABGRAPH_UI_AUTH_HEADER",
        "SHABGRAPH_UI_DB_URL",
        "SHABGRAPH_UI_DEMO_USERS",
        "SHABGRAPH_UI_FILES_DIR",
        "SHABGRAPH_UI_HOST",
        "SHABGRAPH_UI_LOGIN_MAX_FAILURES",
        "SHABGRAPH_UI_LOGIN_WINDOW",
        "SHABGRAPH_UI_PORT",
        "SHABGRAPH_UI_USERS",
        "SHABGRAPH_UI_USERS_FILE",
        "SHABGRAPH_UI_WORKERS",
        "SHABGRAPH_UI_WORKER_HEALTH_INTERVAL",
        "SHABGRAPH_UI_WORKER_PORT",
        "SHABGRAPH_UI_WORKER_START_TIMEOUT",
    }
)
"""The variables the settings read before their field groups moved to modules of their own."""
RETIRED = {"SHABGRAPH_UI_DB_URL", "SHABGRAPH_CHECKPOINT_URL"}
"""Variables that are read only to be refused."""


def aliases(field: FieldInfo) -> list[str]:
    alias = field.validation_alias
    if isinstance(alias, AliasChoices):
        return [str(choice) for choice in alias.choices]
    assert isinstance(alias, str), field
    return [alias]


def bound(field: FieldInfo, name: str) -> float | None:
    """The `ge`/`le`/`gt` constraint `name` of a field, if it has one."""
    for meta in field.metadata:
        value = getattr(meta, name, None)
        if value is not None:
            return float(value)
    return None


def sample(name: str, field: FieldInfo) -> tuple[str, Any]:
    """(the variable's text, the value the field must then hold), never the default."""
    kinds = [a for a in typing.get_args(field.annotation) if a is not type(None)]
    kind = kinds[0] if isinstance(field.annotation, types.UnionType) else field.annotation
    default = field.default
    if typing.get_origin(kind) is Literal:
        choice = next(c for c in typing.get_args(kind) if c != default)
        return str(choice), choice
    if kind is bool:
        return str(not default).lower(), not default
    if kind in (int, float):
        value = (default or 3) + 1
        high = bound(field, "le")
        if high is not None and value > high:
            value = high - 1
        return str(value), kind(value)
    if kind is date:
        return "2001-02-03", date(2001, 2, 3)
    if kind is Path:
        return f"/srv/{name.lower()}", Path(f"/srv/{name.lower()}")
    if kind is SecretStr:
        return f"secret-{name.lower()}", f"secret-{name.lower()}"
    assert kind is str, (name, field.annotation)
    return f"value-{name.lower()}", f"value-{name.lower()}"


def held(settings: Settings, attr: str) -> Any:
    value = getattr(settings, attr)
    return value.get_secret_value() if isinstance(value, SecretStr) else value


@pytest.fixture
def bare_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No settings variable of the machine leaks in."""
    for field in Settings.model_fields.values():
        for name in aliases(field):
            monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_the_settings_read_every_variable_they_read_before() -> None:
    read = {name for field in Settings.model_fields.values() for name in aliases(field)}
    assert read >= ENV_NAMES, sorted(ENV_NAMES - read)
    assert {"neo4j_home", "ingest_max_depth", "ui_login_window", "mcp_port"} <= set(
        Settings.model_fields
    )  # one field of each group module


def test_every_field_holds_the_value_of_each_of_its_variables(
    bare_env: pytest.MonkeyPatch,
) -> None:
    fields = {k: f for k, f in Settings.model_fields.items() if not set(aliases(f)) & RETIRED}
    rounds = max(len(aliases(f)) for f in fields.values())
    assert rounds == 2  # the LLM key has a second name
    for turn in range(rounds):  # each alias in turn: the first round sets every first name
        expected: dict[str, Any] = {}
        for attr, field in fields.items():
            names = aliases(field)
            name = names[min(turn, len(names) - 1)]
            text, value = sample(name, field)
            bare_env.setenv(name, text)
            expected[attr] = value
        settings = Settings(_env_file=None)
        wrong = {a: held(settings, a) for a, v in expected.items() if held(settings, a) != v}
        assert wrong == {}
        for field in fields.values():
            for name in aliases(field):
                bare_env.delenv(name, raising=False)


def test_the_env_file_fills_fields_of_every_group(
    bare_env: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    env = tmp_path / ".env"
    env.write_text(
        "SHABGRAPH_NEO4J_BOLT_PORT=7999\nSHABGRAPH_INGEST_MAX_DEPTH=9\n"
        "SHABGRAPH_UI_LOGIN_WINDOW=7.5\nSHABGRAPH_MCP_PORT=8999\nSHABGRAPH_LLM_MODEL=m2\n"
    )
    s = Settings(_env_file=env)
    assert (s.neo4j_bolt_port, s.ingest_max_depth, s.ui_login_window) == (7999, 9, 7.5)
    assert (s.mcp_port, s.llm_model, s.bolt_uri) == (8999, "m2", "bolt://127.0.0.1:7999")


def test_constraints_and_the_retired_names_still_hold(bare_env: pytest.MonkeyPatch) -> None:
    bare_env.setenv("SHABGRAPH_INGEST_MAX_DEPTH", "3")  # ge=4, in the ingest group
    with pytest.raises(
        ValueError, match=r"SHABGRAPH_INGEST_MAX_DEPTH\s+Input should be greater than or equal to 4"
    ):
        Settings(_env_file=None)
    bare_env.delenv("SHABGRAPH_INGEST_MAX_DEPTH")
    bare_env.setenv("SHABGRAPH_UI_DB_URL", "sqlite:///x.db")
    with pytest.raises(ValueError, match="SHABGRAPH_UI_DB_URL no longer exist"):
        Settings(_env_file=None)
