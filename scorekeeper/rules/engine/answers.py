"""The phone's engine (docs/phone.md): the server's answers to a match's requests, computed on
the phone by the server's own code, under Pyodide in a Web Worker (``static/engine_worker.js``).

:func:`run` takes a request as JSON text: ``match`` (the API's match JSON as the server last
gave it), ``ops`` (requests to apply in order) and ``lang``; it answers, for each op, the status
and JSON body the API would give, and for a page's hand form the words the page would put at
each field. Nothing here decides anything: reading the body is
:mod:`scorekeeper.rules.contract.bodies`'s, reading a hand form's fields
:mod:`scorekeeper.rules.entry`'s, the write's decision :mod:`scorekeeper.rules.contract.writes`'s,
the JSON :mod:`scorekeeper.rules.contract.wire`'s, the words
:mod:`scorekeeper.rules.core.wording`'s and :mod:`scorekeeper.rules.contract.plain`'s, in the
catalog the server uses (``catalogs/<lang>.mo`` in the bundle). What only the server can do (the
edit token, an ``Idempotency-Key`` seen before, limits of rate and size) is not done here: the
queue sends the entries, never results, so the server has the last word.

An op is an API request, ``{"method", "path", "query", "body", "lang", "minimal"}`` (``path``
after the match's URL: ``/hands``, ``/hands/3``, ``/finish``, ``/settlement``, ``""`` for a
read; ``body`` the JSON text), or a page's hand form, ``{"method": "POST", "path": "/hands" or
"/hands/<n>", "fields": [[name, value], ...]}``.
"""

from __future__ import annotations

import copy
import gettext as catalogs
import json
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from .. import entry as hand_fields
from ..contract import bodies, plain, wire, writes
from ..core.errors import MatchOverError, RuleError
from ..core.match import FINISHED, MatchState, Setup, finish
from ..core.runner import Checkpoint
from ..core.wording import Gettext, translate
from ..games.registry import Variant, find_variant
from . import kept, tools
from . import words as phone_words
from .resumed import Resumed, ResumedReplays, still_true

#: The keys of the API's match JSON that the rules make (the others, such as ``id`` and the
#: club night's fields, are the server's and are kept as the server gave them).
_OWN = frozenset({"version", "hands"})
#: Where the bundle keeps the catalogs (``scorekeeper/infra/engine_bundle.py``), and where a
#: checkout keeps them (the tests run the engine natively too).
_BUNDLE_CATALOGS = Path(__file__).resolve().parents[3] / "catalogs"
_CHECKOUT_CATALOGS = Path(__file__).resolve().parents[2] / "translations"
_HAND = re.compile(r"^/hands/([0-9]{1,9})$")


@cache
def gettext_of(lang: str) -> Gettext:
    """The catalog lookup of ``lang`` (English, or a language without a catalog: the English
    itself, as the server does)."""
    for path in (
        _BUNDLE_CATALOGS / f"{lang}.mo",
        _CHECKOUT_CATALOGS / lang / "LC_MESSAGES" / "messages.mo",
    ):
        if re.fullmatch(r"[a-z]{2}", lang) and path.exists():
            with path.open("rb") as source:
                return catalogs.GNUTranslations(source).gettext
    return str


