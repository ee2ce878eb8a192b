"""What the phone's engine replays: runs of one match each, the match as the server showed it
before the first request and every request after it with the server's answer, and how the
engine's answers are compared with the server's.

A run is what :func:`scorekeeper.rules.engine.answers.run` takes (docs/phone.md "The worker"):
``match`` (the API's match JSON), ``ops`` (each a request: ``method``, ``path`` after the match's
URL, ``query``, ``body`` as the JSON text sent, ``lang``, ``minimal``), and beside them
``expected``: the server's status and JSON body of each. Only what the engine computes is replayed:
a request refused before the rules are asked (no token or a wrong one: 401/403; not JSON: 415; too
large: 413; rate limited: 429), a repeated ``Idempotency-Key`` (answered from the server's record)
and a read answered 304 never reach it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

#: What a phone can never know or need not compute: when the server stored the write.
UNPREDICTABLE = frozenset({"updated_at", "created_at", "edit_token"})
#: Answers decided before the rules are asked (see the module doc).
NOT_RULES = frozenset({304, 401, 403, 405, 413, 415, 429})
_MATCH_PATH = re.compile(r"^/api/v1/matches/([A-Za-z0-9_-]+)(/.*)?$")


def comparable(value: Any) -> Any:
    """A JSON answer without :data:`UNPREDICTABLE` keys, anywhere in it."""
    if isinstance(value, dict):
        return {k: comparable(v) for k, v in value.items() if k not in UNPREDICTABLE}
    if isinstance(value, list):
        return [comparable(v) for v in value]
    return value


def language(headers: Mapping[str, str], query: str) -> str:
    """The language a request asked for (``?lang=``, else the first of ``Accept-Language``),
    as the server picks among en, es, it and ru."""
    found = re.search(r"(?:^|&)lang=([a-z]{2})", query)
    if found:
        return found.group(1)
    first = headers.get("Accept-Language", "en").split(",")[0].strip()[:2].lower()
    return first if first in ("en", "es", "it", "ru") else "en"


def runs_of(lines: Iterable[Mapping[str, Any]]) -> Iterator[dict[str, Any]]:
    """The runs in the recorded requests (:mod:`tests.phone.recording`): one per match whose
    creation answered 201, from its creation on."""
    open_runs: dict[str, dict[str, Any]] = {}
    for line in lines:
        if line["method"] == "POST" and line["path"] == "/api/v1/matches":
            if line["status"] == 201:
                match = json.loads(line["answer"])
                match.pop("edit_token", None)
                open_runs[match["id"]] = {
                    "test": line["test"],
                    "match": match,
                    "ops": [],
                    "expected": [],
                    "keys": set(),
                }
            continue
        found = _MATCH_PATH.match(line["path"])
        run = open_runs.get(found.group(1)) if found else None
        if run is None or not _computed(line, run["keys"]):
            continue
        run["ops"].append(
            {
                "method": line["method"],
                "path": (found.group(2) if found else "") or "",
                "query": line["query"],
                "body": line["body"] or None,
                "lang": language(line["headers"], line["query"]),
                "minimal": "return=minimal" in line["headers"].get("Prefer", ""),
            }
        )
        answer = json.loads(line["answer"]) if line["answer"] else None
        run["expected"].append({"status": line["status"], "body": answer})
    for run in open_runs.values():
        del run["keys"]
        if run["ops"]:
            yield run


def _computed(line: Mapping[str, Any], keys: set[str]) -> bool:
    """Whether the engine computes the answer to this request (module doc), noting the
    ``Idempotency-Key`` it used up in ``keys``."""
    if line["status"] in NOT_RULES or (not line["authorized"] and line["method"] != "GET"):
        return False
    key = line["headers"].get("Idempotency-Key")
    if key is not None:
        if key in keys:
            return False  # the server answers a repeat from its record of the first
        if line["status"] in (200, 201):
            keys.add(key)  # a refused request does not use up its key
    return True


def differences(run: Mapping[str, Any], answers: Sequence[Mapping[str, Any]]) -> list[str]:
    """Where the engine's answers differ from the server's (none: they agree)."""
    found = []
    for number, (op, want, got) in enumerate(
        zip(run["ops"], run["expected"], answers, strict=True)
    ):
        if want["status"] != got["status"] or comparable(want["body"]) != comparable(got["body"]):
            found.append(
                f"{run['test']} op {number} {op['method']} {op['path']} {op['body']} "
                f"[{op['lang']}]: server {want['status']} {json.dumps(want['body'])[:600]}; "
                f"engine {got['status']} {json.dumps(got['body'])[:600]}"
            )
    return found
