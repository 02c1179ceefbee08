"""Statistics of the report: bootstrap and Wilson intervals, paired comparisons, Holm correction.

All resampling uses a seeded generator, so a report regenerated from the same records prints the
same intervals.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from pydantic import BaseModel

BOOTSTRAP_RESAMPLES = 2000
SEED = 20260415


class Interval(BaseModel):
    """A point estimate with its 95% interval."""

    value: float
    """Point estimate."""
    low: float
    """Lower bound."""
    high: float
    """Upper bound."""
    n: int
    """Sample size."""


class PairedComparison(BaseModel):
    """System minus reference on the same items."""

    system: str
    """The compared system."""
    reference: str
    """The reference system (the full agent)."""
    metric: str
    """Metric compared."""
    n: int
    """Paired items."""
    diff: float
    """Mean difference (system minus reference)."""
    low: float
    """Lower bound of the bootstrap 95% interval of the difference."""
    high: float
    """Upper bound."""
    p: float
    """Two-sided p-value (exact McNemar for binary metrics, sign-flip permutation otherwise)."""
    p_holm: float = float("nan")
    """p-value after Holm correction within its family."""
    a_only: int = 0
    """Binary metrics: items where only the system scored 1."""
    b_only: int = 0
    """Binary metrics: items where only the reference scored 1."""


def bootstrap_mean(
    values: Sequence[float], resamples: int = BOOTSTRAP_RESAMPLES, seed: int = SEED
) -> Interval:
    """Mean with a percentile bootstrap 95% interval."""
    arr = np.asarray(values, dtype=float)
    if arr.size == 0:
        return Interval(value=float("nan"), low=float("nan"), high=float("nan"), n=0)
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, arr.size, size=(resamples, arr.size))
    means = arr[idx].mean(axis=1)
    return Interval(
        value=float(arr.mean()),
        low=float(np.percentile(means, 2.5)),
        high=float(np.percentile(means, 97.5)),
        n=int(arr.size),
    )


def wilson(successes: int, n: int, z: float = 1.959964) -> Interval:
    """Rate with the Wilson score 95% interval (sensible at 0 and 1, unlike the normal one)."""
    if n == 0:
        return Interval(value=float("nan"), low=float("nan"), high=float("nan"), n=0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(value=p, low=low, high=high, n=n)


def mcnemar_exact(a_only: int, b_only: int) -> float:
    """Two-sided exact McNemar p-value from the discordant pair counts."""
    n = a_only + b_only
    if n == 0:
        return 1.0
    k = min(a_only, b_only)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return float(min(1.0, 2 * tail))


def sign_flip_p(diffs: np.ndarray, resamples: int = BOOTSTRAP_RESAMPLES, seed: int = SEED) -> float:
    """Two-sided paired permutation p-value (random sign flips of the differences)."""
    if diffs.size == 0 or not np.any(diffs):
        return 1.0
    rng = np.random.default_rng(seed)
    observed = abs(diffs.mean())
    signs = rng.choice((-1.0, 1.0), size=(resamples, diffs.size))
    flipped = np.abs((signs * diffs).mean(axis=1))
    return float((1 + np.sum(flipped >= observed - 1e-12)) / (resamples + 1))


def paired(
    system: str, reference: str, metric: str, a: Sequence[float], b: Sequence[float], binary: bool
) -> PairedComparison:
    """Compare `a` (system) with `b` (reference) item by item."""
    if len(a) != len(b):
        raise ValueError(f"paired comparison needs equal lengths, got {len(a)} and {len(b)}")
    xa, xb = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    diffs = xa - xb
    ci = bootstrap_mean(diffs)
    a_only = int(np.sum((xa >= 0.5) & (xb < 0.5))) if binary else 0
    b_only = int(np.sum((xa < 0.5) & (xb >= 0.5))) if binary else 0
    p = mcnemar_exact(a_only, b_only) if binary else sign_flip_p(diffs)
    return PairedComparison(
        system=system,
        reference=reference,
        metric=metric,
        n=int(diffs.size),
        diff=ci.value,
        low=ci.low,
        high=ci.high,
        p=p,
        a_only=a_only,
        b_only=b_only,
    )


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm-Bonferroni adjusted p-values, in the input order (monotone, capped at 1)."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def apply_holm(comparisons: list[PairedComparison]) -> list[PairedComparison]:
    """Set `p_holm` on every comparison of one family (one metric, one suite)."""
    adjusted = holm([c.p for c in comparisons])
    return [c.model_copy(update={"p_holm": q}) for c, q in zip(comparisons, adjusted, strict=True)]
