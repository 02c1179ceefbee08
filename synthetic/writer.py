"""Streaming output: notice pages of 1,000 publications and the five truth JSONL files.

Only one page is ever held in memory. JSON is written compactly as UTF-8 with keys in insertion
order, so the bytes depend only on the generator's choices (determinism). Encoding was the largest
single cost of a run, hence orjson (a locked dependency).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

import orjson

PAGE_SIZE = 1000
TRUTH_FILES = ("companies", "persons", "mentions", "roles", "events")
_BUFFER = 1 << 20
"""Write buffer of each truth file: few, large writes."""

_dumps = orjson.dumps


class CorpusWriter:
    """Writes `notices/notices-NNNNN.json` pages and `truth/*.jsonl`."""

    def __init__(self, out_dir: Path, seed: int, total: int, page_size: int = PAGE_SIZE) -> None:
        self.out_dir = out_dir
        self.seed = seed
        self.total = total
        self.page_size = page_size
        (out_dir / "notices").mkdir(parents=True, exist_ok=True)
        (out_dir / "truth").mkdir(parents=True, exist_ok=True)
        self._page: list[bytes] = []
        self.page_no = 0
        self.files: list[str] = []
        self._truth: dict[str, IO[bytes]] = {
            name: (out_dir / "truth" / f"{name}.jsonl").open("wb", buffering=_BUFFER)
            for name in TRUTH_FILES
        }
        self.counts = dict.fromkeys(TRUTH_FILES, 0)

    @property
    def current_file(self) -> str:
        """Relative path of the page the next publication goes to."""
        return f"notices/notices-{self.page_no:05d}.json"

    def publication(self, pub: dict[str, Any]) -> None:
        """Add one publication to the current page (flushes full pages)."""
        self._page.append(_dumps(pub))
        if len(self._page) >= self.page_size:
            self._flush_page()

    def _flush_page(self) -> None:
        if not self._page:
            return
        head = _dumps({"_generator": "shabgraph", "_seed": self.seed, "_page": self.page_no})[:-1]
        tail = _dumps(
            {"total": self.total, "pageRequest": {"page": self.page_no, "size": self.page_size}}
        )[1:]
        path = self.out_dir / self.current_file
        with path.open("wb") as fh:
            fh.write(head + b',"content":[')
            fh.write(b",\n".join(self._page))
            fh.write(b"]," + tail + b"\n")
        self.files.append(self.current_file)
        self._page = []
        self.page_no += 1

    def truth(self, name: str, record: dict[str, Any]) -> None:
        """Append one line to `truth/<name>.jsonl`."""
        self._truth[name].write(_dumps(record) + b"\n")
        self.counts[name] += 1

    def close(self, manifest: dict[str, Any]) -> None:
        """Flush the last page, close the truth files, write `manifest.json` last."""
        self._flush_page()
        for fh in self._truth.values():
            fh.close()
        manifest = {
            **manifest,
            "notice_files": self.files,
            "truth_files": [f"truth/{n}.jsonl" for n in TRUTH_FILES],
            "truth_counts": self.counts,
        }
        (self.out_dir / "manifest.json").write_text(
            json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )
