"""Routes of the JSON API: parse the request, call the service or the rules, serialise.

Every answer under ``/api/`` is JSON, errors included (:mod:`scorekeeper.api.errors`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from flask import Response, current_app, jsonify, request
from flask_babel import get_locale

from .. import service
from ..extensions import csrf
from ..i18n import request_gettext
from ..infra import rate_limits, replay_limits
from ..infra.json_text import COMPACT, Encoded
from ..infra.security import no_store
from ..models import Match, as_utc
from ..rules import HandResult, MatchState
from ..rules.contract import bodies, tools, wire
from ..rules.core.readers import as_object, check_keys
from . import bp
from .club import club_fields
from .inputs import bearer_token, json_body

# Writes carry the edit token, not a session cookie: there is nothing for CSRF to protect.
csrf.exempt(bp)

#: The keys of ``POST /api/v1/matches``.
MATCH_FIELDS = ("variant", "players", "teams", "rules", "dealer")


# --- Matches ---------------------------------------------------------------------------------


@bp.post("/matches")
@rate_limits.new_matches
def create_match() -> tuple[Response, int]:
    """Create a match; 201 with the match and its ``edit_token`` (shown this once only)."""
    body = as_object(json_body(), "_")
    check_keys(body, MATCH_FIELDS, required=("variant",))
    match, token = service.create_match(
        body["variant"],
        body.get("players"),
        body.get("teams"),
        body.get("rules"),
        body.get("dealer"),
    )
    answer = jsonify(match_json(match, service.state_of(match)) | {"edit_token": token})
    return no_store(answer), 201  # the token is a secret: no cache keeps this answer


@bp.get("/matches/<public_id>")
def show_match(public_id: str) -> Response:
    """The match. Its ETag is the version, so the live scoreboard's polls are cheap 304s."""

    def build(match: Match) -> Response:
        state = service.state_of(match)
        # The answer of this version in this language is the same for every reader: built once.
        body = service.memo(
            match,
            state,
            f"match-json:{get_locale()}",
            lambda: jsonify(match_json(match, state, encoded=True)).get_data(),
        )
        return Response(body, mimetype="application/json")

    return versioned(public_id, build)


def versioned(public_id: str, build: Callable[[Match], Response]) -> Response:
    """What ``build`` makes of the match, with the match's weak ``ETag`` (its version): a
    client that has this version's answer gets a 304, answered from the version alone
    without loading the hands. Sent ``no-cache``: always ask; the ETag makes asking cheap."""
    etag = str(service.version_of(public_id))
    if request.if_none_match.contains_weak(etag):
        response = Response(status=304)
    else:
        match = service.get_match(public_id)
        etag = str(match.version)  # it may have moved on since the first read
        response = build(match)
    response.set_etag(etag, weak=True)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.post("/matches/<public_id>/hands")
def add_hand(public_id: str) -> tuple[Response, int]:
    """Add the next hand; 201 with the hand and the match."""
    token = bearer_token()
    entry, version = _hand_body()

    def respond(match: Match, state: MatchState, kept: Any) -> service.Answer:
        # A repeat answers with the hand as the first write stored it (docs/api.md "Hands").
        if kept is None and not state.hands:
            # A key first used by another kind of write (undo, finish) that left no hand.
            return service.Answer(201, {"match": _write_match_json(match, state)})
        hand = kept if kept is not None else _hand_json_of(state.hands[-1])
        return service.Answer(201, {"hand": hand, "match": _write_match_json(match, state)}, hand)

    written = service.add_hand(
        public_id,
        token,
        entry,
        version=version,
        idempotency_key=_idempotency_key(),
        respond=respond,
    )
    return _written(written)


@bp.put("/matches/<public_id>/hands/<int:number>")
@replay_limits.budgeted
def replace_hand(public_id: str, number: int) -> tuple[Response, int]:
    """Correct an earlier hand; 200 with the match recomputed."""
    token = bearer_token()
    entry, version = _hand_body()

    def respond(match: Match, state: MatchState, kept: Any) -> service.Answer:
        # The corrected hand is answered beside the match (as POST does) and kept for a
        # repeat, which answers with it (docs/api.md "Hands").
        if kept is None and number <= len(state.hands):
            # The replay's entry is the stored one: no hand of the match is loaded.
            hand = state.hands[number - 1]
            kept = wire.hand_json(hand, hand.input, request_gettext)
        return _respond_with_match(match, state, kept)

    written = service.replace_hand(
        public_id,
        token,
        number,
        entry,
        version=version,
        idempotency_key=_idempotency_key(),
        respond=respond,
    )
    return _written(written)


@bp.delete("/matches/<public_id>/hands/<int:number>")
def delete_hand(public_id: str, number: int) -> tuple[Response, int]:
    """Undo the last hand (``?version=N`` optional); 200 with the match."""
    token = bearer_token()
    version = _query_version()
    written = service.delete_last_hand(
        public_id,
        token,
        number,
        version=version,
        idempotency_key=_idempotency_key(),
        respond=_respond_with_match,
    )
    return _written(written)