@dataclass
class Session:
    """A match as the phone holds it between ops: its stored fields, its entries, whether the
    table ended it, its version and what the server alone gave."""

    variant: Variant
    stored: wire.StoredMatch
    setup: Setup
    inputs: list[Mapping[str, Any]]
    finished: bool
    version: int
    server_fields: dict[str, Any] = field(default_factory=dict)
    #: The match as a read shows it, once replayed (:meth:`state`); ``None`` after a change.
    read: MatchState | None = None
    #: Where a replay of the entries resumes (:mod:`.resumed`): a write costs one hand's
    #: replay, at hand 60 as at hand 6 (issue 38 point 6).
    checkpoints: tuple[Checkpoint, ...] = ()

    @classmethod
    def of(cls, match: Mapping[str, Any]) -> Session:
        """The session of a match JSON as the API gives it (with its hands)."""
        stored = wire.StoredMatch.from_json(match)
        variant, setup = find_variant(stored.variant), stored.setup()
        inputs = [hand["input"] for hand in match.get("hands") or ()]
        inputs += [problem["input"] for problem in match.get("problems") or ()]
        first = ResumedReplays(variant, setup).lenient(inputs, finished=False)
        replayed = first.state
        # The JSON says "finished" whether the rules ended the match or the table did; only
        # the second is stored as a flag (service.finish_match).
        finished = match.get("status") == FINISHED and replayed.status != FINISHED
        own = wire.match_json(stored, MatchState((), (), {}), str, hands=False)
        server = {k: v for k, v in match.items() if k not in own and k not in _OWN}
        session = cls(variant, stored, setup, inputs, finished, int(match["version"]), server)
        session.read = finish(replayed) if finished else replayed
        session.checkpoints = first.checkpoints
        return session

    def replays(self) -> ResumedReplays:
        """The replays of this session's next write: resumed from its checkpoints."""
        return ResumedReplays(self.variant, self.setup, self.checkpoints)

    def state(self) -> MatchState:
        """The match as a read shows it (refused stored hands become problems): replayed once
        per change, not at every op."""
        if self.read is None:
            replayed = self.replays().lenient(self.inputs, finished=self.finished)
            self.read, self.checkpoints = replayed.state, replayed.checkpoints
        return self.read

    def match_json(self, state: MatchState, gettext: Gettext, *, hands: bool) -> dict[str, Any]:
        """The API's match JSON of ``state``, with the server's own fields as it gave them."""
        own = wire.match_json(self.stored, state, gettext, inputs=self.inputs, hands=hands)
        return {**self.server_fields, **own, "version": self.version}

    def take(self, decision: writes.Decision[Any]) -> MatchState:
        """The match after a write that the rules took: one version on."""
        self.inputs = list(decision.inputs)
        self.finished = decision.finished
        self.version += 1
        self.read = None  # replayed leniently when next asked (the decision's may be strict)
        if isinstance(decision.replayed, Resumed):
            self.checkpoints = decision.replayed.checkpoints
        else:  # (a correction refused leniently: the checkpoints its entries still allow)
            self.checkpoints = still_true(self.checkpoints, self.inputs)
        return decision.state

    def copy_json(self) -> dict[str, Any]:
        """The match as :meth:`of` reads it back: its stored fields, status and version, and
        each hand's entry alone (a few KB at hand 60: what the phone keeps, not an answer)."""
        state = self.state()
        shown = len(state.hands)
        return {
            **self.server_fields,
            **wire.match_json(self.stored, state, str, hands=False),
            "status": FINISHED if self.finished else state.status,
            "version": self.version,
            "hands": [{"input": entry} for entry in self.inputs[:shown]],
            "problems": [{"input": entry} for entry in self.inputs[shown:]],
        }

    def fork(self) -> Session:
        """A copy that a later op of either leaves unchanged (what :mod:`.kept` keeps)."""
        twin = copy.copy(self)
        twin.inputs = list(self.inputs)
        return twin


@dataclass(frozen=True)
class Answer:
    """What the server would answer an op: status, JSON body, and for a page's form the words
    at each field."""

    status: int
    body: Any
    fields: dict[str, str] | None = None
    #: The banner's words of a refused page form ("Bid: must be at least 250").
    refused: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The answer as the worker posts it."""
        out: dict[str, Any] = {"status": self.status, "body": self.body}
        if self.fields is not None:
            out["fields"] = self.fields
        if self.refused is not None:
            out["refused"] = self.refused
        return out


#: The worker's memory between counts (:mod:`.kept`): the page's matches and their counts.
KEPT: kept.Kept[Session] = kept.Kept()


def run(text: str) -> str:
    """Answer a request of the worker (JSON text in, JSON text out; module doc).

    With ``"keep": true`` (counted.js) the engine keeps the match and each first ops' answers
    (:mod:`.kept`): a request may then name the match by ``base`` (``{id, version, hands}``)
    instead of sending it, and is answered ``{"missing": true}`` when it is not kept; a
    request ``{"stored": {base, lang, ops, version, hands}}`` keeps the match after those ops
    (an entry the server stored) as the base it now is; ``{"lang", "words": true}`` without
    ops answers the page's words alone."""
    request = json.loads(text)
    if request.get("report") == "stdlib":
        return json.dumps({"stdlib": loaded_stdlib()})
    if request.get("words") and "ops" not in request:
        # The page's words alone (static/rules_upgrade.js: the note of an upgrade).
        return json.dumps({"words": phone_words.words(gettext_of(request.get("lang", "en")))})
    if "tool" in request:
        # The meld calculator and the card picker without signal (static/picker.js).
        return json.dumps(tools.answer(request, gettext_of(request.get("lang", "en"))))
    if "stored" in request:
        promoted = promote(request["stored"])
        # The phone's copy of the match it now holds, for a page opened without signal.
        # (As JSON text: an integer beyond 2^53 passes the worker unchanged.)
        copy_text = json.dumps(promoted) if promoted is not None else None
        return json.dumps({"kept": promoted is not None, "copy": copy_text})
    keep = bool(request.get("keep"))
    match = request.get("match")
    if match is not None and match.get("club_night") is not None:
        # A club round's end (docs/club.md §7.2) is decided from the server's row: not here.
        return json.dumps({"declined": "club_night", "answers": []})
    lang = request.get("lang", "en")
    if match is not None:
        base, session = kept.base_key(match), Session.of(match)
        if keep:
            KEPT.put_base(base, session.fork())
    else:
        base = kept.base_key(request["base"])
        found = KEPT.base(base)
        if found is None:
            return json.dumps({"missing": True, "answers": []})
        session = found.fork()
    ops = request["ops"]
    answer: dict[str, Any] = {
        "answers": counted(base, session, ops, lang)
        if keep
        else [answer_op(session, op, lang).as_json() for op in ops]
    }
    if request.get("words"):
        answer["words"] = phone_words.words(gettext_of(lang))
    return json.dumps(answer)


