"""The contract between the pages and their scripts (static/*.js), declared once: the names
both sides must agree on. The page emits them (:func:`script_contract`, as ``data-*``
attributes of ``<html>`` in templates/base.html: no inline script, so the strict CSP holds) and
the scripts read them from there instead of writing the words again.

- :data:`NOT_TYPED`: the hidden fields of a hand form, never kept as a draft (drafts.js);
- :data:`DRAFT`: the query prefix of what was typed in a form, carried by a clash's redirect;
- :data:`CARRIED`: the query prefixes of the tools' results a hand form is filled in from
  (:func:`partner_key`: one partner's meld in a side of partners; a Pinnacola side's cards
  beside its points);
- :data:`CLASH`: the query argument of a page shown again after a clash (hands the form saw);
  :data:`BRING_BACK`: the one that fills it with the typing carried, when that typing was for a
  hand another phone saved meanwhile (kept, not filled in, until then);
- :data:`REPEATED`: the query argument of the page after a hand another phone had stored
  exactly so (its number): nothing was stored twice (docs/phone.md "Two phones, one deal");
- :data:`SCORER_COOKIE`: a cookie that says only that this browser scores a match (its session
  cookie, which holds the edit tokens, is not for scripts): offline, the service worker makes a
  reloaded match page a scoring page again only while it is there (static/sw.js, issue 38
  point 2);
- :data:`SWAP`: the header of a hand form sent by the script (queue.js): a hand stored is then
  answered with the match page itself, which the script swaps in place.
"""

from __future__ import annotations

from collections.abc import Mapping

#: The fields of a hand form that are not typed at the table (never carried as a draft).
NOT_TYPED = frozenset({"csrf_token", "idempotency_key", "version", "seen", "chip"})

#: The query prefix of a hand form's typing carried in a page's address (after a clash).
DRAFT = "f."

#: Query arguments of the match page that fill its hand form in (the tools' results).
CARRIED = ("meld.", "table.", "hand.", "cards.", "handcards.")


def partner_key(side: str, player: str) -> str:
    """The query argument of one partner's meld in a side that melds as one (``meld.Us.Ana``):
    each partner's meld is counted from his own cards, the side's is their sum (issue 26)."""
    return f"{CARRIED[0]}{side}.{player}"


#: The query argument of a page shown again after a clash: the number of hands the stale
#: form was made from.
CLASH = "clash"

#: The query argument that fills the page after a clash with the typing its address carries
#: when another phone saved meanwhile the hand it was typed for: without it that typing is
#: kept in the address, never filled in as the next hand (issue 38 point 1).
BRING_BACK = "typed"

#: The query argument of the page after a stale form repeated a hand another phone stored
#: meanwhile (that hand's number): the hand was not stored twice (issue 38 point 1).
REPEATED = "repeated"

#: The cookie that says this browser scores a match; it holds no secret (the session does).
SCORER_COOKIE = "sk_scores"

#: The header of a hand form sent by the page's script: answer a stored hand with the page.
SWAP = "Scorekeeper-Swap"


def carried_typing(args: Mapping[str, str]) -> dict[str, str]:
    """The typing a page's address carries after a clash (:data:`DRAFT`), by field name:
    never a field not typed at the table, never a value longer than any field takes."""
    return {
        key.removeprefix(DRAFT): value
        for key, value in args.items()
        if key.startswith(DRAFT) and key.removeprefix(DRAFT) not in NOT_TYPED and len(value) <= 200
    }


def script_contract() -> dict[str, str]:
    """The contract as the ``data-*`` attributes of the page's ``<html>`` (names without the
    ``data-`` prefix; lists as space-separated words, in a fixed order)."""
    return {
        "not-typed": " ".join(sorted(NOT_TYPED)),
        "carried": " ".join((DRAFT, *CARRIED)),
        "clash": CLASH,
        "repeated": REPEATED,
        "swap-header": SWAP,
    }
