"""The table's language: complete catalogs, every template string marked, the choice of
language (``?lang=``, the cookie, ``Accept-Language``) and translated refusals (API and pages).
"""

from __future__ import annotations

import html
import re
import warnings
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.i18n.switch import safe_next
from tests.helpers import NEW_MATCH_FORM, MatchClient, page_errors

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
TEMPLATES = ROOT / "templates"
LANGUAGES = ("es", "it", "ru")

#: Text in templates that is the same in every language (file formats, symbols).
UNTRANSLATED = {"CSV", "JSON"}


def _catalog(language: str) -> Catalog:
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po, locale=language)


def _forms(text: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A catalog entry's id or string as its forms (one without plural forms; None as "")."""
    if text is None:
        return ("",)
    return (text,) if isinstance(text, str) else tuple(text)


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"%\((\w+)\)[sd]", text)) | set(re.findall(r"\{(\w+)(?:![rs])?\}", text))


# --- The catalogs ----------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_is_translated_and_none_is_fuzzy(language: str) -> None:
    catalog = _catalog(language)
    problems = []
    for message in catalog:
        if not message.id:
            continue
        forms = _forms(message.string)
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        if len(forms) != (catalog.num_plurals if message.pluralizable else 1) or not all(forms):
            problems.append(f"untranslated: {message.id!r}")
            continue
        ids = _forms(message.id)
        wanted = set().union(*(_placeholders(i) for i in ids))
        for form in forms:
            # A plural form may leave out the count (Russian "одна"), never add a name.
            if not _placeholders(form) <= wanted or (
                not message.pluralizable and _placeholders(form) != wanted
            ):
                problems.append(f"placeholders of {message.id!r} in {form!r}")
    assert not problems, "\n".join(problems)


def test_the_catalogs_hold_every_string_of_the_sources(tmp_path: Path) -> None:
    """Extract again (README, "Translations"): a string marked but not yet in a catalog fails."""
    pot = tmp_path / "messages.pot"
    extract = ["-q", "extract", "-F", str(ROOT / "babel.cfg"), "-o", str(pot), "--no-location"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # f-strings in the paths of RuleError: not messages
        # Babel's command-line class has no annotations.
        CommandLineInterface().run(["pybabel", *extract, str(ROOT)])  # type: ignore[no-untyped-call]
    with pot.open("rb") as source:
        extracted = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(source) if m.id}
    assert extracted, "nothing was extracted"
    for language in LANGUAGES:
        known = {m.id if isinstance(m.id, str) else m.id[0] for m in _catalog(language) if m.id}
        missing = sorted(extracted - known)
        assert not missing, f"{language}: run the catalog update (README): {missing}"


def _unmarked(source: str) -> list[str]:
    """Text a person would read in a template that is not inside ``{{ ... }}``."""
    text = re.sub(r"(?s)\{#.*?#\}", " ", source)
    text = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", text)
    text = re.sub(r"(?s)<!--.*?-->", " ", text)
    text = re.sub(r"(?s)\{%.*?%\}|\{\{.*?\}\}", " ", text)
    readable = []
    for tag in re.findall(r"(?s)<[^>]*>", text):
        readable += re.findall(r'\s(?:placeholder|title|aria-label|alt|label)="([^"]*)"', tag)
        if re.match(r'(?s)<input\b[^>]*\stype="(?:submit|button|reset)"', tag):
            readable += re.findall(r'\svalue="([^"]*)"', tag)  # the text of a button
    readable += re.split(r"(?s)<[^>]*>", text)
    found = []
    for chunk in readable:
        for word in html.unescape(chunk).split():
            if re.search(r"[^\W\d_]", word) and word.strip(".,:;()·") not in UNTRANSLATED:
                found.append(word)
    return found


@pytest.mark.parametrize(
    "template", sorted(TEMPLATES.rglob("*.html")), ids=lambda p: str(p.relative_to(TEMPLATES))
)
def test_every_template_string_is_marked(template: Path) -> None:
    assert not _unmarked(template.read_text(encoding="utf-8"))


def test_the_template_check_finds_unmarked_text() -> None:
    assert _unmarked('<p title="Hello">{{ _("Hi") }} there</p>') == ["Hello", "there"]
    assert not _unmarked('<a href="x" class="y">{{ name }}</a>{# a comment #} · −10 {{ "A" }}')


# --- Which language ---------------------------------------------------------------------------


def _lang(page: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', page)
    assert found
    return found.group(1)


def test_accept_language_by_default(client: FlaskClient) -> None:
    page = client.get("/", headers={"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"})
    assert _lang(page.get_data(as_text=True)) == "it"
    assert "Inizia una partita" in page.get_data(as_text=True)
    assert "Accept-Language" in page.headers["Vary"]
    assert _lang(client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)) == "en"