def counted(base: str, session: Session, ops: list[Any], lang: str) -> list[dict[str, Any]]:
    """The answers of ``ops`` from ``base``: those of the first ops kept from an earlier count,
    then the others, each kept for the next count (a Save answers one op, not the night)."""
    keys = kept.chain(base, lang, ops)
    done = KEPT.longest(keys)
    answers, found = [], None
    for key in keys[:done]:
        found = KEPT.prefix(key)
        assert found is not None  # (longest: every first op's key is kept)
        answers.append(found[1])
    if found is not None:  # the session after the last kept op
        session = found[0].fork()
    for key, op in zip(keys[done:], ops[done:], strict=True):
        out = answer_op(session, op, lang).as_json()
        KEPT.put_prefix(key, session.fork(), out)
        answers.append(out)
    return answers


def promote(stored: Mapping[str, Any]) -> dict[str, Any] | None:
    """Keep the match after ``stored["ops"]`` from its ``base`` (counted by :func:`counted`) as
    the base the server now holds (``version``, ``hands``), when it is that match: its copy
    (:meth:`Session.copy_json`), else ``None``. What the phone sent and the server stored is
    what the next count starts from (point 3)."""
    base = kept.base_key(stored["base"])
    keys = kept.chain(base, stored.get("lang", "en"), stored["ops"])
    found = KEPT.prefix(keys[-1]) if keys else None
    if found is None:
        return None
    session = found[0]
    if session.version != int(stored["version"]) or len(session.state().hands) != int(
        stored["hands"]
    ):
        return None  # another phone wrote meanwhile: the server's copy is needed
    KEPT.put_base(kept.base_key({**stored, "id": stored["base"].get("id")}), session.fork())
    return session.copy_json()


def loaded_stdlib() -> list[str]:
    """The files of the standard library's zip that this process has imported (under Pyodide:
    ``/lib/python311.zip/...``), as names in the zip: what ``scripts/phone_stdlib.txt`` keeps
    (``scripts/phone_bundle.py --measure``)."""
    names = set()
    for module in list(sys.modules.values()):
        found = re.match(r"^/lib/python3[0-9]+\.zip/(.+)$", getattr(module, "__file__", "") or "")
        if found:
            names.add(found.group(1))
    return sorted(names)


def answer_op(session: Session, op: Mapping[str, Any], lang: str) -> Answer:
    """The server's answer to one op, the session moved on when the op wrote."""
    gettext = gettext_of(op.get("lang") or lang)
    if "fields" in op:
        return _page_op(session, op, gettext)
    try:
        return _api_op(session, op, gettext)
    except bodies.NotJson:
        return Answer(400, {"errors": {"_": [gettext(bodies.NOT_JSON)]}})
    except RuleError as error:
        return Answer(422, {"errors": wire.rule_errors(error, gettext)})
    except writes.WriteRefused as refused:
        body = {"errors": wire.refusal_errors(refused.template, refused.params, gettext)}
        return Answer(refused.status, body)


