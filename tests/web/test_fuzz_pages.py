"""Odd values in every form field of every page: never a 5xx (issue 13).

A table of (page, field, value) cases, not every combination: each field of each form the
pages show (found in the page itself, so a new field is fuzzed without being listed here) gets
each odd value once, the other fields keeping what a table would send. The values are the ones
that broke the pages before: Unicode digits that ``isdigit()`` takes and ``int()`` does not
("²"), other scripts' digits, a NUL byte (which PostgreSQL cannot store), a lone surrogate
(which no UTF-8 database can store; sent percent-encoded, as a browser would send the bytes),
numbers too large for any column, negative numbers, nothing, and 10,000 characters. A refusal
(400, 404, 422) or a redirect is fine; a 5xx, or an exception out of the app, fails.

Run on SQLite and on PostgreSQL (``TEST_DATABASE=postgresql``): the NUL byte is PostgreSQL's.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.rules import all_variants
from tests.helpers import MatchClient
from tests.web.test_hostile_names import Layout, hand_data, layouts, post_form

#: The odd values, by a name for the test's id. A lone surrogate cannot be encoded as UTF-8:
#: :func:`encoded` sends its bytes as ``surrogatepass`` gives them (``%ED%A0%80``).
ODD: dict[str, str] = {
    "superscript": "²",
    "arabic-indic": "٣",
    "nul": "1\x002",
    "surrogate": "\ud800",
    "huge": "9" * 40,
    "negative": "-1",
    "empty": "",
    "long": "7" * 10_000,
}


def encoded(data: dict[str, str]) -> bytes:
    """``data`` as a form body, each value's UTF-8 bytes (a lone surrogate's too) escaped."""
    return "&".join(
        f"{quote(name)}={quote(value.encode('utf-8', 'surrogatepass'), safe='')}"
        for name, value in data.items()
    ).encode("ascii")


def odd_url(value: str) -> str:
    """``value`` escaped for a URL, a lone surrogate's bytes included."""
    return quote(value.encode("utf-8", "surrogatepass"), safe="")


class Forms(HTMLParser):
    """The forms of a page: each one's action and its fields with the values shown."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Open a form, or add a field (a button's name only with its value) to the last."""
        found = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.forms.append((found.get("action", ""), {}))
        elif tag in ("input", "select", "textarea", "button") and "name" in found and self.forms:
            fields = self.forms[-1][1]
            if found.get("type") in ("checkbox", "radio") and "checked" not in found:
                fields.setdefault(found["name"], "")
            else:
                fields.setdefault(found["name"], found.get("value", ""))


def forms_of(html: str) -> list[tuple[str, dict[str, str]]]:
    """The forms of ``html`` (see :class:`Forms`)."""
    parser = Forms()
    parser.feed(html)
    return parser.forms


def no_5xx(response: TestResponse, case: str) -> None:
    """The page refused or took the value; it did not fail."""
    assert response.status_code < 500, (case, response.status_code)


@dataclass(frozen=True)
class Case:
    """One odd value in one field of one form."""

    page: str
    field: str
    value: str

    def __str__(self) -> str:
        return f"{self.page}:{self.field}={self.value}"


#: Each page's form: ``(client, table) -> (the URL the form posts to, its fields as a table
#: would send them)``. A page that needs a match starts one.
Setup = Callable[[FlaskClient], tuple[str, dict[str, str]]]


def new_match(variant_id: str) -> Setup:
    """The new-match form of a variant, filled with players."""

    def setup(client: FlaskClient) -> tuple[str, dict[str, str]]:
        url = f"/new/{variant_id}"
        (_action, fields), *_more = forms_of(client.get(url).get_data(as_text=True))
        names = iter(["Ana", "Ben", "Cruz", "Dee", "Eve", "Flo"])
        for name in fields:
            if name.startswith("player_"):
                fields[name] = next(names)
        return url, fields

    return setup


def started(client: FlaskClient, layout: Layout) -> str:
    """A match of ``layout`` started and given one hand through the pages; its URL."""
    table = MatchClient(client)
    url = table.start(layout.variant, None, **layout.options)
    response = post_form(client, url, url + "/hands", hand_data(client, table.id))
    assert response.status_code == 303
    return url


