"""Unknown keys of an entry are named in a fixed order (scorekeeper/rules/core/readers.py
``check_keys``): PostgreSQL's JSONB reorders an object's keys when it stores it, so the same
body must be refused at the same field whatever order its keys came in."""

from __future__ import annotations

import pytest

from scorekeeper.rules import RuleError, find_variant
from scorekeeper.rules.core.readers import check_keys


def test_the_first_unknown_key_in_sorted_order_is_named() -> None:
    with pytest.raises(RuleError) as caught:
        check_keys({"zeta": 1, "meld": 0, "alpha": 2}, ("meld",))
    assert (caught.value.path, caught.value.code) == ("alpha", "unknown")


def test_a_hand_is_refused_at_the_same_key_in_any_key_order() -> None:
    form = find_variant("pinochle-2")
    setup = form.setup(["Ana", "Ben"])
    hand = {"meld": {"Ana": 0, "Ben": 0}, "tricks": {"Ana": 130, "Ben": 120}}
    paths = set()
    for extra in ({"zz": 1, "bonus": 2}, {"bonus": 2, "zz": 1}):
        for body in ({**extra, **hand}, {**hand, **extra}):
            with pytest.raises(RuleError) as caught:
                form.play(setup, [body])
            paths.add(caught.value.path)
    assert paths == {"bonus"}