def test_lang_in_the_link_wins_and_is_remembered(client: FlaskClient) -> None:
    page = client.get("/?lang=ru", headers={"Accept-Language": "es"})
    assert _lang(page.get_data(as_text=True)) == "ru"
    assert any("lang=ru" in cookie for cookie in page.headers.getlist("Set-Cookie"))
    # The pages that follow stay in Russian, without the parameter.
    later = client.get("/new", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert _lang(later) == "ru"
    assert "Во что играете?" in later
    assert _lang(client.get("/?lang=xx").get_data(as_text=True)) == "ru"  # unknown: ignored


def test_the_switch_sets_the_cookie_and_goes_back(client: FlaskClient) -> None:
    response = client.get("/lang/es?next=/new")
    assert response.status_code == 303
    assert response.headers["Location"] == "/new"
    assert "lang=es" in response.headers["Set-Cookie"]
    page = client.get("/new", headers={"Accept-Language": "it"}).get_data(as_text=True)
    assert _lang(page) == "es"
    assert "¿A qué jugáis?" in page


def test_the_switch_is_on_every_page_and_keeps_the_page(
    client: FlaskClient, table: MatchClient
) -> None:
    url = table.start("pinochle-2")
    page = client.get(url + "?lang=it").get_data(as_text=True)
    for code, name in (("en", "English"), ("es", "Español"), ("it", "Italiano"), ("ru", "Русский")):
        assert f'href="/lang/{code}?next={url}"' in page, code
        assert f">{name}</a>" in page
    assert 'lang="it" hreflang="it" aria-current="true"' in page


@pytest.mark.parametrize(
    ("target", "safe"),
    [
        ("/m/abc?x=1", "/m/abc?x=1"),
        ("//evil.example/", "/"),
        ("/\\evil.example", "/"),
        ("https://evil.example/", "/"),
        ("javascript:alert(1)", "/"),
        ("/\t/evil.example", "/"),
        ("/\n/evil.example", "/"),
        ("", "/"),
        (None, "/"),
    ],
)
def test_the_switch_goes_back_to_this_site_only(target: str | None, safe: str) -> None:
    assert safe_next(target) == safe


def test_the_switch_on_a_refused_form_goes_back_to_its_page(
    client: FlaskClient, table: MatchClient
) -> None:
    """A form posted to a URL that only takes POST: the switch goes to the page that shows it."""
    url = table.start("pinochle-2")
    page = client.post(url + "/hands", data={"tricks_0": "x"}).get_data(as_text=True)
    assert f'href="/lang/es?next={url}/hands"' in page
    assert client.get(f"/lang/es?next={url}/hands").headers["Location"] == url


def test_an_unknown_language_keeps_the_cookie(client: FlaskClient) -> None:
    response = client.get("/lang/de?next=/")
    assert response.status_code == 303
    assert "Set-Cookie" not in response.headers


# --- Refusals, notes and numbers in the table's language --------------------------------------


def test_the_api_refuses_an_entry_in_italian(client: FlaskClient) -> None:
    """The field path, the status and the shape stay; only the message is Italian."""
    created = client.post(
        "/api/v1/matches", json={"variant": "pinochle-2", "players": ["Ana", "Ben"]}
    ).get_json()
    url = f"/api/v1/matches/{created['id']}/hands"
    auth = {"Authorization": f"Bearer {created['edit_token']}"}
    entry = {"meld": {"Ana": 0, "Ben": 0}, "tricks": {"Ana": 100, "Ben": 100}}
    english = client.post(url, json=entry, headers=auth | {"Accept-Language": "en"})
    italian = client.post(url, json=entry, headers=auth | {"Accept-Language": "it"})
    assert english.status_code == italian.status_code == 422
    assert set(english.get_json()) == set(italian.get_json()) == {"errors"}
    assert list(english.get_json()["errors"]) == list(italian.get_json()["errors"]) == ["tricks"]
    assert english.get_json()["errors"]["tricks"] == [
        "must add up to 250 (the last trick included), not 200"
    ]
    assert italian.get_json()["errors"]["tricks"] == [
        "devono sommare 250 (compresa l'ultima presa), non 200"
    ]
    # An unknown option, a missing match: the same, in Russian.
    refused = client.post(
        "/api/v1/matches",
        json={"variant": "pinochle-2", "players": ["Ana", "Ben"], "rules": {"x": 1}},
        headers={"Accept-Language": "ru"},
    )
    assert refused.get_json() == {"errors": {"rules.x": ["у этой игры нет такого правила"]}}
    missing = client.get("/api/v1/matches/nope", headers={"Accept-Language": "es"})
    assert missing.get_json() == {"errors": {"_": ["no hay ninguna partida con este id"]}}


def test_the_api_notes_follow_the_language(client: FlaskClient) -> None:
    created = client.post(
        "/api/v1/matches", json={"variant": "pinochle-3", "players": ["Ana", "Ben", "Cruz"]}
    ).get_json()
    url = f"/api/v1/matches/{created['id']}/hands"
    auth = {"Authorization": f"Bearer {created['edit_token']}", "Accept-Language": "ru"}
    entry = {"meld": {"Ana": 0, "Ben": 60, "Cruz": 0}, "tricks": {"Ana": 250, "Ben": 0, "Cruz": 0}}
    hand = client.post(url, json=entry, headers=auth).get_json()["hand"]
    assert hand["notes"] == ["Ben: комбинации сгорели, нет взятки"]


def test_a_refused_hand_on_the_page_is_in_spanish(client: FlaskClient, table: MatchClient) -> None:
    url = table.start("pinochle-2")
    client.set_cookie("lang", "es")
    page = client.get(url).get_data(as_text=True)
    version = re.search(r'name="version" type="hidden" value="(\d+)"', page)
    assert version
    response = client.post(
        url + "/hands",
        data={"meld_0": "0", "meld_1": "0", "tricks_0": "100", "tricks_1": "100x"},
    )
    assert response.status_code == 422
    assert "Escribe un número entero." in page_errors(response.get_data(as_text=True))
    response = client.post(
        url + "/hands",
        data={"meld_0": "0", "meld_1": "0", "tricks_0": "100", "tricks_1": "100"},
    )
    assert "deben sumar 250 (con la última baza), no 200" in page_errors(
        response.get_data(as_text=True)
    )


def test_scores_and_money_follow_the_locale(app: Flask) -> None:
    from flask_babel import refresh

    from scorekeeper.i18n import money, number

    with app.test_request_context("/?lang=ru"):
        refresh()
        assert money("1234.5") == "1\xa0234,50"
        assert number(-1500) == "-1500"
    with app.test_request_context("/?lang=en"):
        refresh()
        assert money("0.4") == "0.40"
        assert number(1500) == "1500"


# --- No English left ---------------------------------------------------------------------------

#: Latin-letter words a Russian page may show: names, language names, API values, file types.
LATIN_OK = {"Ana", "Ben", "Cruz", "Dee", "English", "Español", "Italiano", "json", "CSV", "JSON"}


def _visible_words(page: str) -> list[str]:
    page = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", page)
    attributes = re.findall(r'(?:placeholder|title|aria-label|alt)="([^"]*)"', page)
    text = html.unescape(re.sub(r"(?s)<[^>]+>", " ", page) + " " + " ".join(attributes))
    text = re.sub(r"https?://\S+", " ", text)  # links shown to be copied are no words
    return re.findall(r"[A-Za-z][\w'-]*[A-Za-z]|[A-Za-z]{2,}", text)


#: One hand per variant, as the hand form posts it (so that the history and its notes show).
ONE_HAND = {
    "pinochle-2": {"meld_0": "60", "meld_1": "0", "tricks_0": "130", "tricks_1": "120"},
    "pinochle-3": {
        **{"meld_0": "60", "meld_1": "20", "meld_2": "0"},
        **{"tricks_0": "250", "tricks_1": "0", "tricks_2": "0"},
    },
    "pinochle-4": {"meld_0": "0", "meld_1": "40", "tricks_0": "250", "tricks_1": "0"},
    "auction": {"bidder": "Ana", "bid": "300", "trump": "spades", "outcome": "made"},
    "partnership-auction": {
        **{"bidder": "Ana", "bid": "250", "trump": "hearts", "result": "played"},
        **{"meld_0": "100", "meld_1": "40", "tricks_0": "150", "tricks_1": "100"},
    },
    # Meld under 20 and too few counters: the notes of double-deck's own rules show too.
    "double-deck": {
        **{"bidder": "Ana", "bid": "55", "trump": "hearts", "result": "played"},
        **{"meld_0": "32", "meld_1": "40", "tricks_0": "35", "tricks_1": "15"},
    },
    "pinnacola": {
        **{"table_0": "300", "hand_0": "0", "table_1": "100", "hand_1": "20"},
        **{"ending": "closed:0", "in_mano": "y"},
    },
}


@pytest.mark.parametrize("variant", sorted(NEW_MATCH_FORM))
def test_no_english_is_left_on_the_russian_pages(
    client: FlaskClient, variant: str, table: MatchClient
) -> None:
    client.set_cookie("lang", "ru")
    url = table.start(variant)
    form = client.get(url).get_data(as_text=True)
    version = re.search(r'name="version" type="hidden" value="(\d+)"', form)
    assert version
    stored = client.post(url + "/hands", data={**ONE_HAND[variant], "version": version.group(1)})
    assert stored.status_code == 303, page_errors(stored.get_data(as_text=True))
    paths = ["/", "/new", f"/new/{variant}", url, url + "/hands/1", "/no-such-page"]
    paths += [url + "/share", url + "/board", "/import"]
    paths += ["/tools/pinochle-meld", "/tools/double-deck-meld", "/tools/pinnacola-meld"]
    if variant == "auction":
        paths.append(url + "/settle")
    for path in paths:
        response = client.get(path)
        assert response.status_code in (200, 404), path
        words = [w for w in _visible_words(response.get_data(as_text=True)) if w not in LATIN_OK]
        assert not words, f"{path}: {sorted(set(words))}"
