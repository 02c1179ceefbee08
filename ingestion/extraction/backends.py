"""Extraction backends behind one interface: `get_extractor(name, settings).extract_many(inputs)`.

- `rules`: the deterministic extractor (default, offline, fast).
- `llm`: structured output from an OpenAI-compatible chat model, cached.
- `hybrid`: rules first; only notices whose coverage score is below the threshold go to the LLM.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Protocol

from ingestion.extraction.cache import ExtractionCache
from ingestion.extraction.coverage import coverage
from ingestion.extraction.inputs import ExtractionInput, input_from_publication
from ingestion.extraction.models import ExtractionRecord
from ingestion.extraction.rules import RulesExtractor
from ingestion.publication import Publication
from shabgraph.errors import ConfigError
from shabgraph.llm import chat_model
from shabgraph.settings import Settings

if TYPE_CHECKING:  # langchain is imported only when an LLM backend is built
    from langchain_core.language_models import BaseChatModel

BACKENDS = ("rules", "llm", "hybrid")
COVERAGE_THRESHOLD = 0.75
"""Rules records explaining less than this share of the notice's name spans go to the LLM."""


class Extractor(Protocol):
    """Anything that turns inputs into records: same order, one record per input, never raising."""

    name: str

    def extract_many(self, inputs: Iterable[ExtractionInput]) -> Iterator[ExtractionRecord]:
        """One record per input, in input order."""
        ...


class RulesBackend:
    """The rules extractor as a backend."""

    name = "rules"

    def __init__(self) -> None:
        self.rules = RulesExtractor()

    def extract_many(self, inputs: Iterable[ExtractionInput]) -> Iterator[ExtractionRecord]:
        """Extract each input in turn."""
        for inp in inputs:
            yield self.rules.extract(inp)


class HybridBackend:
    """Rules first; the LLM only for records whose coverage is below `threshold`."""

    name = "hybrid"

    def __init__(
        self, llm: Extractor, threshold: float = COVERAGE_THRESHOLD, window: int = 64
    ) -> None:
        self.rules = RulesExtractor()
        self.llm = llm
        self.threshold = threshold
        self.window = window
        self.sent: list[str] = []
        self.seen = 0

    def extract_many(self, inputs: Iterable[ExtractionInput]) -> Iterator[ExtractionRecord]:
        """Rules records, with low-coverage ones replaced by the LLM's (keeping order)."""
        chunk: list[ExtractionInput] = []
        for inp in inputs:
            chunk.append(inp)
            if len(chunk) >= self.window:
                yield from self._chunk(chunk)
                chunk = []
        if chunk:
            yield from self._chunk(chunk)

    def report(self) -> str:
        """One line for the ingest summary: how many notices the rules left to the LLM."""
        llm = getattr(self.llm, "report", None)
        return (
            f"hybrid: {self.seen} notices, {len(self.sent)} sent to the LLM (rules coverage "
            f"below {self.threshold:g})" + (f"; {llm()}" if llm and self.sent else "")
        )

    def _chunk(self, chunk: list[ExtractionInput]) -> list[ExtractionRecord]:
        self.seen += len(chunk)
        records = [self.rules.extract(i) for i in chunk]
        low = [
            n
            for n, (i, r) in enumerate(zip(chunk, records, strict=True))
            if r.error or coverage(i.text, r)[0] < self.threshold
        ]
        if low:
            self.sent.extend(chunk[n].id for n in low)
            for n, rec in zip(low, self.llm.extract_many(chunk[n] for n in low), strict=True):
                # Keep the rules record when the LLM failed: something beats an error (the LLM
                # backend itself falls back to the rules and counts it in its `fallbacks`).
                if not rec.error:
                    records[n] = rec
        return records


def get_extractor(name: str, settings: Settings, model: BaseChatModel | None = None) -> Extractor:
    """The backend called `name`; `model` overrides the configured chat model (tests)."""
    if name not in BACKENDS:
        raise ConfigError(
            f"unknown extraction backend {name!r}", f"choose one of {', '.join(BACKENDS)}"
        )
    if name == "rules":
        return RulesBackend()
    from ingestion.extraction.llm import LLMExtractor

    # The extractor retries with its own backoff: the client must not retry underneath it.
    llm = LLMExtractor(
        model or chat_model(settings, purpose=f"the {name} extractor", max_retries=0),
        ExtractionCache(settings.data_dir / "cache" / "extraction"),
        settings.llm_model,
        max_concurrency=settings.llm_max_concurrency,
        structured=settings.llm_structured,
    )
    return llm if name == "llm" else HybridBackend(llm)


def publication_extract(extractor: Extractor) -> Callable[[Publication], ExtractionRecord]:
    """`extractor` one publication at a time: what the graph build's read stage calls."""

    def extract(pub: Publication) -> ExtractionRecord:
        return next(iter(extractor.extract_many([input_from_publication(pub)])))

    return extract
