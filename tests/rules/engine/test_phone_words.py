"""The words of the hands counted on the phone (scorekeeper/rules/engine/words.py): every one
in the catalog of every language, and exactly those that static/counted.js and the scripts served
with it or with engine.js read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scorekeeper.infra import engine
from scorekeeper.rules.engine import words as phone_words
from scorekeeper.rules.engine.answers import gettext_of

STATIC = Path(__file__).resolve().parents[3] / "static"
COUNTED_JS = STATIC / "counted.js"
#: Its pure parts hold the English words until the engine says them (counted_core.js ``words``).
CORE_JS = STATIC / "counted_core.js"


def code_of(path: Path) -> str:
    """A script without its comment lines (which name words.py, not a word)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.strip().startswith("//"))


@pytest.mark.parametrize("lang", ["es", "it", "ru"])
def test_every_word_is_translated(lang: str) -> None:
    said = phone_words.words(gettext_of(lang))
    english = phone_words.words(str)
    assert said.keys() == english.keys()
    untranslated = [name for name in said if said[name] == english[name]]
    assert not untranslated, (lang, untranslated)


def test_english_is_the_template_itself() -> None:
    assert phone_words.words(str) == phone_words.WORDS


#: The English words of counted_core.js (what its other code reads is looked for apart).
ENGLISH = re.compile(r"words: \{(.*?)\n    \}", re.S)


def test_the_engines_page_scripts_read_exactly_these_words() -> None:
    # counted.js and the scripts served with it or with engine.js (rules_upgrade.js: the note
    # of an upgrade), counted_core.js's English words aside.
    scripts = [STATIC / name for name in (*engine.COUNTED, *engine.LOADER)]
    assert COUNTED_JS in scripts
    codes = [ENGLISH.sub("", code_of(path)) for path in scripts]
    read = set().union(*(re.findall(r"\bwords\.([a-z_]+)\b", code) for code in codes))
    assert read == set(phone_words.WORDS)


def test_the_page_s_english_until_the_engine_answers_is_the_template() -> None:
    block = ENGLISH.search(code_of(CORE_JS))
    assert block is not None
    english = dict(re.findall(r'(\w+): "([^"]*)"', block.group(1)))
    assert english == phone_words.WORDS