@bp.post("/matches/<public_id>/finish")
def finish_match(public_id: str) -> tuple[Response, int]:
    """End the match now; 200 with the match. ``version`` as in the other writes, in an
    optional JSON body or as ``?version=N``."""
    token = bearer_token()
    version = _query_version()
    if request.get_data(cache=True):
        version = bodies.finish_body(json_body(), version)
    written = service.finish_match(
        public_id,
        token,
        version=version,
        idempotency_key=_idempotency_key(),
        respond=lambda match, state, kept: service.Answer(200, _write_match_json(match, state)),
    )
    return _written(written)


@bp.get("/matches/<public_id>/settlement")
def settlement(public_id: str) -> Response:
    """Who pays whom at the end of an auction night in units."""
    return jsonify(wire.settlement_json(service.settlement(service.get_match(public_id))))


# --- Meld calculators: the rules and nothing else ---------------------------------------------


@bp.post("/meld/pinochle")
def pinochle_meld() -> Response:
    """The best meld a pinochle hand of real cards holds."""
    return jsonify(tools.pinochle_meld(json_body()))


@bp.post("/meld/double-deck")
def double_deck_meld() -> Response:
    """The melds a hand of double-deck pinochle's 80 cards holds, in counters."""
    return jsonify(tools.double_deck_meld(json_body()))


@bp.post("/meld/pinnacola")
def pinnacola_meld() -> Response:
    """What a Pinnacola meld is worth, or a 422 saying why the cards are no meld; ``pinelle``
    (true by default) and ``joker_sets`` (false) as the match options (docs/rules.md §3)."""
    return jsonify(tools.pinnacola_meld(json_body()))


# --- Serialisation ---------------------------------------------------------------------------


def _minimal() -> bool:
    """Whether the request says ``Prefer: return=minimal`` (RFC 7240; docs/api.md "Hands")."""
    return any(
        preference.strip().lower() == "return=minimal"
        for header in request.headers.getlist("Prefer")
        for preference in header.split(",")
    )


def _write_match_json(match: Match, state: MatchState) -> dict[str, Any]:
    """The match in a write's answer: without its hands under ``Prefer: return=minimal``."""
    return match_json(match, state, hands=not _minimal(), encoded=True)


def _written(written: service.Written) -> tuple[Response, int]:
    """A write's answer, saying when the preference for a minimal one was applied."""
    response = jsonify(written.body)
    if _minimal():
        response.headers["Preference-Applied"] = "return=minimal"
        response.vary.add("Prefer")
    return response, written.status


def match_json(
    match: Match, state: MatchState, *, hands: bool = True, encoded: bool = False
) -> dict[str, Any]:
    """A match as docs/api.md describes it: :func:`scorekeeper.rules.contract.wire.match_json` of
    its stored fields and state, in the request's language, plus what its row knows (``id``,
    ``version``, the timestamps and a club night's fields). ``hands=False`` leaves the hands
    out (``Prefer: return=minimal``).

    Each hand's JSON is built once per language and process (``service.per_hand``); with
    ``encoded``, as its JSON text (:class:`~scorekeeper.infra.json_text.Encoded`: only for an
    answer that ``jsonify`` writes, the app's provider putting the texts in)."""
    shown: list[dict[str, Any]] | bool = False
    if hands and not encoded:
        shown = service.per_hand(match, state, f"json:{get_locale()}", _hand_json_of)
    # Only a problem reads the stored entries: no hand is loaded for a match without one.
    inputs = [hand.input for hand in match.hands] if state.problems else []
    answer = {"id": match.public_id, "version": match.version} | wire.match_json(
        service.stored_match(match), state, request_gettext, inputs=inputs, hands=shown
    )
    if hands and encoded:
        answer["hands"] = Encoded(
            service.per_hand(match, state, f"json-text:{get_locale()}", _hand_text_of)
        )
    answer |= {"created_at": iso(match.created_at), "updated_at": iso(match.updated_at)}
    # A club night's fields (docs/club.md §14 "Matches of a club night"): over by §7.2.
    answer |= club_fields(match, state)
    return answer


def _hand_json_of(hand: HandResult) -> dict[str, Any]:
    return wire.hand_json(hand, hand.input, request_gettext)


def _hand_text_of(hand: HandResult) -> str:
    return current_app.json.dumps(_hand_json_of(hand), separators=COMPACT)


def _respond_with_match(match: Match, state: MatchState, kept: Any) -> service.Answer:
    # A repeat of a key first used by POST or PUT answers with the hand it kept too.
    hand = {} if kept is None else {"hand": kept}
    return service.Answer(200, hand | {"match": _write_match_json(match, state)}, kept)


def iso(moment: datetime) -> str:
    """A stored moment as the API writes it: ISO 8601 in UTC (``2024-05-01T20:15:00+00:00``)."""
    return as_utc(moment).isoformat()


# --- Reading requests (the body and the token: :mod:`.inputs`) -------------------------------


def _hand_body() -> tuple[dict[str, Any], int | None]:
    """A hand's entry for the rules, and the API's own ``version`` key taken out of it."""
    return bodies.hand_body(json_body())


def _query_version() -> int | None:
    return bodies.query_version(request.args.get("version"))


def _idempotency_key() -> str | None:
    return request.headers.get("Idempotency-Key")
