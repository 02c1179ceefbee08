"""A polite, resumable harvester for the public amtsblattportal.ch publications API.

The service returns at most 2,000 results a page and refuses offsets past 10,000, so the date
range is cut into slices whose result count fits; a slice that holds more is halved until it
does. The list order can shift while paging, so records are de-duplicated by publication id and
a slice whose pages yielded fewer distinct ids than the reported total is paged again. Every
response is stored verbatim under `DIR/raw/<slice>/` before it is used: a rerun (after a crash,
Ctrl-C, or to re-parse offline) reads stored pages instead of fetching them again, and
`shabgraph parse DIR` reads them like any other API file. Finished slices are listed in
`DIR/.harvest-state.json`.
"""

from __future__ import annotations

import contextlib
import json
import math
import time
from collections import Counter
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import httpx
import orjson
from pydantic import BaseModel, Field
from rich.console import Console
from rich.table import Table

from shabgraph.errors import InputError, ShabgraphError

LIST_PATH = "/api/v1/publications"
"""The list endpoint, relative to the base URL."""
STATE_FILE = ".harvest-state.json"
"""Finished slices, inside the output folder (hidden, so `parse DIR` skips it)."""
RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
"""Statuses worth retrying after a pause."""


class HarvestConfig(BaseModel):
    """What to fetch and how politely."""

    base_url: str = "https://amtsblattportal.ch"
    """Scheme and host of the service."""
    date_from: date
    """First publication date, inclusive."""
    date_to: date
    """Last publication date, inclusive."""
    sub_rubrics: list[str] = Field(default_factory=lambda: ["HR01", "HR02", "HR03"])
    """Sub-rubrics to keep (also filtered on the client: the service may ignore the filter)."""
    out_dir: Path
    """Folder for raw responses and the state file."""
    min_interval: float = 1.0
    """Seconds between the starts of two requests."""
    page_size: int = 2000
    """Results per request (the service allows at most 2,000)."""
    max_offset: int = 10_000
    """The service refuses page x size past this."""
    slice_days: int = 7
    """Initial slice length; slices with too many results are halved."""
    max_retries: int = 6
    """Attempts per request beyond the first before giving up."""
    backoff_base: float = 2.0
    """First pause after a failure, doubled at each retry."""
    backoff_max: float = 120.0
    """Longest pause (also caps a server's Retry-After)."""
    max_passes: int = 3
    """How often a slice is paged again when shifting pages lost records."""
    timeout: float = 60.0
    """Seconds before a request is abandoned (and retried)."""


class HarvestReport(BaseModel):
    """What a harvest run did."""

    slices_done: int = 0
    """Slices finished (this run or before)."""
    slices_split: int = 0
    """Slices halved because they held too many results."""
    requests: int = 0
    """HTTP requests sent this run (retries included)."""
    pages_from_disk: int = 0
    """Pages read back from an earlier run instead of fetched."""
    retries: Counter[str] = Field(default_factory=Counter)
    """Retried failures by cause (`429`, `503`, `timeout`, ...)."""
    publications: int = 0
    """Distinct publications kept (sub-rubric and date filter applied)."""
    duplicates: int = 0
    """Records seen again on another page or pass."""
    incomplete: list[str] = Field(default_factory=list)
    """Slices whose pages never yielded the reported total (shifting order, over the limit)."""

    def table(self) -> Table:
        """The report as a rich table."""
        table = Table(title="harvest")
        table.add_column("figure")
        table.add_column("value", justify="right")
        for name in (
            "publications",
            "duplicates",
            "requests",
            "pages_from_disk",
            "slices_done",
            "slices_split",
        ):
            table.add_row(name, str(getattr(self, name)))
        table.add_row(
            "retries", ", ".join(f"{k}: {v}" for k, v in sorted(self.retries.items())) or "0"
        )
        table.add_row("incomplete slices", ", ".join(self.incomplete) or "none")
        return table


