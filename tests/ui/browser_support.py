"""Playwright helpers for the browser tests: Debian's Chromium, login, asking, screenshots."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from shabgraph.project import PROJECT_ROOT

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


class ForeignSite:
    """A web server on another port of 127.0.0.1: serves given pages, records every request.

    Plays the other local page of issue 17 (finding 2) and the tracker host of finding 3.
    """

    def __init__(self, port: int, pages: dict[str, str]) -> None:
        import http.server
        import threading

        hits: list[str] = []
        self.hits = hits

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                hits.append(self.path)
                body = pages.get(self.path.split("?")[0], "").encode()
                self.send_response(200 if body else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                return None

        self.url = f"http://127.0.0.1:{port}"
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def attack_page(app_url: str) -> str:
    """A page that tries, with the visitor's cookie, to read their threads and to open a
    socket.io session as them (raw engine.io v4 / socket.io v5 frames); result in window.result."""
    ws_url = app_url.replace("http://", "ws://") + "/ws/socket.io/?EIO=4&transport=websocket"
    return f"""<!doctype html><html><body><script>
window.result = null;
(async () => {{
  const out = {{}};
  try {{
    const r = await fetch("{app_url}/project/threads", {{
      method: "POST", credentials: "include", headers: {{"Content-Type": "application/json"}},
      body: JSON.stringify({{pagination: {{first: 20, cursor: null}}, filter: {{}}}})}});
    out.threads = "read " + r.status + ": " + (await r.text()).slice(0, 200);
  }} catch (e) {{ out.threads = "blocked: " + e; }}
  out.socket = await new Promise((resolve) => {{
    const ws = new WebSocket("{ws_url}");
    const auth = {{clientType: "webapp", sessionId: "attack-" + Date.now(), userEnv: "{{}}"}};
    ws.onmessage = (m) => {{
      const d = String(m.data);
      if (d.startsWith("0")) ws.send("40" + JSON.stringify(auth));
      else if (d.startsWith("40")) {{ resolve("connected as the user"); ws.close(); }}
      else if (d.startsWith("44")) {{ resolve("refused by the app: " + d); ws.close(); }}
      else if (d === "2") ws.send("3");
    }};
    ws.onerror = () => resolve("refused at the handshake");
    ws.onclose = () => resolve("closed");
    setTimeout(() => resolve("timeout"), 10000);
  }});
  window.result = out;
}})();
</script></body></html>"""
