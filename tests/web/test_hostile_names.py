"""Names are text, never markup: every page of every variant, for matches whose player and team
names are hostile payloads the name rules accept (docs/rules.md §5), shows them escaped.

Issue 13: the Pinnacola "X closed" choices were built with ``_l(..., side=name)``; a lazy string
has ``__html__``, so Jinja printed the name inside it unescaped. The render test below opens
every page a match has (as the scorekeeper and as a watcher: a second client without the edit
token) and fails on any payload that reaches the HTML as it was typed; the source scan fails on
a lazy gettext call given a value that is not a constant, the way that bug came in.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape
from werkzeug.test import TestResponse

from scorekeeper import service
from scorekeeper.rules import all_variants, find_variant
from scorekeeper.rules.games.table import Entry, Result, Tool
from tests.helpers import MatchClient, hidden

#: What an attacker at the table types as names: tags, attribute breakers, quotes, a URL scheme,
#: template syntax and an entity. Each is a name the rules accept (docs/rules.md §5).
PAYLOADS = (
    "<b>x</b>",
    '"><script>',
    "' onmouseover='",
    "javascript:alert(1)",
    "{{7*7}}",
    "&amp;",
)
#: Team names: tags with event handlers, and a quote of each kind closing an attribute.
TEAM_PAYLOADS = ("<img src=x onerror=alert(1)>", "'\"><svg onload=alert(2)>")
#: The payloads that would change the page if printed as typed (the others are checked apart:
#: ``{{7*7}}`` must show as typed, ``&amp;`` as ``&amp;amp;``).
MARKUP = tuple(p for p in PAYLOADS + TEAM_PAYLOADS if set(p) & set("<>\"'"))
#: A ``javascript:`` URL in an attribute that a browser follows or loads.
JAVASCRIPT_URL = re.compile(r"""(?:href|src|action|formaction)\s*=\s*["']?\s*javascript:""", re.I)
#: The first payload as Jinja escapes it: proof that a page shows the players' names at all.
ESCAPED_TAG = "&lt;b&gt;x&lt;/b&gt;"

#: The forms each variant is opened in: every player count, and the options that change how a
#: hand is typed in (auction in points, four-handed meld per player).
LAYOUT_OPTIONS: dict[str, list[dict[str, str]]] = {
    "auction": [{"opt_scoring": "points"}],
    "pinochle-4": [{"opt_saving_trick": "player"}],
}


def names_for(count: int) -> list[str]:
    """``count`` distinct names that hold every payload between them (each at most 40
    characters, as docs/rules.md §5 wants)."""
    names = [""] * count
    for i, payload in enumerate(PAYLOADS):
        names[i % count] += payload
    for i in range(len(PAYLOADS), count):  # pragma: no cover - more seats than payloads
        names[i] = f"{PAYLOADS[i % len(PAYLOADS)]}{i}"
    assert len(set(names)) == count, names
    assert all(len(name) <= 40 for name in names), names
    return names


@dataclass(frozen=True)
class Layout:
    """One way a variant is played: its id, how many sit down and the options changed."""

    variant: str
    players: int
    options: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        extra = "-".join(f"{k[4:]}={v}" for k, v in self.options.items())
        return f"{self.variant}-{self.players}" + (f"-{extra}" if extra else "")


def layouts() -> list[Layout]:
    """Every variant at every player count, and the layouts of :data:`LAYOUT_OPTIONS`."""
    found = [Layout(v.id, n) for v in all_variants() for n in v.player_counts]
    for variant_id, option_sets in LAYOUT_OPTIONS.items():
        variant = find_variant(variant_id)
        found += [Layout(variant.id, min(variant.player_counts), opts) for opts in option_sets]
    return found


def assert_escaped(html: str, where: str) -> None:
    """No payload reaches ``html`` as it was typed, nor a ``javascript:`` URL an attribute."""
    for payload in MARKUP:
        assert payload not in html, f"{where}: {payload!r} printed unescaped"
    found = JAVASCRIPT_URL.search(html)
    assert found is None, f"{where}: {found and found.group(0)!r}"


def page(client: FlaskClient, url: str, where: str, *statuses: int) -> str:
    """GET ``url`` (never a 5xx; one of ``statuses``, 200 if none given), checked for payloads
    when it is HTML; its text."""
    response = client.get(url)
    assert response.status_code in (statuses or (200,)), (where, url, response.status_code)
    return checked(response, where)


def checked(response: TestResponse, where: str) -> str:
    """The text of an answer, checked for payloads when it is a page."""
    text = response.get_data(as_text=True)
    if response.mimetype == "text/html":
        assert_escaped(text, where)
    return text


