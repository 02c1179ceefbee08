"""Prompts of the optional LLM judge and of the flat baselines' answer writer.

Our own wording of the paper's four criteria (its Table S4), on the same 0-1 scale. Each judge
prompt asks for a single number so that parsing stays trivial and auditable.
"""

from __future__ import annotations

from typing import Final

JUDGE_SYSTEM: Final = (
    "You grade answers of a question-answering system about the Swiss commercial register. "
    "You reply with one number between 0 and 1 and nothing else."
)

FAITHFULNESS: Final = """Retrieved context:
<<<
{context}
>>>

Answer:
<<<
{answer}
>>>

Score how much of the answer's factual content is backed by the retrieved context: 1 when every
claim can be found in the context, 0 when the claims are invented. Reply with the number only."""

CORRECTNESS: Final = """Question: {question}

Reference answer: {reference}

Answer to grade:
<<<
{answer}
>>>

Score whether the answer states the facts of the reference answer correctly: 1 when it is right
and covers what the reference says, 0 when it is wrong or does not answer. Ignore wording,
order, formatting and extra detail as long as the substance agrees. Reply with the number only."""

ANSWER_RELEVANCE: Final = """Question: {question}

Answer:
<<<
{answer}
>>>

Score how directly the answer addresses the question: 1 when it answers exactly what was asked,
0 when it talks about something else or avoids the question. Reply with the number only."""

INFORMATION_RECALL: Final = """Reference answer: {reference}

Answer to grade:
<<<
{answer}
>>>

Score which share of the reference answer's core information the graded answer contains, from 0
(none) to 1 (all of it). Reply with the number only."""

JUDGE_PROMPTS: Final = {
    "faithfulness": FAITHFULNESS,
    "correctness": CORRECTNESS,
    "answer_relevance": ANSWER_RELEVANCE,
    "information_recall": INFORMATION_RECALL,
}

FLAT_ANSWER: Final = """Answer the question using only the commercial-register notices below.
Cite the publication number of each notice you use in brackets. If the notices do not contain
the answer, say so.

Notices:
{documents}

Question: {question}"""
