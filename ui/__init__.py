"""The investigation dashboard: a Chainlit app over the agent, with persistence and sharing.

Modules here import Chainlit lazily where they can, so that `import ui` stays cheap; `ui.chat`
is the one module that registers Chainlit callbacks (imported by the top-level `app.py`).
"""
