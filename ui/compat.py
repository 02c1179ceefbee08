"""Everything the app takes from Chainlit beyond its public API, in one module, each part tested.

Chainlit 2.x has no public way to do these six things, and each one matters under load or for
the audit file. `tests/ui/test_compat.py` checks every one against the installed Chainlit, so an
upgrade that moves what they rely on fails there rather than in a user's session.

- `skip_step_sleeps`: `Step.__init__` and `Message.__init__` call `time.sleep(0.001)` so that
  consecutive steps get distinct `created_at` stamps. On the event loop that blocks every session:
  an answer builds eight or so steps, and under load each sleep lasts well over a millisecond,
  about a tenth of the app's time at 20 sessions (cProfile, `benchmarks/bench_ui_load.py`). The
  stamps have microsecond resolution and building a step takes longer than that, so the order is
  kept without the sleep.
- `refresh_step`: show a step's new state without persisting it. `Step.update` writes the step to
  the thread store on every call; progress lines change many times a turn and only the final
  state is worth a write. Uses `chainlit.step`'s own helpers so the `cot` setting is honoured.
- `StoredMetadataMessage`: a message whose metadata is persisted but not sent to the browser
  (overrides the private `Message._create`, which returns the dict both receive).
- `OwnerCachingDataLayer`: the SQL data layer looks a thread's owner up before every element it
  writes (the private `_get_user_id_by_thread`); owners never change, so they are remembered.
- `serve_local_assets`: Chainlit's page template links Google Fonts and KaTeX's CSS on public
  CDNs, outside what `config.toml` or `public/theme.json` can change; offline the login page
  waits on them (issue 17, finding 6). The app draws no LaTeX and its CSS falls back to system
  fonts, so the wrapped `chainlit.server.get_html_template` simply drops every external link.
- `disconnect_sessions_of`: a logout revokes its token (`ui.revocation`), but a socket.io
  session opened with it before would live on; Chainlit's session registry
  (`chainlit.session.ws_sessions_id`) is the only list of open sessions and their tokens.
"""

from __future__ import annotations

import importlib
import re
import time
import types
from collections.abc import Callable
from typing import Any

import chainlit as cl
from chainlit.data.sql_alchemy import SQLAlchemyDataLayer
from chainlit.step import StepDict, check_add_step_in_cot, stub_step

SLEEPING_MODULES = ("chainlit.step", "chainlit.message")
"""The Chainlit modules whose constructors sleep (by module path: the package's `chainlit.step`
attribute is the `@step` decorator, not the module)."""


def no_sleep(_seconds: float) -> None:
    """Stands in for `time.sleep` inside the Chainlit modules that sleep per step."""


def skip_step_sleeps() -> bool:
    """Give the sleeping Chainlit modules a `time` whose sleep returns at once (idempotent).

    Returns False when a module no longer imports `time`: the sleep may be gone, or moved where
    this cannot reach it; the app logs a warning and the compat test fails.
    """
    ok = True
    for name in SLEEPING_MODULES:
        module = importlib.import_module(name)
        current = getattr(module, "time", None)
        if current is time:
            shim = types.SimpleNamespace(
                **{k: getattr(time, k) for k in dir(time) if not k.startswith("__")}
            )
            shim.sleep = no_sleep
            setattr(module, "time", shim)  # noqa: B010
        elif getattr(current, "sleep", None) is not no_sleep:
            ok = False
    return ok


EXTERNAL_LINK = re.compile(r"<link\b[^>]*\bhref=\"(?:https?:)?//[^\"]*\"[^>]*>\s*", re.IGNORECASE)
"""A `<link>` (stylesheet, preconnect, font) to another host."""


def local_html(html: str) -> str:
    """The page without links to other hosts."""
    return EXTERNAL_LINK.sub("", html)


def serve_local_assets() -> bool:
    """Make Chainlit's index page link only to the app's own assets (idempotent).

    Returns False when `chainlit.server.get_html_template` is gone (Chainlit changed).
    """
    server = importlib.import_module("chainlit.server")
    current: Callable[[str], str] | None = getattr(server, "get_html_template", None)
    if current is None:
        return False
    if getattr(current, "local_assets", False):
        return True

    def template(root_path: str) -> str:
        return local_html(current(root_path))

    template.local_assets = True  # type: ignore[attr-defined]
    server.get_html_template = template  # type: ignore[attr-defined]
    return True


async def disconnect_sessions_of(token: str) -> int:
    """Close every open socket.io session that was opened with `token`; how many there were."""
    from chainlit.server import sio
    from chainlit.session import ws_sessions_id

    sockets = [s.socket_id for s in list(ws_sessions_id.values()) if s.token == token]
    for socket_id in sockets:
        await sio.disconnect(socket_id)
    return len(sockets)


async def refresh_step(step: cl.Step) -> None:
    """Send a step's current state to the browser, and nothing to the thread store."""
    shown: StepDict = step.to_dict() if check_add_step_in_cot(step) else stub_step(step)
    await cl.context.emitter.update_step(shown)


class StoredMetadataMessage(cl.Message):
    """A message whose metadata goes to the thread store but not over the socket.

    An answer keeps its whole turn (~20 kB) in its metadata for the export; the browser never
    reads it, and socket.io walks every nested value of what it sends.
    """

    async def _create(self) -> StepDict:
        # The store has already been handed this very dict, metadata and all.
        step_dict: StepDict = await super()._create()  # type: ignore[no-untyped-call]
        return {**step_dict, "metadata": {}}


class OwnerCachingDataLayer(SQLAlchemyDataLayer):
    """The SQL data layer, with each thread's owner looked up once (forgotten on deletion)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.thread_owners: dict[str, str] = {}

    async def _get_user_id_by_thread(self, thread_id: str) -> str | None:
        owner = self.thread_owners.get(thread_id)
        if owner is None:
            owner = await super()._get_user_id_by_thread(thread_id)
            if owner:
                self.thread_owners[thread_id] = owner
        return owner

    async def delete_thread(self, thread_id: str) -> None:
        await super().delete_thread(thread_id)
        self.thread_owners.pop(thread_id, None)
