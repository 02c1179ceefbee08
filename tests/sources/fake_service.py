"""A local stand-in for the amtsblattportal list API, serving the recorded real publications.

It copies each real record onto several days (new ids, same content), answers the list endpoint
with the real response shape, ignores the sub-rubric filter like the real service is reported to,
and can be told to shift the order of the first requests, fail, throttle or break off.
"""

from __future__ import annotations

import copy
import threading
import time
from datetime import date, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

import orjson


def corpus(records: list[dict[str, Any]], first_day: date, days: int) -> list[dict[str, Any]]:
    """The real records replicated over `days` days, each copy with its own id and number."""
    out = []
    for d in range(days):
        day = first_day + timedelta(days=d)
        for r in records:
            rec = copy.deepcopy(r)
            rec["meta"]["id"] = f"{r['meta']['id'][:-4]}{d:04d}"
            rec["meta"]["publicationNumber"] = f"{r['meta']['publicationNumber']}{d}"
            rec["meta"]["publicationDate"] = f"{day.isoformat()}T00:00:00.000Z"
            out.append(rec)
    return out


class FakeService:
    """The fake API: `url` to point the harvester at, `log` of what it was asked."""

    def __init__(self, records: list[dict[str, Any]]) -> None:
        self.records = records
        self.log: list[tuple[float, dict[str, str], int]] = []
        """(time, query, status) of every request."""
        self.shift_first = 0
        """Rotate the result order of the first N list requests (pages shift)."""
        self.fail_statuses: dict[int, int] = {}
        """Request number (1-based) -> error status to answer instead."""
        self.fail_after: int | None = None
        """Answer 503 to every request after this many (an outage)."""
        self.retry_after = "0"
        """Retry-After header sent with 429 and 503."""
        self.max_offset = 10_000
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> FakeService:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def ok_pages(self) -> list[tuple[str, str, str]]:
        """(start, end, page) of every request answered 200."""
        return [
            (q["publicationDate.start"], q["publicationDate.end"], q["pageRequest.page"])
            for _, q, status in self.log
            if status == 200
        ]

    def answer(self, query: dict[str, str]) -> tuple[int, bytes]:
        with self._lock:
            n = len(self.log) + 1
            status = self.fail_statuses.get(n, 200)
            if self.fail_after is not None and n > self.fail_after:
                status = 503
            self.log.append((time.monotonic(), query, status))
            shifted = n <= self.shift_first
        if status != 200:
            return status, b'{"error": "try later"}'
        page, size = int(query["pageRequest.page"]), int(query["pageRequest.size"])
        if page * size >= self.max_offset or size > 2000:
            return 400, b'{"error": "offset too large"}'
        start, end = query["publicationDate.start"], query["publicationDate.end"]
        hits = [r for r in self.records if start <= r["meta"]["publicationDate"][:10] <= end]
        if shifted and hits:
            k = n % len(hits) or 1
            hits = hits[k:] + hits[:k]
        body = {
            "content": hits[page * size : (page + 1) * size],
            "total": len(hits),
            "pageRequest": {"page": page, "size": size},
        }
        return 200, orjson.dumps(body)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                parsed = urlparse(self.path)
                if parsed.path != "/api/v1/publications":
                    self.send_error(404)
                    return
                query = {k: v[0] for k, v in parse_qs(parsed.query).items()}
                status, body = service.answer(query)
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                if status in (429, 503):
                    self.send_header("Retry-After", service.retry_after)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        return Handler