def _api_op(session: Session, op: Mapping[str, Any], gettext: Gettext) -> Answer:
    method, path, minimal = op["method"], op.get("path") or "", bool(op.get("minimal"))
    query = dict(pair.partition("=")[::2] for pair in (op.get("query") or "").split("&") if pair)
    number = _HAND.match(path)
    if method == "GET" and path == "":
        return Answer(200, session.match_json(session.state(), gettext, hands=True))
    if method == "GET" and path == "/settlement":
        settled = writes.settle(session.setup, session.state())
        return Answer(200, wire.settlement_json(settled))
    if method == "POST" and path == "/hands":
        entry, version = bodies.hand_body(bodies.parse_json(op.get("body") or ""))
        writes.check_version(session.version, version)
        state = _add(session, entry)
        hand = wire.hand_json(state.hands[-1], state.hands[-1].input, gettext)
        return Answer(
            201, {"hand": hand, "match": session.match_json(state, gettext, hands=not minimal)}
        )
    if method == "PUT" and number:
        entry, version = bodies.hand_body(bodies.parse_json(op.get("body") or ""))
        writes.check_version(session.version, version)
        state = _replace(session, int(number.group(1)), entry)
        corrected = _corrected(session, state, int(number.group(1)), gettext)
        body = corrected | {"match": session.match_json(state, gettext, hands=not minimal)}
        return Answer(200, body)
    if method == "DELETE" and number:
        version = bodies.query_version(query.get("version"))
        writes.check_version(session.version, version)
        state = _undo(session, int(number.group(1)))
        return Answer(200, {"match": session.match_json(state, gettext, hands=not minimal)})
    if method == "POST" and path == "/finish":
        version = bodies.query_version(query.get("version"))
        if op.get("body"):
            version = bodies.finish_body(bodies.parse_json(op["body"]), version)
        writes.check_version(session.version, version)
        state = writes.finish_match(session.state(), session.finished)
        session.finished, session.version = True, session.version + 1
        session.read = state  # what a read of the finished match shows, as the server keeps it
        return Answer(200, session.match_json(state, gettext, hands=not minimal))
    return Answer(405, {"errors": {"_": ["not computed on the phone"]}})


def _add(session: Session, entry: Mapping[str, Any]) -> MatchState:
    decision = writes.add_hand(
        session.variant, session.setup, session.inputs, session.finished, entry, session.replays()
    )
    return session.take(decision)


def _replace(session: Session, number: int, entry: Mapping[str, Any]) -> MatchState:
    decision = writes.replace_hand(
        session.variant,
        session.setup,
        session.inputs,
        session.finished,
        number,
        entry,
        session.replays(),
    )
    return session.take(decision)


def _undo(session: Session, number: int) -> MatchState:
    decision = writes.delete_last_hand(
        session.variant, session.setup, session.inputs, session.finished, number, session.replays()
    )
    return session.take(decision)


def _corrected(
    session: Session, state: MatchState, number: int, gettext: Gettext
) -> dict[str, Any]:
    """The corrected hand beside the match, as the API answers a correction."""
    if number <= len(state.hands):
        return {
            "hand": wire.hand_json(state.hands[number - 1], session.inputs[number - 1], gettext)
        }
    return {}


# --- A page's hand form ------------------------------------------------------------------------


def _page_op(session: Session, op: Mapping[str, Any], gettext: Gettext) -> Answer:
    """A hand form as the match page posts it: read by the form's own reader, written as the
    page's write is, refused with the page's words at the page's field."""
    path, fields = op.get("path") or "", {str(k): str(v) for k, v in op["fields"]}
    number = _HAND.match(path)
    state = session.state()
    at = int(number.group(1)) if number else 0
    # A correction is typed on the table of its own hand (who was dealt in then).
    active = state.hands[at - 1].active if 1 <= at <= len(state.hands) else state.active
    table = session.variant.layout(session.setup, active)
    paths = hand_fields.paths_of(table)
    try:
        entry = hand_fields.read_entry(table, fields)
        new = _replace(session, at, entry) if number else _add(session, entry)
    except hand_fields.FieldRefused as refused:
        name, message = refused.field_name, translate(refused.template, refused.params, gettext)
        said = plain.banner(paths, name, message, gettext)
        return Answer(422, {"errors": {name: [message]}}, {name: message}, said)
    except RuleError as error:
        shown, message = plain.page_refusal(paths, error, gettext)
        body = {"errors": wire.rule_errors(error, gettext)}
        said = plain.banner(paths, shown, message, gettext)
        return Answer(422, body, {shown or "_": message}, said)
    except writes.WriteRefused as refused:
        message = plain.plain_message_of(refused, gettext)
        body = {"errors": wire.refusal_errors(refused.template, refused.params, gettext)}
        return Answer(
            refused.status, body, {"_": message}, plain.banner({}, None, message, gettext)
        )
    except MatchOverError as over:
        return Answer(409, {"errors": {"_": [str(over)]}}, {"_": str(over)}, str(over))
    # ``minimal``: the match without its hands, as ``Prefer: return=minimal`` answers: what
    # counted.js reads is the totals, so its answer does not grow with the night (point 6).
    match = session.match_json(new, gettext, hands=not op.get("minimal"))
    if number:
        return Answer(200, _corrected(session, new, at, gettext) | {"match": match})
    hand = wire.hand_json(new.hands[-1], new.hands[-1].input, gettext)
    return Answer(201, {"hand": hand, "match": match})