@dataclass
class Played:
    """A match with hostile names, started and scored through the pages."""

    url: str
    id: str
    token: str
    names: list[str]
    teams: list[str]
    layout: Layout

    @property
    def sides(self) -> list[str]:
        """The names the scores are kept under."""
        return self.teams or self.names

    def shown(self, html: str) -> bool:
        """Whether ``html`` shows the first side's name (escaped): the page shows names."""
        return str(escape(self.sides[0])) in html


def hand_data(client: FlaskClient, public_id: str) -> dict[str, str]:
    """The fields of a hand the rules take, for the hand form of the match's next hand."""
    with client.application.app_context():
        match = service.get_match(public_id)
        state = service.state_of(match)
        table = find_variant(match.variant).layout(service.setup_of(match), state.active)
    if table.entry is Entry.MELD_AND_TRICKS:
        return {"tricks_0": str(table.trick_total or 250)}
    if table.entry is Entry.WIDOW_BID:
        contract = {"bidder": table.players[0], "bid": str(table.min_bid), "trump": "spades"}
        if table.units:
            return {**contract, "outcome": "made"}
        return {**contract, "tricks_0": str(table.trick_total or 250)}
    if table.entry is Entry.PARTNERSHIP_BID:
        if Result.ALL_PASS in table.results:
            return {"result": "all_pass"}
        # A form nobody passes in (double-deck): the lowest bid, made on the counters.
        contract = {"bidder": table.players[0], "bid": str(table.min_bid), "trump": "spades"}
        return {**contract, "result": "played", "tricks_0": str(table.trick_total)}
    assert table.entry is Entry.RUMMY_DEAL, table.entry
    return {"table_0": "100", "hand_1": "20", "ending": "closed:0"}


def post_form(client: FlaskClient, url: str, target: str, data: dict[str, str]) -> TestResponse:
    """Post ``data`` to ``target`` with the hidden keys of the form on ``url``."""
    html = client.get(url).get_data(as_text=True)
    keys = {name: hidden(html, name) for name in ("idempotency_key", "version")}
    return client.post(target, data={**keys, **data})


def start(client: FlaskClient, layout: Layout) -> Played:
    """A match of ``layout`` started through the new-match page with hostile names, and two
    hands played through the hand form."""
    names = names_for(layout.players)
    extra: dict[str, str] = dict(layout.options)
    variant = find_variant(layout.variant)
    teams: list[str] = []
    if variant.partnerships(variant.resolve_options({}), layout.players):
        teams = list(TEAM_PAYLOADS)
        extra |= {"team_0": teams[0], "team_1": teams[1]}
    table = MatchClient(client)
    url = table.start(layout.variant, names, **extra)
    with client.session_transaction() as session:
        token = session["tokens"][table.id]
    played = Played(url, table.id, token, names, teams, layout)
    for _hand in range(2):
        response = post_form(client, url, url + "/hands", hand_data(client, played.id))
        assert response.status_code == 303, checked(response, f"{layout} hand")
    return played


@pytest.fixture(params=layouts(), ids=str)
def played(request: pytest.FixtureRequest, client: FlaskClient) -> Played:
    """A match of each layout with hostile names and two hands."""
    layout: Layout = request.param
    return start(client, layout)


def test_names_are_payloads_the_rules_accept() -> None:
    """The payloads are names a table can type: the render test is about escaping them."""
    for layout in layouts():
        variant = find_variant(layout.variant)
        setup = variant.setup(names_for(layout.players))
        assert list(setup.players) == names_for(layout.players)


def test_every_page_shows_hostile_names_as_text(
    played: Played, client: FlaskClient, app: Flask
) -> None:
    """The scorekeeper's pages, then a watcher's: never a payload as typed."""
    where = str(played.layout)
    url = played.url
    match_page = page(client, url, f"{where} match page")
    assert ESCAPED_TAG in match_page, "the match page shows no name"
    assert "{{7*7}}" in match_page  # shown as typed
    assert "&amp;amp;" in match_page
    for side in played.sides:
        # A tool's result carried in the address fills the form in (docs: tools/routes.py).
        query = f"?meld.{quote(side)}={quote(MARKUP[0])}&table.{quote(side)}={quote(MARKUP[1])}"
        page(client, url + query, f"{where} match page with {query}")
    correct = page(client, url + "/hands/1", f"{where} correct page")
    assert ESCAPED_TAG in correct
    refused = post_form(client, url, url + "/hands/1", refused_hand(played))
    assert refused.status_code == 422, refused.status_code
    checked(refused, f"{where} refused correction")
    refused = post_form(client, url, url + "/hands", refused_hand(played))
    assert refused.status_code == 422, refused.status_code
    checked(refused, f"{where} refused hand")
    for tail in ("/board", "/board/part"):
        assert played.shown(page(client, url + tail, f"{where} {tail}"))
    page(client, url + "/share", f"{where} share")
    exports(client, played)
    tools(client, played)
    assert played.shown(page(client, "/", f"{where} home page"))

    watcher = app.test_client()
    assert ESCAPED_TAG in page(watcher, url, f"{where} match page (watcher)")
    for tail in ("/board", "/board/part", "/share"):
        page(watcher, url + tail, f"{where} {tail} (watcher)")
    page(watcher, url + "/join?code=wrong", f"{where} join page")
    refused = watcher.post(url + "/join", data={"code": "wrong"})
    assert refused.status_code == 403, refused.status_code
    checked(refused, f"{where} join refused")
    page(watcher, url + "/hands/1", f"{where} correct page (watcher)", 403)
    for tool in ("pinochle-meld", "pinnacola-meld"):
        page(watcher, f"/tools/{tool}?match={played.id}&side={quote(played.sides[0])}", where)
    exports(watcher, played)
    assert played.shown(page(watcher, "/", f"{where} home page (watcher)"))

    settle_up(client, watcher, played)


