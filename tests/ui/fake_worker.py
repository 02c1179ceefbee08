"""A stand-in for one app worker in the supervisor tests: `python fake_worker.py HOST PORT`.

Answers `GET /health` (200) and any other GET with its pid, like the real app's health route;
with FAKE_WORKER_FAIL set it prints that text and exits 3 at once, as a worker whose
configuration is wrong would. With FAKE_WORKER_NOT_READY set it serves, but `GET /ready` answers
503 with that text as a final cause, as the real app does when its database cannot be reached.
"""

from __future__ import annotations

import http.server
import json
import os
import sys


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = b"ok" if self.path == "/health" else str(os.getpid()).encode()
        status, cause = 200, os.environ.get("FAKE_WORKER_NOT_READY")
        if self.path == "/ready" and cause:
            status, body = 503, json.dumps({"ready": False, "final": True, "cause": cause}).encode()
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        return None


if __name__ == "__main__":
    if fail := os.environ.get("FAKE_WORKER_FAIL"):
        print(fail, flush=True)
        sys.exit(3)
    host, port = sys.argv[1], int(sys.argv[2])
    print(f"fake worker on {port}", flush=True)
    http.server.HTTPServer((host, port), Handler).serve_forever()
