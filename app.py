"""Chainlit entry point: `chainlit run app.py` (what `make run` starts). Everything is in `ui/`."""

import ui.chat  # noqa: F401  (registers the Chainlit callbacks)
