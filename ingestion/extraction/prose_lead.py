"""Two prose shapes around a person's name: a function written before it (`Le président X, de Y,
est désormais domicilié à Z`, `Der Präsident X, von Y, wohnt neu in Z`, `Il presidente X, da Y,
è ora domiciliato a Z`) and a partner's shares handed on to others (`ses parts sont cédées à X`,
`seine Stammanteile wurden übertragen an X`, `le sue quote sono cedute a X`)."""

from __future__ import annotations

from ingestion.extraction.entries import lead_role
from ingestion.extraction.gates import may_match
from ingestion.extraction.lexicon import roles_of
from ingestion.extraction.mentions import Context, Mention
from ingestion.extraction.prose_entries import list_mentions, names_only
from ingestion.extraction.prose_rx import LEAD_ARTICLES, NAME_PARTICLES, label_patterns
from ingestion.extraction.text import split_top


def lead_function(sentence: str, lang: str | None) -> tuple[str | None, str]:
    """(function, rest) when the sentence opens with an article, a function word and a name
    (two capitalised words or particles); else (None, sentence). An auditor is a company and
    is read by the auditor rules."""
    article, _, body = sentence.partition(" ")
    if article[:2] in ("L'", "L’") and article[2:3].islower():
        body = sentence[2:]
    elif article not in LEAD_ARTICLES:
        return None, sentence
    role_text, rest = lead_role(body, lang)
    if role_text is None or "auditor" in roles_of(role_text, lang):
        return None, sentence
    tokens = rest.replace(",", " ").split()[:2]
    if len(tokens) < 2 or not all(t[:1].isupper() or t in NAME_PARTICLES for t in tokens):
        return None, sentence
    return role_text, rest


def with_lead_role(
    found: list[Mention], role_text: str, lang: str | None, sarl: bool
) -> list[Mention]:
    """Give the function written before the name to the mentions that name none of their own
    (a signature alone made them `authorized_signatory`)."""
    roles = roles_of(role_text, lang) or ["other"]
    if sarl:
        roles = list(dict.fromkeys("managing_director" if r == "chair" else r for r in roles))
    for m in found:
        if m.role_text is None:
            m.role_text = role_text
            m.roles = list(roles)
    return found


def share_recipients(sentence: str, lang: str | None, sarl: bool) -> list[Mention] | None:
    """The persons a share-transfer clause names as receivers (partners: only a partner holds
    parts / Stammanteile / quote), or None when the sentence has no such clause."""
    labels = label_patterns(lang)
    if not may_match(labels.share_keys, sentence):
        return None
    for segment in split_top(sentence, ";"):
        m = labels.share_transfer.search(segment)
        if m is None:
            continue
        names = (m.groupdict().get("names") or segment[m.end() :]).strip(" .")
        ctx = Context(lang=lang, action="registered", role="partner", sarl=sarl)
        return list_mentions(names, ctx, listed=True) or names_only(names, ctx)
    return None
