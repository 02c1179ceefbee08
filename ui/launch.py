"""Start the chat app: `run_ui(settings)` blocks until the app stops (called by `shabgraph up`).

Chainlit reads its config (.chainlit/, public/, chainlit.md) from its app root, the working
directory, and keeps session files in `<app root>/.files`, which it deletes when it stops. The
app users run (`run_ui`) has the project root as app root; every extra app process (tests, the
load benchmark) gets a private app root of its own (`private_app_root`), so that stopping it
cannot delete the live app's files (issue 17, finding 5); so does each worker of
`shabgraph up --workers N` (`ui.workers`). `CI` is removed from the app's
environment because Chainlit's CI mode replaces OPENAI_API_KEY with a fake one (stack notes).
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

from shabgraph.errors import ConfigError
from shabgraph.project import PROJECT_ROOT
from shabgraph.settings import Settings
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


APP_ROOT_ENTRIES = (".chainlit", "public", "chainlit.md", ".env")
"""What Chainlit (and the settings' `.env`) read from the app root; linked into a private one."""


def private_app_root(folder: Path) -> Path:
    """An app root for an extra app process: links to the project's config, its own `.files`."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in APP_ROOT_ENTRIES:
        source, link = PROJECT_ROOT / name, folder / name
        if source.exists() and not link.is_symlink() and not link.exists():
            link.symlink_to(source)
    return folder


def ui_env(
    settings: Settings, extra: dict[str, str] | None = None, app_root: Path = PROJECT_ROOT
) -> dict[str, str]:
    """The environment of the app process: this one's (a child inherits it), minus `CI`."""
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["CHAINLIT_AUTH_SECRET"] = auth_secret(settings)
    env["CHAINLIT_APP_ROOT"] = str(app_root)
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
    app = str(PROJECT_ROOT / "app.py")
    return [str(chainlit), "run", app, "-h", "--host", host, "--port", str(port)]


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
