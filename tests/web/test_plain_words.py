"""The pages' rewording of the rules' refusals (scorekeeper/web/forms.py ``PLAIN``) is keyed by
each refusal's code, never by its English words; and it says what the pages said when it was
keyed by the words: every refusal written in the package is read here, with its code and the
names of its values, and looked up both ways."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scorekeeper.web.forms import PLAIN, refusal_key

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"

#: The rewording as it was keyed by the English template (the pages' words before issue 24).
BY_WORDS: dict[str, str] = {
    "say how the deal ended: closed_by, pinnacolone or stalled": (
        "say how the deal ended: who closed, a Pinnacolone, or stalled"
    ),
    "a deal ends in one way only: {first} or {second}, not both": (
        "a deal ends in one way only: pick one ending"
    ),
    "may be null only when deals is set": (
        "may be left empty only when the match is played for a number of deals"
    ),
    "needs the kitty (kitty: true)": "needs the kitty",
    "starts at {first}, above the minimum bid of {min_bid}: set min_bid too": (
        "starts at {first}, above the minimum bid of {min_bid}: raise the minimum bid too"
    ),
    "belongs to scoring: {mode}; this match is scored in {scoring}": (
        "counts only when the scores are kept in {mode}, not in {scoring}"
    ),
    "must be one of {choices}, not {given}": "is not one of the choices offered",
    "is not a field of this entry": "does not belong in this hand",
    "is not a meld; melds are {ids}": "is not a meld",
    "must be one of {presets} or an object of meld values": (
        "must be one of the meld tables offered"
    ),
    "is not an option of this game": "is not a house rule of this game",
    "an Idempotency-Key has 1 to {most} characters": (
        "this page is out of date: open the match again"
    ),
    "an Idempotency-Key may not hold the character U+{code_point}": (
        "this page is out of date: open the match again"
    ),
}


def refusals(source: str) -> list[tuple[str, str, frozenset[str]]]:
    """Every ``RuleError(path, "<template>", code="<code>", name=...)`` of ``source`` whose
    template and code are written out: (template, code, names of its values)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "RuleError"
            and len(node.args) > 1
            and isinstance(node.args[1], ast.Constant)
        ):
            continue
        keywords = {k.arg: k.value for k in node.keywords if k.arg is not None}
        code = keywords.pop("code", ast.Constant("invalid"))
        if isinstance(code, ast.Constant):
            found.append((str(node.args[1].value), str(code.value), frozenset(keywords)))
    return found


def _every_refusal() -> list[tuple[str, str, frozenset[str]]]:
    return sorted(
        {
            refusal
            for path in PACKAGE.rglob("*.py")
            for refusal in refusals(path.read_text(encoding="utf-8"))
        },
        key=str,
    )


def test_the_reader_sees_a_refusal_with_its_code_and_values() -> None:
    source = 'raise RuleError(path, "must be at most {high}", code="too_large", high=most)\n'
    assert refusals(source) == [("must be at most {high}", "too_large", frozenset({"high"}))]
    assert refusals('RuleError("_", "is wrong")\n') == [("is wrong", "invalid", frozenset())]


def test_every_reworded_refusal_is_written_in_the_package() -> None:
    written = {(code, names) for _template, code, names in _every_refusal()}
    assert set(PLAIN) <= written
    assert {template for template, _code, _names in _every_refusal()} >= set(BY_WORDS)


@pytest.mark.parametrize("refusal", _every_refusal(), ids=lambda r: f"{r[1]}:{r[0][:40]}")
def test_a_refusal_reads_on_the_pages_as_it_did(refusal: tuple[str, str, frozenset[str]]) -> None:
    template, code, names = refusal
    assert PLAIN.get(refusal_key(code, *names), template) == BY_WORDS.get(template, template)
