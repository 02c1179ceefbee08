"""Playwright helpers for the browser tests: Debian's Chromium, login, asking, screenshots."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from shabgraph.settings import PROJECT_ROOT

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
ARTIFACTS = PROJECT_ROOT / "test-artifacts" / "ui"
ANSWER_TIMEOUT_MS = 90_000


def chromium_path() -> str | None:
    """Debian's Chromium (downloaded browser builds do not run on these machines)."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def shot(page, name: str) -> Path:  # type: ignore[no-untyped-def]
    """Save a full-page screenshot as a test artefact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path


def login(page, base_url: str, user: str, password: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(base_url + "/login")
    page.fill("#email", user)
    page.fill("#password", password)
    page.click("button[type=submit]")
    page.wait_for_selector("#chat-input", timeout=30_000)


def ask(page, question: str, expect: str) -> None:  # type: ignore[no-untyped-def]
    """Send a question and wait for its answer: one more Export button (each agent answer has
    one) and no stop button (the run has ended); then check the last message."""
    exports = page.get_by_role("button", name="Export")
    page.wait_for_timeout(500)  # let a resumed thread finish rendering before counting
    before = exports.count()
    page.fill("#chat-input", question)
    page.keyboard.press("Enter")
    deadline = time.monotonic() + ANSWER_TIMEOUT_MS / 1000
    while exports.count() <= before or page.locator("#stop-button").count() > 0:
        if time.monotonic() > deadline:
            raise TimeoutError(f"no answer to {question!r} within {ANSWER_TIMEOUT_MS / 1000:.0f} s")
        page.wait_for_timeout(250)
    last = page.locator(".step").last
    if expect not in last.inner_text():
        raise AssertionError(
            f"the answer to {question!r} lacks {expect!r}: {last.inner_text()[:300]}"
        )