def refused_hand(played: Played) -> dict[str, str]:
    """A hand the rules refuse with a message naming what was typed, which is hostile too."""
    return {
        "bidder": MARKUP[1],
        "bid": "1",
        "meld_0": "5",
        "tricks_0": "1",
        "table_0": "3",
        "ending": f"closed:{MARKUP[0]}",
    }


def exports(client: FlaskClient, played: Played) -> None:
    """The files are downloads, never pages; the JSON keeps every name exactly."""
    url = played.url
    csv = client.get(url + "/export.csv")
    assert csv.status_code == 200
    assert csv.mimetype == "text/csv"
    assert csv.headers["Content-Disposition"].startswith("attachment")
    document = client.get(url + "/export.json")
    assert document.status_code == 200
    assert document.mimetype == "application/json"
    assert document.headers["Content-Disposition"].startswith("attachment")
    assert json.dumps(played.names, ensure_ascii=False)[1:-1] in json.dumps(
        document.get_json(), ensure_ascii=False
    )
    api = client.get(f"/api/v1/matches/{played.id}")
    assert api.mimetype == "application/json"
    assert api.get_json()["players"] == played.names


def tools(client: FlaskClient, played: Played) -> None:
    """Both tools, pointed at each side of the match, and the pinochle calculator's result
    carried back into the hand form."""
    with client.application.app_context():
        match = service.get_match(played.id)
        table = find_variant(match.variant).layout(service.setup_of(match))
    melders = table.players if table.meld_by_player else table.sides
    where = str(played.layout)
    for side in melders:
        target = f"?match={played.id}&side={quote(side)}&meld.{quote(side)}={quote(MARKUP[2])}"
        for tool in ("pinochle-meld", "pinnacola-meld"):
            page(client, f"/tools/{tool}{target}", f"{where} {tool} for {side!r}")
        if table.tool is Tool.PINOCHLE_MELD:
            # A side of partners is counted partner by partner (each from his own cards).
            if not table.meld_by_player and table.members:
                partner = table.members[table.sides.index(side)][-1]
                target += f"&partner={quote(partner)}"
            used = client.post(
                f"/tools/pinochle-meld{target}",
                data={"c_AS": "1", "c_KS": "1", "c_QS": "1", "trump": "spades", "action": "use"},
            )
            assert used.status_code == 303, checked(used, where)
            page(client, used.headers["Location"], f"{where} carried back for {side!r}")
        if table.tool is Tool.PINNACOLA_MELD:
            used = client.post(
                f"/tools/pinnacola-meld{target}",
                data={"c_5H": "1", "c_6H": "1", "c_7H": "1", "action": "use"},
            )
            assert used.status_code == 303, checked(used, where)
            page(client, used.headers["Location"], f"{where} carried back for {side!r}")


def settle_up(client: FlaskClient, watcher: FlaskClient, played: Played) -> None:
    """Auction in units: the night ended, the settle-up as both read it; the match page of a
    finished match (no form, the winner named)."""
    with client.application.app_context():
        match = service.get_match(played.id)
        units = find_variant(match.variant).layout(service.setup_of(match)).units
    url = played.url
    if not units:
        page(client, url + "/settle", f"{played.layout} settle", 404)
        return
    finished = post_form(client, url, url + "/finish", {})
    assert finished.status_code == 303, finished.status_code
    for who, reader in (("scorekeeper", client), ("watcher", watcher)):
        assert ESCAPED_TAG in page(reader, url + "/settle", f"{played.layout} settle ({who})")
        assert ESCAPED_TAG in page(reader, url, f"{played.layout} finished match ({who})")