def hand_form(layout: Layout, correction: bool = False) -> Setup:
    """The hand form (or the correction form of hand 1) of a match of ``layout``, filled with
    a hand the rules take."""

    def setup(client: FlaskClient) -> tuple[str, dict[str, str]]:
        url = started(client, layout)
        page = url + "/hands/1" if correction else url
        action, fields = next(
            (action, fields)
            for action, fields in forms_of(client.get(page).get_data(as_text=True))
            if action.endswith(("/hands", "/hands/1"))
        )
        fields.pop("chip", None)  # a chip tapped is a case of its own, not part of a hand
        if not correction:
            fields |= hand_data(client, url.rsplit("/", 1)[-1])
        return action, fields

    return setup


def action_form(layout: Layout, which: str) -> Setup:
    """The undo button of the last hand, or the end-the-night button."""

    def setup(client: FlaskClient) -> tuple[str, dict[str, str]]:
        url = started(client, layout)
        for action, fields in forms_of(client.get(url).get_data(as_text=True)):
            if action.endswith(which):
                return action, fields
        raise AssertionError(f"no {which} form on {url}")

    return setup


def tool(name: str, with_match: Layout | None = None) -> Setup:
    """A tool's form, alone or pointed at a side of a match."""

    def setup(client: FlaskClient) -> tuple[str, dict[str, str]]:
        url = f"/tools/{name}"
        if with_match is not None:
            match = started(client, with_match)
            url += f"?match={match.rsplit('/', 1)[-1]}&side=Ana"
        _action, fields = forms_of(client.get(url).get_data(as_text=True))[0]
        return url, fields

    return setup


def import_form(client: FlaskClient) -> tuple[str, dict[str, str]]:
    """The import page with an exported match pasted."""
    url = started(client, Layout("pinochle-2", 2))
    return "/import", {"pasted": client.get(url + "/export.json").get_data(as_text=True)}


#: Fields too many to fuzz each (a tool's grid of cards): one of them stands for the others.
GRID_SAMPLE = {"c_AS", "c_JK", "c_10H"}


def pages() -> dict[str, Setup]:
    """Every form of the pages, by a name for the test's id: the new-match form of each
    variant, the hand form and the correction form of each way a hand is typed in (a variant
    with its options; the number of players changes only how many sides repeat the same
    fields), the undo and end-the-night buttons, the tools alone and pointed at a match, and
    the import page."""
    found: dict[str, Setup] = {f"new-{v.id}": new_match(v.id) for v in all_variants()}
    seen: set[str] = set()
    for layout in layouts():
        kind = layout.variant + str(sorted(layout.options))
        if kind not in seen:
            seen.add(kind)
            found[f"hand-{layout}"] = hand_form(layout)
            found[f"correct-{layout}"] = hand_form(layout, correction=True)
    found["undo"] = action_form(Layout("pinochle-2", 2), "/undo")
    found["finish"] = action_form(Layout("auction", 3), "/finish")
    found["pinochle-meld"] = tool("pinochle-meld")
    found["pinochle-meld-match"] = tool("pinochle-meld", Layout("pinochle-2", 2))
    found["pinnacola-meld"] = tool("pinnacola-meld")
    found["pinnacola-meld-match"] = tool("pinnacola-meld", Layout("pinnacola", 2))
    found["import"] = import_form
    return found


PAGES = pages()


@pytest.fixture(params=list(PAGES))
def form(request: pytest.FixtureRequest, client: FlaskClient) -> tuple[str, str, dict[str, str]]:
    """One page's form: its name, where it posts and its fields as a table fills them."""
    name: str = request.param
    action, fields = PAGES[name](client)
    assert fields, name
    return name, action, fields


#: The fields every hand form has (``HandForm``): fuzzed on the first hand and correction
#: forms only, and on the buttons that change a match.
COMMON = {"idempotency_key", "version"}