class Harvester:
    """Fetches one date range; `run()` can be called again after an interruption."""

    def __init__(
        self,
        config: HarvestConfig,
        client: httpx.Client | None = None,
        console: Console | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if config.date_to < config.date_from:
            raise InputError("--to is before --from", "swap the dates")
        if not 1 <= config.page_size <= 2000:
            raise InputError("page size must be between 1 and 2000", "the service allows 2,000")
        self.config = config
        self.client = client or httpx.Client(
            timeout=config.timeout, headers={"User-Agent": "shabgraph-harvester"}
        )
        self.console = console or Console(stderr=True, quiet=True)
        self.sleep = sleep
        self.report = HarvestReport()
        self.seen: set[str] = set()
        self._last_request = 0.0
        self.state_path = config.out_dir / STATE_FILE
        self.state: dict[str, Any] = {"done": {}}

    # -- state ------------------------------------------------------------------------------
    def _load_state(self) -> None:
        if self.state_path.exists():
            self.state = json.loads(self.state_path.read_text(encoding="utf-8"))

    def _save_state(self) -> None:
        tmp = self.state_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.state, indent=1, sort_keys=True), encoding="utf-8")
        tmp.replace(self.state_path)

    # -- HTTP -------------------------------------------------------------------------------
    def _wait_turn(self) -> None:
        pause = self._last_request + self.config.min_interval - time.monotonic()
        if pause > 0:
            self.sleep(pause)
        self._last_request = time.monotonic()

    def _get(self, params: dict[str, str | int]) -> bytes:
        """One page, retried with backoff on throttling, server errors and broken responses."""
        url = self.config.base_url.rstrip("/") + LIST_PATH
        for attempt in range(self.config.max_retries + 1):
            self._wait_turn()
            self.report.requests += 1
            cause, retry_after = "", None
            try:
                resp = self.client.get(url, params=params)
            except httpx.TimeoutException:
                cause = "timeout"
            except httpx.TransportError as exc:
                cause = type(exc).__name__
            else:
                if resp.status_code == 200:
                    try:
                        orjson.loads(resp.content)
                        return resp.content
                    except orjson.JSONDecodeError:
                        cause = "broken_json"
                elif resp.status_code in RETRY_STATUSES:
                    cause = str(resp.status_code)
                    retry_after = resp.headers.get("Retry-After")
                else:
                    raise ShabgraphError(
                        f"{url} answered {resp.status_code}: {resp.text[:200]}",
                        "check --base-url and the dates",
                    )
            self.report.retries[cause] += 1
            if attempt == self.config.max_retries:
                break
            self.sleep(self._backoff(attempt, retry_after))
        raise ShabgraphError(
            f"{url} kept failing ({cause}) after {self.config.max_retries} retries",
            "run the same command again later: it resumes",
        )

    def _backoff(self, attempt: int, retry_after: str | None) -> float:
        pause = self.config.backoff_base * 2**attempt
        if retry_after:
            with contextlib.suppress(ValueError):
                pause = max(pause, float(retry_after))
        return float(min(pause, self.config.backoff_max))

    # -- slices -----------------------------------------------------------------------------
    def _params(self, start: date, end: date, page: int) -> dict[str, str | int]:
        return {
            "publicationStates": "PUBLISHED",
            "rubrics": "HR",
            "subRubrics": ",".join(self.config.sub_rubrics),
            "publicationDate.start": start.isoformat(),
            "publicationDate.end": end.isoformat(),
            "pageRequest.page": page,
            "pageRequest.size": self.config.page_size,
        }

    def _page(self, start: date, end: date, run: int, page: int) -> dict[str, Any]:
        """A page from disk when an earlier run stored it, else from the service (then stored)."""
        folder = self.config.out_dir / "raw" / f"{start.isoformat()}_{end.isoformat()}"
        path = folder / f"pass{run}-page{page:03d}.json"
        if path.exists():
            self.report.pages_from_disk += 1
            data = path.read_bytes()
        else:
            data = self._get(self._params(start, end, page))
            folder.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".part")
            tmp.write_bytes(data)
            tmp.replace(path)
        doc = orjson.loads(data)
        return doc if isinstance(doc, dict) else {"content": doc}

    def _keep(self, record: Any, start: date, end: date) -> str | None:
        """The id of a record this harvest wants (client-side filters), else None."""
        meta = record.get("meta") if isinstance(record, dict) else None
        if not isinstance(meta, dict) or not meta.get("id"):
            return None
        day = str(meta.get("publicationDate") or "")[:10]
        if meta.get("rubric", "HR") != "HR" or meta.get("subRubric") not in self.config.sub_rubrics:
            return None
        return str(meta["id"]) if start.isoformat() <= day <= end.isoformat() else None

    def _harvest_slice(self, start: date, end: date) -> None:
        key = f"{start.isoformat()}_{end.isoformat()}"
        if key in self.state["done"]:
            self.report.slices_done += 1
            self.report.publications += self.state["done"][key]["kept"]
            return
        first = self._page(start, end, 1, 0)
        total = int(first.get("total") or len(first.get("content") or []))
        if total > self.config.max_offset and end > start:
            self.report.slices_split += 1
            middle = start + timedelta(days=(end - start).days // 2)
            self._harvest_slice(start, middle)
            self._harvest_slice(middle + timedelta(days=1), end)
            return
        reachable = min(total, self.config.max_offset)
        pages = max(1, math.ceil(reachable / self.config.page_size))
        ids_in_slice: set[str] = set()
        kept = 0
        for run in range(1, self.config.max_passes + 1):
            for page in range(pages):
                doc = first if (run, page) == (1, 0) else self._page(start, end, run, page)
                for record in doc.get("content") or []:
                    rid = record.get("meta", {}).get("id") if isinstance(record, dict) else None
                    if rid is not None:
                        ids_in_slice.add(str(rid))
                    wanted = self._keep(record, start, end)
                    if wanted is None:
                        continue
                    if wanted in self.seen:
                        self.report.duplicates += 1
                        continue
                    self.seen.add(wanted)
                    kept += 1
            if len(ids_in_slice) >= reachable:
                break
        if len(ids_in_slice) < total:
            self.report.incomplete.append(f"{key} ({len(ids_in_slice)}/{total})")
        self.report.publications += kept
        self.report.slices_done += 1
        self.state["done"][key] = {"total": total, "distinct": len(ids_in_slice), "kept": kept}
        self._save_state()
        self.console.print(f"{key}: {kept} publications ({total} listed)")

    def run(self) -> HarvestReport:
        """Harvest every slice of the range not finished by an earlier run."""
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        self.config.out_dir.mkdir(parents=True, exist_ok=True)
        self._load_state()
        day = self.config.date_from
        step = timedelta(days=max(1, self.config.slice_days))
        days = (self.config.date_to - self.config.date_from).days + 1
        columns = (
            TextColumn("harvest"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("days"),
            TextColumn("{task.fields[pubs]} publications"),
        )
        with Progress(*columns, console=self.console, transient=True) as progress:
            task = progress.add_task("harvest", total=days, pubs=0)
            while day <= self.config.date_to:
                end = min(day + step - timedelta(days=1), self.config.date_to)
                self._harvest_slice(day, end)
                progress.update(task, advance=(end - day).days + 1, pubs=self.report.publications)
                day = end + timedelta(days=1)
        return self.report
