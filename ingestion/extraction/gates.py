"""Cheap tests in front of the extractor's regexes, read from the parsed patterns: the strings a
match must contain (`needles`, tested with `may_match`) and the characters it can start with
(`lead_gated`). Most notices hold none of most cues, and a substring or class test is much
cheaper than a regex scan (the rules backend must read ~2,000 notices a second)."""

from __future__ import annotations

import re
from functools import lru_cache

# The parsed form of a regex, to read the literals it requires (`needles`); not in typeshed.
from re import _constants as sre_c  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from typing import Any

_REPEATS = (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT, sre_c.POSSESSIVE_REPEAT)


def _score(needles: frozenset[str]) -> tuple[int, int]:
    return min(len(n) for n in needles), -len(needles)


def _needles_of(items: Any) -> frozenset[str] | None:
    """Strings one of which every match of the parsed sequence `items` contains verbatim."""
    best: frozenset[str] | None = None
    run: list[str] = []

    def consider(candidate: frozenset[str] | None) -> None:
        nonlocal best
        if candidate and (best is None or _score(candidate) > _score(best)):
            best = candidate

    for op, av in items:
        if op is sre_c.LITERAL:
            run.append(chr(av))
            continue
        # Anything else ends a run of adjacent literals (cutting a run short is always safe).
        consider(frozenset({"".join(run)}) if run else None)
        run = []
        if op is sre_c.SUBPATTERN and not av[1] & re.IGNORECASE:
            consider(_needles_of(av[3]))
        elif op in _REPEATS and av[0] >= 1:
            consider(_needles_of(av[2]))
        elif op is sre_c.BRANCH:
            alternatives = [_needles_of(alt) for alt in av[1]]
            if all(alternatives):
                consider(frozenset().union(*alternatives))  # type: ignore[arg-type]
        # Lookarounds, optional parts, classes and anchors promise no literal: skipped.
    consider(frozenset({"".join(run)}) if run else None)
    return best


_ZERO_WIDTH = (sre_c.AT, sre_c.ASSERT, sre_c.ASSERT_NOT)
_MAX_CLASS = 256


def _class_chars(av: Any) -> frozenset[str] | None:
    chars: set[str] = set()
    for op, arg in av:
        if op is sre_c.LITERAL:
            chars.add(chr(arg))
        elif op is sre_c.RANGE and arg[1] - arg[0] < _MAX_CLASS:
            chars.update(chr(c) for c in range(arg[0], arg[1] + 1))
        else:  # a negated class, a category (`\w`), a wide range: any character may open it
            return None
    return frozenset(chars)


def _firsts(items: Any) -> tuple[frozenset[str] | None, bool]:
    """(characters a match of the parsed sequence can start with, whether it can be empty);
    None: any character."""
    found: set[str] = set()
    for op, av in items:
        if op in _ZERO_WIDTH:
            continue  # an anchor or a lookaround consumes nothing: the next item opens the match
        if op is sre_c.LITERAL:
            return frozenset(found | {chr(av)}), False
        if op is sre_c.IN:
            chars = _class_chars(av)
            return (None, False) if chars is None else (frozenset(found | chars), False)
        if op is sre_c.SUBPATTERN:
            if av[1] & re.IGNORECASE:
                return None, False
            sub, empty = _firsts(av[3])
        elif op is sre_c.BRANCH:
            alts = [_firsts(alt) for alt in av[1]]
            if any(chars is None for chars, _ in alts):
                return None, False
            sub = frozenset().union(*(chars for chars, _ in alts if chars is not None))
            empty = any(e for _, e in alts)
        elif op in _REPEATS:
            sub, empty = _firsts(av[2])
            empty = empty or av[0] == 0
        else:  # any character, a back reference …
            return None, False
        if sub is None:
            return None, False
        found |= sub
        if not empty:
            return frozenset(found), False
    return frozenset(found), True


def _opens_at_boundary(items: Any) -> bool:
    """True when every match of the parsed sequence starts with `\\b` (before anything else)."""
    if not len(items):
        return False
    op, av = items[0]
    if op is sre_c.AT:
        return bool(av is sre_c.AT_BOUNDARY)
    if op is sre_c.SUBPATTERN:
        return _opens_at_boundary(av[3])
    if op is sre_c.BRANCH:
        return all(_opens_at_boundary(alt) for alt in av[1])
    return False


def lead_gated(pattern: str) -> str:
    """`pattern` behind a lookahead on the characters its matches can start with.

    Same matches, but a scan skips the positions no alternative can start at with one class test
    (an alternation opening with `\\b` gets no such shortcut from the regex engine itself).
    Unchanged when any character may start a match, the pattern can match the empty string or
    ignores case.
    """
    parsed = sre_parse.parse(pattern)
    if parsed.state.flags & re.IGNORECASE:
        return pattern
    chars, empty = _firsts(parsed)
    if chars is None or empty or not chars:
        return pattern
    cls = "".join(sorted(re.escape(c) for c in chars))
    # Every alternative opens with `\\b`: testing it once first skips the positions inside words.
    boundary = r"\b" if _opens_at_boundary(parsed) else ""
    return f"{boundary}(?=[{cls}])(?:{pattern})"


@lru_cache(maxsize=1024)
def needles(pattern: str) -> frozenset[str] | None:
    """Strings one of which any text the regex matches contains verbatim (None: none found).

    A case-sensitive pattern cannot match a text that holds none of them, so a caller can skip
    the regex scan (the costly part of the rules backend) with a few substring tests. Read from
    the parsed regex, so escapes, classes, groups and lookarounds are understood exactly; needles
    shorter than three characters would filter too little and give None.
    """
    parsed = sre_parse.parse(pattern)
    if parsed.state.flags & re.IGNORECASE:
        return None
    found = _needles_of(parsed)
    return fewest_keys(found) if found and min(len(n) for n in found) >= 3 else None


def fewest_keys(keys: frozenset[str]) -> frozenset[str]:
    """`keys` without those containing another key: a text holds one of them exactly when it
    holds one of the rest, with fewer substring tests."""
    return frozenset(k for k in keys if not any(o != k and o in k for o in keys))


def may_match(keys: frozenset[str] | None, text: str) -> bool:
    """False only when `text` holds none of a regex's `needles` (so the regex cannot match)."""
    if keys is None:
        return True
    # A plain loop: called ~60 times a notice, a generator costs more than the test itself.
    for k in keys:  # noqa: SIM110
        if k in text:
            return True
    return False
