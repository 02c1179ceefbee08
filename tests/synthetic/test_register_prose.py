"""The register prose of the bilingual cantons (issue 16) is part of the synthetic corpus."""

from __future__ import annotations

import random
import re

from synthetic.register_prose import RegisterProse, uses_register_prose
from tests.synthetic.conftest import publications, read_jsonl


def test_register_prose_forms_occur(corpus) -> None:  # type: ignore[no-untyped-def]
    out, _ = corpus
    styles = {e["pub_number"]: e["style"] for e in read_jsonl(out / "truth" / "events.jsonl")}
    texts = [
        p["content"]["publicationText"]
        for p in publications(out)
        if styles[p["meta"]["publicationNumber"]] == "register"
    ]
    assert len(texts) > 50
    text = "\n".join(texts)
    # Officers with a common verb, expiry sentences, earlier values inline, grant labels.
    assert re.search(
        r", (?:sind|ist) zurückgetreten|, (?:ont|a) démissionné|, (?:sono|è) dimission", text
    )
    assert re.search(
        r"(?:Die (?:Kollektiv|Einzel)\w+|La (?:procuration|signature|procura|firma) [a-zà ]+) (?:von|de|di) [A-Z]",
        text,
    )
    assert re.search(
        r"bisher [^,]+, (?:ist jetzt|zeichnet neu)|déjà inscrite?, est désormais|già iscritt[oa], è ora",
        text,
    )
    assert "Neu zeichnen mit " in text


def test_register_prose_only_in_its_cantons() -> None:
    rng = random.Random(3)
    assert not any(uses_register_prose("de", "ZH", rng) for _ in range(200))
    assert any(uses_register_prose("de", "FR", rng) for _ in range(200))


def test_sentences_agree_and_repeat_prepositions() -> None:
    reg = RegisterProse("it")
    reg.officers_out.append("Bassi Lia, da Biasca, in Biasca, membro")
    reg.female_out = True
    reg.expired["collective_procuration"] = ["Conti Ugo", "Ferri Ada"]
    sentences = reg.sentences(random.Random(0))
    assert sentences[0] == "Bassi Lia, da Biasca, in Biasca, membro, è dimissionaria."
    assert sentences[1] in (
        "La procura collettiva a due di Conti Ugo e Ferri Ada è estinta.",
        "La procura collettiva a due di Conti Ugo e di Ferri Ada è estinta.",
    )
