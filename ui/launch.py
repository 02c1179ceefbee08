"""Start the chat app: `run_ui(settings)` blocks until the app stops (called by `shabgraph up`).

Chainlit reads its config (.chainlit/, public/, app.py) from the working directory, so the app
always runs from the project root. `CI` is removed from its environment because Chainlit's CI
mode replaces OPENAI_API_KEY with a fake one (stack notes).
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

from shabgraph.errors import ConfigError
from shabgraph.settings import PROJECT_ROOT, Settings
from ui.paths import ui_dir


def auth_secret(settings: Settings) -> str:
    """The JWT secret of the login sessions: the configured one, else one kept in data_dir/ui/.

    Kept on disk so that a restart does not log everybody out.
    """
    if settings.ui_auth_secret:
        return settings.ui_auth_secret.get_secret_value()
    path = ui_dir(settings) / "auth_secret"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(48))
        path.chmod(0o600)
    return path.read_text().strip()


def ui_env(settings: Settings, extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of the app process: this one's (a child inherits it), minus `CI`."""
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["CHAINLIT_AUTH_SECRET"] = auth_secret(settings)
    env["CHAINLIT_APP_ROOT"] = str(PROJECT_ROOT)
    # The project root first: a `tests` package in site-packages would shadow ours otherwise.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(PROJECT_ROOT), env.get("PYTHONPATH")]))
    env.setdefault("PYTHONUNBUFFERED", "1")
    env.update(extra or {})
    return env


def ui_command(host: str, port: int) -> list[str]:
    """The command line that serves the app headless."""
    chainlit = Path(sys.executable).with_name("chainlit")
    if not chainlit.exists():
        raise ConfigError(
            f"chainlit is not installed next to {sys.executable}", hint="run `make setup`"
        )
    return [str(chainlit), "run", "app.py", "-h", "--host", host, "--port", str(port)]


def run_ui(settings: Settings) -> int:
    """Serve the chat app in the foreground; returns its exit code (Ctrl-C stops it)."""
    host, port = settings.ui_host, settings.ui_port
    print(f"Chat UI on http://{host}:{port} (Ctrl-C to stop)", file=sys.stderr)
    proc = subprocess.Popen(ui_command(host, port), cwd=PROJECT_ROOT, env=ui_env(settings))
    try:
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        return proc.wait(timeout=20)
