"""Embedders for the dense flat-RAG baseline.

`HashedNgramEmbedder` works offline with no model: character n-grams of the accent-folded text
are hashed into a fixed number of signed buckets (the "hashing trick"). It captures spelling
overlap across German, French and Italian notices, not meaning, which is what a baseline
without downloaded weights can honestly offer. `OpenAIEmbedder` calls any OpenAI-compatible
`/embeddings` endpoint when one is configured.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Protocol

import numpy as np

from shabgraph.errors import ConfigError, LLMError
from shabgraph.register.folding import fold_words
from shabgraph.settings import Settings


class Embedder(Protocol):
    """Turns texts into unit vectors of a fixed size."""

    name: str
    """Identifies the model; stored on each embedded Event so a change re-embeds."""
    dimensions: int
    """Vector size."""

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, in order."""
        ...


class HashedNgramEmbedder:
    """Offline embedder: signed hashing of character 3- to 5-grams and words, L2-normalised."""

    def __init__(self, dimensions: int = 512, ngrams: tuple[int, ...] = (3, 4, 5)) -> None:
        if dimensions < 16:
            raise ConfigError(f"embedding dimensions must be at least 16, got {dimensions}")
        self.dimensions = dimensions
        self.ngrams = ngrams
        self.name = f"hashed-ngram-{'-'.join(map(str, ngrams))}-d{dimensions}"

    def _features(self, text: str) -> list[int]:
        folded = fold_words(text)
        feats = [zlib.crc32(b"w:" + w.encode()) for w in folded.split()]
        padded = f" {folded} ".encode()
        for n in self.ngrams:
            feats.extend(zlib.crc32(padded[i : i + n]) for i in range(len(padded) - n + 1))
        return feats

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Vectors for `texts`; an empty text gives a fixed non-zero vector (cosine needs one)."""
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        for row, text in enumerate(texts):
            feats = np.asarray(self._features(text), dtype=np.uint64)
            if feats.size == 0:
                out[row, 0] = 1.0
                continue
            buckets = (feats % self.dimensions).astype(np.int64)
            # The hash's top bit picks the sign, so collisions cancel instead of piling up.
            signs = np.where((feats >> np.uint64(31)) & np.uint64(1), -1.0, 1.0)
            np.add.at(out[row], buckets, signs)
            # Sublinear term weighting: long notices should not drown short questions.
            out[row] = np.sign(out[row]) * np.log1p(np.abs(out[row]))
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        norms[norms == 0] = 1.0
        out /= norms
        return out.tolist()


class OpenAIEmbedder:
    """Embeddings from an OpenAI-compatible endpoint (batched, dimensions probed once)."""

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None,
        timeout: float = 60.0,
        batch: int = 128,
    ) -> None:
        from openai import OpenAI

        self._client = OpenAI(base_url=base_url, api_key=api_key or "unused", timeout=timeout)
        self.model = model
        self.batch = batch
        self.name = f"openai:{model}"
        self.dimensions = len(self.embed(["dimension probe"])[0])

    def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """Vectors for `texts`, in order."""
        vectors: list[list[float]] = []
        for start in range(0, len(texts), self.batch):
            chunk = [t or " " for t in texts[start : start + self.batch]]
            try:
                reply = self._client.embeddings.create(model=self.model, input=chunk)
            except Exception as exc:  # the client raises many transport/HTTP types
                raise LLMError(
                    f"embedding endpoint failed: {exc}",
                    hint="check SHABGRAPH_EMBED_BASE_URL / SHABGRAPH_EMBED_MODEL",
                ) from exc
            vectors.extend(list(d.embedding) for d in sorted(reply.data, key=lambda d: d.index))
        return vectors


def make_embedder(settings: Settings) -> Embedder:
    """The configured embedder: remote when SHABGRAPH_EMBED_BASE_URL is set, else offline."""
    if settings.embed_base_url:
        key = settings.embed_api_key.get_secret_value() if settings.embed_api_key else None
        return OpenAIEmbedder(settings.embed_base_url, settings.embed_model, key)
    return HashedNgramEmbedder(settings.embed_dimensions)