def test_refused_new_matches_and_imports_show_names_as_text(client: FlaskClient) -> None:
    """The refusals that quote a name: a name taken twice, a team named as a player, and an
    import of a file whose hand names a side that is not there."""
    for variant in all_variants():
        count = max(variant.player_counts)
        names = names_for(count)
        names[-1] = names[0]
        data = {f"player_{i}": name for i, name in enumerate(names)}
        if "team_0" in client.get(f"/new/{variant.id}").get_data(as_text=True):
            data |= {"team_0": names[1], "team_1": TEAM_PAYLOADS[0]}
        response = client.post(f"/new/{variant.id}", data=data)
        assert response.status_code == 422, (variant.id, response.status_code)
        assert ESCAPED_TAG in checked(response, f"new {variant.id}")

    played = start(client, Layout("pinnacola", 2))
    document = client.get(played.url + "/export.json").get_json()
    # The file names a side that is not in it: the message quotes it.
    document["hands"][0]["sides"] = {MARKUP[0]: {"table": 0, "hand": 0}}
    response = client.post("/import", data={"pasted": json.dumps(document)})
    assert response.status_code == 422, response.status_code
    checked(response, "refused import")
    document["hands"] = []
    response = client.post("/import", data={"pasted": json.dumps(document)})
    assert response.status_code == 303, checked(response, "import")
    assert ESCAPED_TAG in page(client, response.headers["Location"], "imported match")


# --- Lazy gettext given user values ----------------------------------------------------------

PACKAGE = Path(__file__).resolve().parents[2] / "scorekeeper"
#: The lazy gettext functions of Flask-Babel: their strings have ``__html__``, so Jinja prints
#: whatever was put into them unescaped.
LAZY = {"lazy_gettext", "lazy_ngettext", "lazy_pgettext", "lazy_npgettext"}
#: Keyword values of lazy calls that were read and found to come from the code, never from a
#: user, by (file, keyword, the value's source). A new one must be read the same way.
REVIEWED = {
    # An option's label and the option and value its condition names: the rules' own words.
    ("web/new_match.py", "label", "label"),
    ("web/new_match.py", "option", "_(option)"),
    ("web/new_match.py", "value", "_choice_label(value)"),
}


def _lazy_names(tree: ast.Module) -> set[str]:
    """The names the lazy gettext functions go by in a module (``_l``, ``lazy_gettext``)."""
    names = set(LAZY)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "flask_babel":
            names |= {alias.asname or alias.name for alias in node.names if alias.name in LAZY}
    return names


def _harmless(value: ast.expr) -> bool:
    """A keyword value that cannot carry a user's text: a constant, or arithmetic with a
    number (``n=i + 1``: text plus a number is an error, not text)."""
    if isinstance(value, ast.Constant):
        return True
    if isinstance(value, ast.UnaryOp):
        return _harmless(value.operand)
    if isinstance(value, ast.BinOp) and not isinstance(value.op, ast.Mod):
        return any(
            isinstance(side, ast.Constant) and type(side.value) in (int, float)
            for side in (value.left, value.right)
        )
    return False


def lazy_calls_with_values(root: Path = PACKAGE) -> Iterator[str]:
    """Every keyword argument of a lazy gettext call under ``root`` that is neither harmless
    nor :data:`REVIEWED`, as ``file:line keyword=value``."""
    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source, str(path))
        lazy = _lazy_names(tree)
        relative = path.relative_to(root).as_posix()
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name not in lazy:
                continue
            for keyword in node.keywords:
                text = ast.get_source_segment(source, keyword.value) or ""
                if keyword.arg is None or not (
                    _harmless(keyword.value) or (relative, keyword.arg, text) in REVIEWED
                ):
                    yield f"{relative}:{node.lineno} {keyword.arg or '**'}={text}"


def test_no_lazy_gettext_call_is_given_a_value() -> None:
    """``_l("%(side)s closed", side=name)`` printed the name as markup (issue 13): a lazy
    string's values must be constants; a page's own text with values is plain ``gettext``."""
    assert list(lazy_calls_with_values()) == []


def test_the_lazy_gettext_scan_finds_the_bug_it_guards(tmp_path: Path) -> None:
    """The scan sees the Pinnacola bug as it was, under each name the function goes by."""
    (tmp_path / "bug.py").write_text(
        "from flask_babel import lazy_gettext as _l\n"
        "import flask_babel\n"
        "ok = _l('Player %(n)s', n=i + 1)\n"
        "bad = _l('%(side)s closed', side=s)\n"
        "worse = flask_babel.lazy_gettext('by %(side)s', **values)\n"
        "also = _l('%(side)s', side='x' + name)\n"
    )
    assert list(lazy_calls_with_values(tmp_path)) == [
        "bug.py:4 side=s",
        "bug.py:5 **=values",
        "bug.py:6 side='x' + name",
    ]
