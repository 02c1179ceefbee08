"""The foundation: settings, the managed server, schema migrations and the CLI."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import neo4j
import pytest
import typer
from neo4j.exceptions import ClientError

from shabgraph import db, neo4j_server, schema
from shabgraph.errors import DatabaseUnavailable
from shabgraph.settings import Settings
from tests.conftest import settings_env


def test_settings_read_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "neo4j+s://example.databases.neo4j.io")
    monkeypatch.setenv("NEO4J_PASSWORD", "s3cret")
    monkeypatch.setenv("SHABGRAPH_LLM_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "from-openai")
    monkeypatch.setenv("SHABGRAPH_LLM_API_KEY", "from-shabgraph")
    s = Settings(_env_file=None)
    assert not s.managed
    assert s.bolt_uri == "neo4j+s://example.databases.neo4j.io"
    assert s.resolved_password() is not None
    assert s.resolved_password().get_secret_value() == "s3cret"  # type: ignore[union-attr]
    assert "s3cret" not in repr(s)
    assert s.llm_api_key is not None and s.llm_api_key.get_secret_value() == "from-shabgraph"
    assert s.effective_planner == "llm"


def test_offline_planner_is_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SHABGRAPH_LLM_BASE_URL", raising=False)
    monkeypatch.delenv("SHABGRAPH_PLANNER", raising=False)
    assert Settings(_env_file=None).effective_planner == "offline"


def test_ingest_and_embedding_settings_come_from_the_env_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("SHABGRAPH_INGEST_WORKERS", "SHABGRAPH_INGEST_WRITERS", "SHABGRAPH_EMBED_MODEL"):
        monkeypatch.delenv(name, raising=False)
    env = tmp_path / ".env"
    env.write_text(
        "SHABGRAPH_INGEST_WORKERS=3\nSHABGRAPH_INGEST_WRITERS=5\nSHABGRAPH_EMBED_MODEL=e5\n"
    )
    s = Settings(_env_file=env)
    assert (s.ingest_workers, s.ingest_writers, s.embed_model) == (3, 5, "e5")
    d = Settings(_env_file=None)
    assert (d.ingest_workers, d.ingest_writers, d.embed_dimensions, d.demo_notices) == (
        None,
        2,
        512,
        20_000,
    )


def test_chat_model_factory(monkeypatch: pytest.MonkeyPatch) -> None:
    from langchain_openai import ChatOpenAI

    from shabgraph.errors import ConfigError
    from shabgraph.llm import chat_model

    with pytest.raises(ConfigError, match="the LLM planner needs SHABGRAPH_LLM_BASE_URL"):
        chat_model(Settings(_env_file=None, llm_base_url=None), purpose="the LLM planner")
    model = chat_model(
        Settings(
            _env_file=None, llm_base_url="http://127.0.0.1:9/v1", llm_model="m1", llm_timeout=7
        ),
        max_retries=0,
    )
    assert isinstance(model, ChatOpenAI)
    assert (model.model_name, model.temperature, model.max_retries) == ("m1", 0.0, 0)
    assert (model.request_timeout, model.use_responses_api) == (7.0, False)
    assert str(model.openai_api_base) == "http://127.0.0.1:9/v1"


def test_unreachable_server_names_uri_not_password() -> None:
    s = Settings(_env_file=None, neo4j_uri="bolt://127.0.0.1:1", neo4j_password="hunter2")
    with pytest.raises(DatabaseUnavailable) as info:
        db.create_driver(s)
    assert "bolt://127.0.0.1:1" in str(info.value)
    assert "hunter2" not in str(info.value)


def test_start_refuses_a_taken_port(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        s = Settings(
            _env_file=None, neo4j_home=tmp_path, neo4j_bolt_port=port, neo4j_http_port=port
        )
        # Skip the download: pretend the jars are cached.
        (tmp_path / "dist" / neo4j_server.NEO4J_VERSION).mkdir(parents=True)
        (tmp_path / "dist" / neo4j_server.NEO4J_VERSION / ".complete").write_text("x")
        with pytest.raises(neo4j_server.ServerError, match=f"port {port}"):
            neo4j_server.start(s)


def _wait_for_cmdline(pid: int, needle: str, timeout: float = 10.0) -> None:
    """Wait until the child's command line is the one exec'd (a loaded machine may lag)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if needle.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise AssertionError(f"process {pid} never showed {needle!r} in its command line")


def test_start_refuses_a_running_instance_asked_for_other_ports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    running = Settings(_env_file=None, neo4j_home=tmp_path, neo4j_instance="busy")
    inst = running.instance_dir
    for sub in ("conf", "run"):
        (inst / sub).mkdir(parents=True)
    (inst / "conf" / "neo4j.conf").write_text("server.bolt.listen_address=127.0.0.1:7911\n")
    # A live process whose command line is that of this instance's server.
    argv = [sys.executable, "-c", "import time; time.sleep(30)"]
    with subprocess.Popen([*argv, neo4j_server.ENTRY_POINT, f"--home-dir={inst}"]) as proc:
        try:
            _wait_for_cmdline(proc.pid, neo4j_server.ENTRY_POINT)
            (inst / "run" / "shabgraph.pid").write_text(str(proc.pid))
            # Were the running instance missed, start() must not install and run a real server.
            monkeypatch.setattr(neo4j_server, "install", _refuse_install)
            asked = running.model_copy(update={"neo4j_bolt_port": 7912})
            with pytest.raises(neo4j_server.ServerError, match="port 7911, not on 7912"):
                neo4j_server.start(asked)
            same = running.model_copy(update={"neo4j_bolt_port": 7911})
            assert neo4j_server.start(same).pid == proc.pid
        finally:
            proc.kill()


