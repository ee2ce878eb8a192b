"""The words of the hands counted on the phone (scorekeeper/rules/engine/words.py): every one
in the catalog of every language, and exactly those that static/counted.js reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.rules.engine import words as phone_words
from scorekeeper.rules.engine.answers import gettext_of

COUNTED_JS = Path(__file__).resolve().parents[3] / "static" / "counted.js"


@pytest.mark.parametrize("lang", ["es", "it", "ru"])
def test_every_word_is_translated(lang: str) -> None:
    said = phone_words.words(gettext_of(lang))
    english = phone_words.words(str)
    assert said.keys() == english.keys()
    untranslated = [name for name in said if said[name] == english[name]]
    assert not untranslated, (lang, untranslated)


def test_english_is_the_template_itself() -> None:
    assert phone_words.words(str) == phone_words.WORDS


def test_counted_js_reads_exactly_these_words() -> None:
    read = set(re.findall(r"\bwords\.([a-z_]+)\b", COUNTED_JS.read_text(encoding="utf-8")))
    assert read == set(phone_words.WORDS)