#: The variant whose new-match form fuzzes each house rule that several variants share.
OPTION_OWNER: dict[str, str] = {}
for _variant in all_variants():
    for _spec in _variant.option_specs({}):
        OPTION_OWNER.setdefault(f"opt_{_spec.name}", f"new-{_variant.id}")


def fuzz_fields(page: str, fields: dict[str, str]) -> Iterator[str]:
    """The fields to fuzz: all but the CSRF token; of the fields repeated for each side or
    seat (``meld_0``, ``meld_1``...) the first; of a tool's grid of cards a few; a house rule
    that several variants share on the first of them."""
    kinds: set[str] = set()
    first_forms = {next(p for p in PAGES if p.startswith(kind)) for kind in ("hand-", "correct-")}
    for name in fields:
        kind = re.sub(r"[0-9]+", "#", name)
        if name == "csrf_token" or kind in kinds or OPTION_OWNER.get(name, page) != page:
            continue
        if name.startswith("c_") and name not in GRID_SAMPLE:
            continue
        if name in COMMON and page.startswith(("hand-", "correct-")) and page not in first_forms:
            continue
        if not name.startswith("c_"):
            kinds.add(kind)
        yield name


def test_odd_values_in_every_field_of_every_form(
    form: tuple[str, str, dict[str, str]], client: FlaskClient
) -> None:
    """Each field of the form gets each odd value; the page never fails. Forms that write
    (a hand, a correction) use a fresh double-tap key each time, so every case is read."""
    name, action, fields = form
    cases = 0
    for field in fuzz_fields(name, fields):
        for label, value in ODD.items():
            data = dict(fields)
            if "idempotency_key" in data and field != "idempotency_key":
                data["idempotency_key"] = f"fuzz-{field}-{label}"
            data[field] = value
            case = Case(name, field, label)
            response = client.post(
                action, data=encoded(data), content_type="application/x-www-form-urlencoded"
            )
            no_5xx(response, str(case))
            cases += 1
    assert cases >= len(ODD)


def test_odd_chips_and_tool_actions(client: FlaskClient) -> None:
    """The buttons that carry a value of their own: a meld chip (``<side>:<meld>``), a
    deal's ending (``closed:<side>``) and the card picker's ``edit:<n>``."""
    url = started(client, Layout("pinochle-2", 2))
    _action, fields = next(
        form for form in forms_of(client.get(url).get_data(as_text=True)) if "chip" in form[1]
    )
    for value in [*ODD.values(), "9:run", "²:run", "-1:dix", "0:²", "٣:dix", ":"]:
        for target in (url + "/hands", url + "/hands/1"):
            data = fields | {"chip": value}
            no_5xx(
                client.post(
                    target, data=encoded(data), content_type="application/x-www-form-urlencoded"
                ),
                f"chip={value!r} to {target}",
            )
    # A deal's ending names a side by its index (``closed:7`` was an index out of range).
    deal = started(client, Layout("pinnacola", 2))
    _action, fields = next(
        form for form in forms_of(client.get(deal).get_data(as_text=True)) if "ending" in form[1]
    )
    for value in ("closed:7", "closed:-1", "pinnacolone:²", "closed:٣", "closed:" + "9" * 40):
        data = fields | {"ending": value, "table_0": "100"}
        no_5xx(
            client.post(
                deal + "/hands",
                data=encoded(data),
                content_type="application/x-www-form-urlencoded",
            ),
            f"ending={value!r}",
        )
    laid = {"table": "5H 6H 7H|4S 4H 4D", "hand": "KS"}
    for value in [*ODD.values(), "0", "1", "2"]:
        for action in ("edit", "use"):
            data = laid | {"action": f"{action}:{value}"}
            no_5xx(
                client.post(
                    "/tools/pinnacola-meld",
                    data=encoded(data),
                    content_type="application/x-www-form-urlencoded",
                ),
                f"action={action}:{value!r}",
            )


