"""One tweak to the installed Chainlit, applied at app start-up (never at import).

`Step.__init__` and `Message.__init__` call `time.sleep(0.001)` so consecutive steps get distinct
`created_at` stamps. On the event loop that blocks every session: an answer builds eight or so
steps, and under load each sleep lasts well over a millisecond, about a tenth of the app's
time at 20 sessions (profiled with cProfile, `benchmarks/bench_ui_load.py`). The stamps have
microsecond resolution and building a step takes longer than that, so the order is kept
without the sleep.
"""

from __future__ import annotations

import importlib
import time
import types


def no_sleep(_seconds: float) -> None:
    """Stands in for `time.sleep` inside the two Chainlit modules."""


def skip_step_sleeps() -> bool:
    """Give chainlit.step and chainlit.message a `time` whose sleep returns at once.

    Returns False (and changes nothing) when this Chainlit no longer imports `time` there.
    """
    patched = False
    # By module path: the package's `chainlit.step` attribute is the `@step` decorator.
    for name in ("chainlit.step", "chainlit.message"):
        module = importlib.import_module(name)
        current = getattr(module, "time", None)
        if current is time:
            shim = types.SimpleNamespace(
                **{k: getattr(time, k) for k in dir(time) if not k.startswith("__")}
            )
            shim.sleep = no_sleep
            setattr(module, "time", shim)  # noqa: B010
            patched = True
    return patched
