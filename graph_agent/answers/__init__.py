"""Answer writing: cited, answer-first drafts in the question's language."""