def test_odd_values_in_query_arguments_and_paths(client: FlaskClient, app: Flask) -> None:
    """What a link carries: the tools' ``?match=&side=``, a tool's result for the hand form
    (``?meld.<side>=``), the language (``?lang=``, ``/lang/<code>?next=``), and odd public ids
    and hand numbers in every page's path; as the scorekeeper and as a watcher."""
    url = started(client, Layout("pinochle-2", 2))
    pinnacola = started(client, Layout("pinnacola", 2))
    public_id = url.rsplit("/", 1)[-1]
    watcher = app.test_client()
    for value in ODD.values():
        odd = odd_url(value)
        # What the scorekeeper's phone and a watcher's see differently.
        both = [
            f"/tools/pinochle-meld?match={odd}&side=Ana",
            f"/tools/pinochle-meld?match={public_id}&side={odd}",
            f"/tools/pinnacola-meld?match={odd}&side={odd}",
            f"{url}?meld.Ana={odd}&meld.Ben={odd}&table.Ana={odd}&hand.Ana={odd}",
            f"{pinnacola}?table.Ana={odd}&hand.Ben={odd}",
            f"{url}/join?code={odd}",
        ]
        gets = [
            f"/?lang={odd}",
            f"/lang/{odd}?next=/",
            f"/lang/en?next={odd}",
            f"/lang/en?next=/m/{odd}",
            f"/lang/en?next=/{odd}",
            f"/m/{odd}",
            f"/m/{odd}/board",
            f"/m/{odd}/board/part",
            f"/m/{odd}/share",
            f"/m/{odd}/settle",
            f"/m/{odd}/export.csv",
            f"/m/{odd}/export.json",
            f"/m/{odd}/join?code={odd}",
            f"/m/{odd}/hands/1",
            f"/new/{odd}",
        ]
        for target in both:
            for reader in (client, watcher):
                no_5xx(reader.get(target), f"GET {target}")
        for target in gets:
            no_5xx(client.get(target), f"GET {target}")
        for target in (f"/m/{odd}/hands", f"/m/{odd}/finish", f"/m/{odd}/hands/1/undo"):
            no_5xx(client.post(target, data={}), f"POST {target}")
        for target in (f"/m/{odd}/join", f"/m/{odd}/share/link", f"/m/{odd}/share/withdraw"):
            no_5xx(client.post(target, data={"code": "x"}), f"POST {target}")
        for reader in (client, watcher):
            joined = reader.post(
                f"{url}/join",
                data=f"code={odd}",
                content_type="application/x-www-form-urlencoded",
            )
            no_5xx(joined, f"POST {url}/join code={odd}")
    for number in ("0", "99999999999999999999", "-1", "%C2%B2"):
        for target in (f"{url}/hands/{number}", f"{url}/hands/{number}/undo"):
            no_5xx(client.get(target), f"GET {target}")
            no_5xx(client.post(target, data={}), f"POST {target}")


def test_odd_documents_to_import(client: FlaskClient) -> None:
    """Files that are JSON but hold what no database stores, or numbers no column holds."""
    url = started(client, Layout("pinochle-2", 2))
    document = json.loads(client.get(url + "/export.json").get_data(as_text=True))
    texts = []
    for value in ("\ud800", "\x00", "a\x00", "\udfff", "²", "9" * 40):
        for path in ("players", "dealer", "variant", "hand"):
            changed = json.loads(json.dumps(document))
            if path == "players":
                changed["players"][0] = value
                changed["dealer"] = value
            elif path == "hand":
                changed["hands"][0][value] = 1
                changed["hands"][0]["meld"] = {value: 1}
            else:
                changed[path] = value
            texts.append(json.dumps(changed))  # ensure_ascii: the surrogate as \ud800
    texts += [json.dumps(document)[:-1], '{"players": ["\\ud800"]}', "\x00", "[" * 5000]
    for text in texts:
        response = client.post(
            "/import",
            data=encoded({"pasted": text}),
            content_type="application/x-www-form-urlencoded",
        )
        no_5xx(response, f"import {text[:80]!r}")
        response = client.post(
            "/import",
            data={"upload": (io.BytesIO(text.encode("utf-8", "surrogatepass")), "m.json")},
        )
        no_5xx(response, f"import upload {text[:80]!r}")