def _refuse_install(settings: Settings) -> Path:
    raise AssertionError(f"start() did not see the running instance '{settings.neo4j_instance}'")


def test_stale_pid_file_is_ignored(tmp_path) -> None:  # type: ignore[no-untyped-def]
    s = Settings(_env_file=None, neo4j_home=tmp_path, neo4j_instance="stale")
    (s.instance_dir / "run").mkdir(parents=True)
    (s.instance_dir / "run" / "shabgraph.pid").write_text("999999")
    st = neo4j_server.status(s)
    assert not st.running
    assert not (s.instance_dir / "run" / "shabgraph.pid").exists()
    assert neo4j_server.stop(s) is False


def test_schema_is_present(driver: neo4j.Driver, neo4j_settings: Settings) -> None:
    assert schema.missing_schema(driver, neo4j_settings.neo4j_database) == set()
    # applying twice changes nothing
    before = schema.present_schema(driver, neo4j_settings.neo4j_database)
    schema.apply_schema(driver, neo4j_settings.neo4j_database)
    assert schema.present_schema(driver, neo4j_settings.neo4j_database) == before


def test_write_read_round_trip(clean_db: neo4j.Driver) -> None:
    db.write(
        clean_db,
        "neo4j",
        "CREATE (:Company {id: $id, uid: $uid, name: $name})",
        id="CHE-282.686.396",
        uid="CHE-282.686.396",
        name="Nearivo GmbH",
    )
    rows = db.read(
        clean_db,
        "neo4j",
        "MATCH (c:Company {uid: $uid}) RETURN c.name AS name",
        uid="CHE-282.686.396",
    )
    assert rows == [{"name": "Nearivo GmbH"}]
    with pytest.raises(ClientError):  # the uniqueness constraint holds
        db.write(clean_db, "neo4j", "CREATE (:Company {id: 'x', uid: $uid})", uid="CHE-282.686.396")


def test_read_transaction_refuses_writes(clean_db: neo4j.Driver) -> None:
    with (
        clean_db.session(database="neo4j", default_access_mode=neo4j.READ_ACCESS) as session,
        pytest.raises(ClientError) as info,
    ):
        session.execute_read(lambda tx: tx.run("CREATE (:Company {id: 'w'})").consume())
    assert "write" in str(info.value).lower()
    assert db.read(clean_db, "neo4j", "MATCH (n) RETURN count(n) AS n") == [{"n": 0}]


def test_cli_status_reports_version(neo4j_settings: Settings) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "cli", "neo4j", "status"],
        capture_output=True,
        text=True,
        env=settings_env(neo4j_settings),
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "5.26" in out.stdout


def test_cli_help_lists_commands() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "cli", "--help"], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0
    for command in ("neo4j", "db", "eval"):
        assert command in out.stdout


def test_cli_command_set() -> None:
    """Every command of `shabgraph`, wherever its module lives (cli/ wires them all)."""
    from cli.main import app

    def names(typer_app: typer.Typer) -> dict[str, set[str]]:
        group = typer.main.get_group(typer_app)
        return {
            name: set(getattr(cmd, "commands", {}) or {}) for name, cmd in group.commands.items()
        }

    assert names(app) == {
        "up": set(),
        "parse": set(),
        "harvest": set(),
        "generate": set(),
        "extract": set(),
        "ingest": set(),
        "stats": set(),
        "cypher": set(),
        "ask": set(),
        "chat": set(),
        "mcp": set(),
        "neo4j": {"install", "start", "stop", "status"},
        "db": {"init", "check"},
        "postgres": {"start", "stop", "status", "url"},
        "threads": {"export", "import"},
        "eval": {"extraction", "resolution", "run", "report", "generate", "check", "schema"},
    }


def test_cli_error_line_keeps_id_and_bracketed_data(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An expected error is one line with its id; brackets in the message are not eaten as markup."""
    from cli import main as cli_main
    from shabgraph.errors import InputError

    err = InputError("no notice [HR01-x] in file [a.json]")

    def fail() -> None:
        raise err

    monkeypatch.setattr(cli_main, "app", fail)
    with pytest.raises(SystemExit) as ended:
        cli_main.main()
    assert ended.value.code == InputError.exit_code
    out = capsys.readouterr().err
    assert f"[{err.error_id}]" in out
    assert "no notice [HR01-x] in file [a.json]" in out


@pytest.mark.parametrize("retired", ["SHABGRAPH_UI_DB_URL", "SHABGRAPH_CHECKPOINT_URL"])
def test_retired_database_settings_are_refused(
    monkeypatch: pytest.MonkeyPatch, retired: str
) -> None:
    """A retired URL variable stops start-up with the new name, instead of silently meaning SQLite."""
    from pydantic import ValidationError

    monkeypatch.setenv(retired, "postgresql://u@127.0.0.1:5432/db")
    with pytest.raises(ValidationError, match="SHABGRAPH_DATABASE_URL") as raised:
        Settings(_env_file=None)
    assert retired in str(raised.value)


def test_cli_reports_invalid_settings_in_one_line() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "cli", "neo4j", "status"],
        capture_output=True,
        text=True,
        env={**settings_env(Settings(_env_file=None)), "SHABGRAPH_MAX_ROUNDS": "99"},
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert out.returncode == 1
    assert "Traceback" not in out.stderr
    assert "invalid setting SHABGRAPH_MAX_ROUNDS" in out.stderr.replace("\n", " ")
