// Saving a hand without leaving the page, and never losing one (issues 14 and 16).
//
// A hand form (the next hand, a correction) is sent with fetch; the answer is the match page,
// swapped in place: no redirect, no reload. Every entry first goes into this phone's queue of
// its match (localStorage) with its idempotency key, and leaves it only once the server has
// answered: stored (a repeat of a stored key is answered as stored: never stored twice), or
// refused (it comes back to the form with the server's message; the hands after it wait).
// A hand that cannot reach the server (offline, a timeout, a 5xx) waits in the history and
// is sent by itself, in order, when the connection returns and on the next page load.
// A hand refused because this phone no longer scores the match (another phone took the
// scoring over, or its scorekeeper removed this phone: a 401 or 403) is kept on the phone with
// the hands after it (issue 25): the match page lists them with the reason and what was typed,
// every page says so, until the table deletes them or a phone that scores again sends them.
// Without a connection the match page also takes the undo of the last hand and corrections
// (static/fixes.js): they wait in the queue like a hand.
// Without fetch or localStorage the form is posted as it always was.
"use strict";
(function () {
  var SK = window.scorekeeper;
  if (!SK || !SK.store || !window.fetch || !window.DOMParser || !window.URLSearchParams) return;
  var store = SK.store, $all = SK.$all, html = document.documentElement;
  var HEADER = SK.contract.swapHeader, TIMEOUT = 20000, PAGES = "sk-pages";
  // A hand refused as a clash comes back as the page at an address that says so.
  var CLASHED = new RegExp("[?&]" + SK.contract.clash + "=");
  var retryIn = 2000, retry = null, busy = false, failed = false, wanted = null;

  // Per match (the match page's path): the queue; held after a refusal; the version the next
  // chained entry is sent with; the highest version this phone saw; an entry being changed.
  function qKey(page) { return "sk:queue:" + page; }
  function held(page) { return !!store.get("sk:held:" + page); }
  function hold(page, on) { if (on) store.set("sk:held:" + page, 1); else store.drop("sk:held:" + page); }
  function queue(page) { return store.get(qKey(page)) || []; }
  function keep(page, q) { return q.length ? store.set(qKey(page), q) : (store.drop(qKey(page)), true); }
  function number(text) { var n = parseInt(text, 10); return isNaN(n) ? null : n; }
  function known(page) { return number(store.get("sk:known:" + page)); }
  function saw(page, version) {
    if (version === null) return;
    var was = known(page);
    if (was === null || version > was) store.set("sk:known:" + page, version);
  }
  function editing(page) { return store.get("sk:editing:" + page); }
  function newKey() {
    var bytes = new Uint8Array(16);
    (window.crypto || window.msCrypto).getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }
  // One more answer shown (the tests and the bench wait for it).
  function answered() { html.dataset.answers = String((parseInt(html.dataset.answers, 10) || 0) + 1); }
  function online() { return navigator.onLine !== false; }
  function field(form, name) { var el = form && form.querySelector("input[name=" + name + "]"); return el ? el.value : ""; }

  // This page: the match it belongs to and its hand form (if this phone scores it).
  function here() {
    var form = document.getElementById("hand-form");
    var section = document.getElementById("queue");
    var page = form ? form.dataset.page : section ? section.dataset.page : null;
    return { page: page, form: form, section: section, fix: !!(form && !section) };
  }

  // What was typed, in the page's own words: "Ana: Meld 60, Tricks 130 · Spades".
  function typedText(form) {
    var groups = [], byBox = [];
    $all(form, "input, select").forEach(function (el) {
      if (!el.name || el.type === "hidden" || el.type === "submit" || el.type === "button") return;
      var said = null;
      if (el.type === "radio" || el.type === "checkbox") {
        if (!el.checked || !el.value) return;  // "nobody", "none": nothing to say
        var label = el.closest("label");
        said = label ? label.textContent.trim() : el.value;
      } else if (el.value.trim()) {
        var wrap = el.closest("label");
        var name = wrap && wrap.querySelector("span") ? wrap.querySelector("span").textContent.trim() : "";
        said = (name ? name + " " : "") + el.value.trim();
      }
      if (!said) return;
      var box = el.closest("fieldset") || form;
      var at = byBox.indexOf(box);
      if (at < 0) {
        byBox.push(box);
        var legend = box.querySelector("legend");
        var title = legend && legend.firstChild ? legend.firstChild.textContent.trim() : "";
        groups.push({ title: title, said: [] });
        at = groups.length - 1;
      }
      groups[at].said.push(said);
    });
    return groups.map(function (g) { return (g.title ? g.title + ": " : "") + g.said.join(", "); }).join(" · ");
  }

  function labelOf(form) {
    var heading = document.getElementById("next-hand") || document.querySelector("main h1");
    return heading ? heading.textContent.trim() : "";
  }

  // The page's counts follow the queue: the next hand's number and dealer, the rows. An undo
  // waiting takes its hand off the count (a correction changes none).
  function addsIn(q) {
    return q.reduce(function (n, item) { return n + (item.undo ? -1 : item.fix ? 0 : 1); }, 0);
  }
  function numbered(pattern, n) { return pattern.replace("{n}", String(n)); }
  function render() {
    var at = here(), section = at.section;
    showConnection();
    renderKept(at);
    if (!at.page) return;
    var q = queue(at.page), form = at.form, changing = editing(at.page);
    var seen = number(field(form, "seen"));
    // The form holds the next hand after those waiting; a refused one (held) goes before them.
    var adds = held(at.page) ? 0 : addsIn(q.filter(function (item) { return item.key !== changing; }));
    var heading = document.getElementById("next-hand");
    if (heading && seen !== null) {
      var item = changing && q.filter(function (i) { return i.key === changing; })[0];
      var fix = !item && SK.fixes && SK.fixes.fixing(at.page);
      heading.textContent = item ? item.label : fix ? fix.label :
        numbered(heading.dataset.numbered, seen + adds + 1);
      var deal = document.getElementById("next-deal");
      var dealers = [];
      try { dealers = JSON.parse(deal ? deal.dataset.dealers : "[]"); } catch (e) { dealers = []; }
      if (deal && !deal.dataset.first) deal.dataset.first = deal.textContent;
      if (deal && adds && dealers.length >= adds) {
        deal.textContent = numbered(heading.dataset.numbered, seen + adds + 1) + " · " +
          deal.dataset.deals.replace("{player}", dealers[adds - 1]);
      } else if (deal && deal.dataset.first) {
        deal.textContent = deal.dataset.first;
      }
    }
    // Nothing that changes the stored hands while some wait: they were typed after them.
    ["undo", "undo-problem", "finish"].forEach(function (id) {
      var el = document.getElementById(id);
      var box = el && (el.closest("details") || el.closest("form"));
      if (box) box.hidden = q.length > 0;
    });
    if (SK.fixes) SK.fixes.rendered(q);
    if (!section) return;
    section.hidden = !q.length;
    $all(section, "[data-when=held]").forEach(function (el) { el.hidden = !(held(at.page) && q.length); });
    var list = section.querySelector("ol"), template = document.getElementById("queued-row");
    list.textContent = "";
    q.slice().reverse().forEach(function (item, i) {
      var row = document.importNode(template.content, true).firstElementChild;
      row.dataset.key = item.key;
      row.querySelector("[data-label]").textContent = item.label;
      row.querySelector("[data-typed]").textContent = item.typed;
      var status = item.key === changing ? "changing" : item.sending && busy ? "sending" :
        item.tried ? "tried" : "waiting";
      row.querySelector("[data-status]").textContent = "· " + section.dataset[status];
      var change = row.querySelector("[data-change]"), remove = row.querySelector("[data-remove]");
      change.hidden = item.tried || item.fix || item.key === changing || !form || at.fix || held(at.page);
      remove.hidden = item.tried || i !== 0 || item.key === changing;
      change.addEventListener("click", function () { startChange(item.key); });
      row.querySelector("[data-remove-yes]").addEventListener("click", function () { removeLast(item.key); });
      list.appendChild(row);
    });
  }

  function showConnection(needs, kept) {
    var note = document.getElementById("offline-note"), copy = document.getElementById("offline-copy");
    if (note) {
      if (!note.dataset.said) note.dataset.said = note.textContent;
      note.textContent = needs ? note.dataset.needs : note.dataset.said;
      if (kept) note.dataset.kept = "1";
      note.hidden = online() && !needs && !note.dataset.kept && !html.hasAttribute("data-offline");
    }
    if (copy) copy.hidden = !html.hasAttribute("data-offline");
  }

  // --- Sending ---------------------------------------------------------------------------

  function entryOf(form, at) {
    var fields = [];
    $all(form, "input[name], select[name]").forEach(function (el) {
      if (el.type === "submit" || el.type === "button" || el.name === "chip") return;
      if ((el.type === "radio" || el.type === "checkbox") && !el.checked) return;
      fields.push([el.name, el.value]);
    });
    var q = queue(at.page), changing = editing(at.page);
    var version = number(field(form, "version"));
    var mine = known(at.page);
    var first = !q.length && !held(at.page);
    // A key is used once: a form shown again from this phone's copy carries one already used.
    var key = field(form, "idempotency_key");
    if (!key || q.some(function (item) { return item.key === key; })) key = newKey();
    return {
      key: key,
      action: form.getAttribute("action"),
      fix: at.fix,
      label: labelOf(form),
      typed: typedText(form),
      fields: fields,
      // The first of a queue is sent with the version its form was made from (a page shown
      // from this phone's copy: the latest this phone saw); the others follow the one before.
      version: !first ? null : html.hasAttribute("data-offline") && mine !== null ?
        Math.max(version === null ? 0 : version, mine) : version,
      seen: (number(field(form, "seen")) || 0) + addsIn(q.filter(function (i) { return i.key !== changing; })),
      tried: false
    };
  }

  function submitted(event) {
    var form = event.target, by = event.submitter;
    if (form.id !== "hand-form" || event.defaultPrevented || (by && by.name === "chip")) return;
    var at = here();
    if (!at.page) return;
    event.preventDefault();
    var item = entryOf(form, at), q = queue(at.page), changing = editing(at.page);
    var replaced = false, fix = SK.fixes && SK.fixes.mark(item, at.page);
    if (changing) {
      q = q.map(function (old) {
        if (old.key !== changing || old.tried) return old;
        replaced = true;
        item.key = old.key; item.version = old.version; item.seen = old.seen; item.label = old.label;
        return item;
      });
    }
    var again = !replaced && held(at.page);
    if (again) q.unshift(item);  // the refused hand, saved again, goes first
    else if (!replaced) q.push(item);
    if (!keep(at.page, q)) { form.submit(); return; }  // no room on this phone: the plain way
    hold(at.page, false);
    SK.drafts && SK.drafts.drop(form);
    if (fix) SK.fixes.end(form, at.page);  // the form is the next hand's again, its typing back
    if (changing) store.drop("sk:editing:" + at.page);
    if (changing || again) putAside(form, at.page, false);
    if (replaced || again) kept(form, at);
    flush(replaced ? null : item.key);
    if (!online()) kept(form, at);
  }

  // The form is free for the next hand: the entry waits in the queue.
  function kept(form, at) {
    delete form.dataset.sent;
    if (at.fix) {
      // A correction kept: back to the match page when this phone has a copy of it (else it
      // says so here, the form put away: it is saved once).
      form.hidden = true;
      showConnection(false, true);
      whenCopied(at.page, function () { location.assign(at.page); });
      return;
    }
    if (SK.drafts && !store.get(SK.drafts.key(form))) SK.drafts.clear(form);
    var key = form.querySelector("input[name=idempotency_key]");
    if (key) key.value = newKey();
    render();
    window.scrollTo(0, 0);
  }

  function whenCopied(url, then) {
    if (!window.caches || !navigator.serviceWorker || !navigator.serviceWorker.controller) return;
    caches.open(PAGES).then(function (cache) { return cache.match(url); }).then(function (copy) {
      if (copy) then();
    }, function () {});
  }

  // Send the queue's entries in order, one at a time (one tab at a time where the phone can
  // say so), until it is empty, held, or the connection fails.
  function flush(mine) {
    var at = here();
    if (mine) wanted = mine;
    if (!at.page) { flushElsewhere(); return; }
    if (busy) return;
    var page = at.page;
    if (held(page) || !queue(page).length || !online()) {
      if (!queue(page).length && online() && html.hasAttribute("data-offline")) refresh();
      render();
      return;
    }
    busy = true;
    failed = false;
    var run = function () { return sendNext(page, null); };
    var done = function () {
      busy = false;
      var now = here(), q = queue(page);
      // A form sent whose entry still waits is free for the next hand.
      var waits = now.form && now.form.dataset.sent && q.some(function (item) {
        return item.key === field(now.form, "idempotency_key");
      });
      if (waits) kept(now.form, now);
      render();
      if (!failed && !q.length && online() && html.hasAttribute("data-offline")) refresh();
      if (!failed && q.length && !held(page) && online() && editing(page) !== q[0].key) flush(null);
    };
    (navigator.locks ? navigator.locks.request("sk:" + page, run) : run()).then(done, done);
  }

  // POST one waiting entry as its form would have: [answer, its text]; a 5xx, a 408 or a 429
  // (or no answer within TIMEOUT) rejects, like a dropped connection.
  function post(item, version, timed) {
    var body = new URLSearchParams();
    // The newest CSRF token this phone has: this page's (any form's: one per session).
    var input = document.querySelector("#hand-form input[name=csrf_token]") ||
      document.querySelector("input[name=csrf_token]");
    var token = input ? input.value : "";
    item.fields.forEach(function (pair) {
      var value = pair[1];
      if (pair[0] === "version") value = version === null ? "" : String(version);
      else if (pair[0] === "seen") value = String(item.seen);
      else if (pair[0] === "idempotency_key") value = item.key;
      else if (pair[0] === "csrf_token" && token) value = token;
      body.append(pair[0], value);
    });
    var headers = { "Accept": "text/html" };
    headers[HEADER] = "1";
    var abort = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (abort) abort.abort(); }, TIMEOUT);
    timed(timer);
    return fetch(item.action, {
      method: "POST", body: body, headers: headers, credentials: "same-origin",
      cache: "no-store", signal: abort ? abort.signal : undefined
    }).then(function (response) {
      return response.text().then(function (text) { clearTimeout(timer); return [response, text]; });
    }).then(function (answer) {
      var status = answer[0].status;
      if (status >= 500 || status === 408 || status === 429) throw new Error(String(status));
      return answer;
    });
  }

  // On a page of no match (the home page, a tool, another match's share page...): the entries
  // waiting for every match go too, in order, one match at a time. An entry stored leaves its
  // queue; anything else (a refusal, a clash, a lost connection) stops that match's queue as it
  // is, for the match's own page to send again and show the server's answer in its form.
  function flushElsewhere() {
    if (busy || !online() || !window.localStorage) return;
    var pages = [];
    for (var i = 0; i < window.localStorage.length; i++) {
      var name = window.localStorage.key(i);
      if (name && name.indexOf("sk:queue:") === 0) pages.push(name.slice("sk:queue:".length));
    }
    pages = pages.filter(function (page) { return !held(page) && !editing(page) && queue(page).length; });
    if (!pages.length) return;
    busy = true;
    failed = false;
    var next = function () {
      var page = pages.shift();
      if (!page || failed) {
        busy = false;
        render();
        answered();
        return null;
      }
      var run = function () { return quietly(page); };
      return (navigator.locks ? navigator.locks.request("sk:" + page, run) : run()).then(next, next);
    };
    next();
  }

  function quietly(page) {
    var item = queue(page)[0];
    if (!item || held(page) || editing(page) === item.key) return Promise.resolve(null);
    var version = item.version !== null ? item.version : known(page);
    return post(item, version, function () {}).then(function (answer) {
      var response = answer[0];
      if (noLongerScoring(response.status)) { strand(page); return null; }
      if (response.status !== 200 || (response.redirected && CLASHED.test(response.url))) return null;
      drop(page, item.key);
      store.set("sk:known:" + page, (version === null ? 0 : version) + 1);
      return quietly(page);
    }).catch(function () {
      failed = true;
      later();
      return null;
    });
  }

  function sendNext(page, shown) {
    var q = queue(page);
    var item = q[0];
    if (!item || held(page) || editing(page) === item.key) return finish(shown);
    var version = item.version !== null ? item.version : known(page);
    item.tried = true; item.sending = true;
    keep(page, q);
    render();
    var timer = null;
    return post(item, version, function (t) { timer = t; }).then(function (answer) {
      var response = answer[0], status = response.status;
      var doc = new DOMParser().parseFromString(answer[1], "text/html");
      var clash = response.redirected && CLASHED.test(response.url);
      var form = doc.getElementById("hand-form");
      retryIn = 2000;
      if (noLongerScoring(status)) {
        strand(page);
        return showAgain(page);
      }
      if (status === 200 && !clash) {
        drop(page, item.key);
        // The next entry follows this one: sent with the version this one made.
        store.set("sk:known:" + page, (version === null ? 0 : version) + 1);
        copy(page);
        if (SK.fixes) SK.fixes.stored(page, item, doc);
        if (item.fix && !item.undo) keepCopies([item.action], true);
        var fresh = { doc: doc, url: page, own: item.key === wanted, fix: item.fix };
        // The match page shows every answer; a correction's page only its own.
        return sendNext(page, !here().fix || fresh.own ? fresh : shown);
      }
      // Refused: back to the form with the server's message; the hands after it wait. What
      // was being typed for the next hand meanwhile is put aside until then.
      drop(page, item.key);
      if (queue(page).length) hold(page, true);
      var typing = store.get("sk:draft:" + page + "/hands");
      if (!item.fix && typing && !store.get("sk:aside:" + page)) store.set("sk:aside:" + page, typing);
      if (form) {
        store.set("sk:known:" + page, number(field(form, "version")));
        var url = clash ? response.url.replace(location.origin, "") : item.fix ? item.action : page;
        swap(doc, url, true);
      } else {
        giveBack(item, doc);
      }
      return null;
    }).catch(function () {
      clearTimeout(timer);
      failed = true;
      var again = queue(page);
      again.forEach(function (i) { if (i.key === item.key) i.sending = false; });
      keep(page, again);
      finish(shown);
      later();
      return null;
    });
  }

  function finish(shown) {
    if (shown) swap(shown.doc, shown.fix && shown.own ? shown.url + "#hands" : shown.url, shown.own);
    return null;
  }
  function drop(page, key) { keep(page, queue(page).filter(function (i) { return i.key !== key; })); }
  function later() {
    clearTimeout(retry);
    if (!online()) return;  // the "online" event sends them
    retry = setTimeout(function () { flush(null); }, retryIn);
    retryIn = Math.min(retryIn * 2, 60000);
  }

  // An answer that is no page with a form (the match is gone, this phone no longer scores
  // it): the typing goes back into the form's draft, and the message is shown.
  function giveBack(item, doc) {
    var values = {};
    item.fields.forEach(function (pair) { values[pair[0]] = pair[1]; });
    store.set("sk:draft:" + item.action, { values: values, auto: [] });
    var section = document.getElementById("queue");
    var said = doc.querySelector("main") ? doc.querySelector("main").textContent.trim().replace(/\s+/g, " ") : "";
    var banner = document.createElement("section");
    banner.className = "banner-error refused";
    banner.setAttribute("role", "alert");
    banner.id = "refused";
    var p = document.createElement("p");
    p.textContent = ((section && section.dataset.notSaved) || "") + " " + item.label + ": " + said;
    banner.appendChild(p);
    var main = document.querySelector("main");
    if (main) main.insertBefore(banner, main.firstChild);
    answered();
    render();
  }

  // A page saved in place is kept for a visit without signal by the service worker, which alone
  // decides what Cache Storage holds (sw.js): the page of a phone that scores is sent no-store
  // (its hand form, its CSRF token), so the worker keeps the page as the read-only link shows it.
  function copy(page) {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ readOnly: page, lang: html.lang });
  }

  // Ask the service worker for copies of the corrections of the latest hands (to open them
  // offline); ``fresh``: those paths again even if copied before (a hand just corrected).
  function keepCopies(paths, fresh) {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!worker || !online() || html.hasAttribute("data-offline") || !paths.length) return;
    worker.postMessage({ keep: paths, fresh: !!fresh });
  }

  // --- The page swapped in place ---------------------------------------------------------

  // A page shown from this phone's copy is asked for again once the connection is back.
  function refresh() {
    fetch(location.pathname + location.search, {
      credentials: "same-origin", cache: "no-store", headers: { "Accept": "text/html" }
    }).then(function (response) {
      return response.ok && !response.redirected ? response.text() : null;
    }).then(function (text) {
      if (text && html.hasAttribute("data-offline")) {
        swap(new DOMParser().parseFromString(text, "text/html"), null, false);
      }
    }).catch(later);
  }

  function swap(doc, url, own) {
    var active = document.activeElement, name = active && active.form && active.name;
    var y = window.scrollY;
    document.title = doc.title;
    html.lang = doc.documentElement.lang;
    html.removeAttribute("data-offline");
    document.body.replaceWith(document.adoptNode(doc.body));
    if (url && url !== location.pathname + location.search + location.hash) {
      history.replaceState(null, "", url);
    }
    SK.page();
    answered();
    if (own) {
      if (document.getElementById("refused") || document.getElementById("clash")) return;
      var target = location.hash && document.getElementById(location.hash.slice(1));
      if (target) target.scrollIntoView(); else window.scrollTo(0, 0);
    } else {
      window.scrollTo(0, y);
      var again = name && document.querySelector("#hand-form [name='" + name + "']");
      if (again && again.type !== "radio") again.focus();
    }
  }

  // --- Hands refused because this phone no longer scores ---------------------------------

  function noLongerScoring(status) { return status === 401 || status === 403; }
  function keptKey(page) { return "sk:kept:" + page; }
  function keptOf(page) { return store.get(keptKey(page)) || []; }
  function keptPages() {
    var pages = [];
    for (var i = 0; window.localStorage && i < window.localStorage.length; i++) {
      var name = window.localStorage.key(i);
      if (name && name.indexOf("sk:kept:") === 0 && keptOf(name.slice(8)).length) pages.push(name.slice(8));
    }
    return pages.sort();
  }

  // The match's queue (the refused hand and those typed after it: the server would refuse
  // them the same) moves to the hands kept on this phone; never dropped.
  function strand(page) {
    var q = queue(page);
    if (!q.length) return;
    q.forEach(function (item) { item.tried = false; item.sending = false; });
    if (!store.set(keptKey(page), keptOf(page).concat(q))) { hold(page, true); return; }  // no room: it waits
    keep(page, []);
    hold(page, false);
    store.drop("sk:editing:" + page);
    store.drop("sk:aside:" + page);
  }

  // The match page as this phone sees it now (it follows the match), with its kept hands.
  function showAgain(page) {
    return fetch(page, {
      credentials: "same-origin", cache: "no-store", headers: { "Accept": "text/html" }
    }).then(function (response) {
      return response.ok ? response.text() : null;
    }).then(function (text) {
      var at = here();
      if (text && at.page === page) swap(new DOMParser().parseFromString(text, "text/html"), page + "#kept", true);
      else render();
      return null;
    });
  }

  // The match page lists the kept hands of its match; every other page says there are some.
  function renderKept(at) {
    var section = document.getElementById("kept"), note = document.getElementById("kept-note");
    var main = document.querySelector("main"), shown = section ? section.dataset.page : null;
    $all(document, "p.kept-note").forEach(function (el) { el.parentNode.removeChild(el); });
    keptPages().forEach(function (page) {
      if (page === shown || !note || !main) return;
      var p = document.importNode(note.content, true).firstElementChild;
      p.querySelector("[data-kept-link]").setAttribute("href", page + "#kept");
      main.insertBefore(p, main.firstChild);
    });
    if (!section) return;
    var kept = keptOf(shown), list = section.querySelector("ol"), template = document.getElementById("kept-row");
    section.hidden = !kept.length;
    list.textContent = "";
    kept.forEach(function (item) {
      var row = document.importNode(template.content, true).firstElementChild;
      row.dataset.key = item.key;
      row.querySelector("[data-label]").textContent = item.label;
      row.querySelector("[data-typed]").textContent = item.typed;
      var send = row.querySelector("[data-send]");
      send.hidden = !(at.form && !at.fix && at.page === shown);  // this phone scores it again
      send.addEventListener("click", function () { sendKept(shown, item.key); });
      row.querySelector("[data-delete-yes]").addEventListener("click", function () { dropKept(shown, item.key); });
      list.appendChild(row);
    });
  }

  function dropKept(page, key) {
    var kept = keptOf(page).filter(function (item) { return item.key !== key; });
    if (kept.length) store.set(keptKey(page), kept); else store.drop(keptKey(page));
    render();
  }

  // Sent again, after the hands waiting now, with the version this phone saw last (a hand
  // stored meanwhile makes it a clash: the form shows it, as for any stale form).
  function sendKept(page, key) {
    var item = keptOf(page).filter(function (i) { return i.key === key; })[0];
    if (!item) return;
    item.version = queue(page).length ? null : known(page);
    if (!keep(page, queue(page).concat([item]))) return;
    dropKept(page, key);
    flush(null);
  }

  // --- Changing or removing an entry that was never sent ----------------------------------

  function putAside(form, page, save) {
    var key = "sk:aside:" + page;
    if (save) { store.set(key, SK.drafts.read(form)); return; }
    var aside = store.get(key);
    store.drop(key);
    if (aside) { SK.drafts.write(form, aside.values, aside.auto, false); SK.drafts.save(form); }
    else SK.drafts.clear(form);
  }

  function startChange(key) {
    var at = here(), form = at.form;
    if (!form || !SK.drafts) return;
    var item = queue(at.page).filter(function (i) { return i.key === key && !i.tried; })[0];
    if (!item) return;
    if (!editing(at.page)) putAside(form, at.page, true);
    store.set("sk:editing:" + at.page, key);
    var values = {};
    item.fields.forEach(function (pair) { values[pair[0]] = pair[1]; });
    $all(form, "input[type=checkbox]").forEach(function (box) { values[box.name] = values[box.name] ? "1" : ""; });
    $all(form, "input[type=radio]").forEach(function (radio) { if (!(radio.name in values)) values[radio.name] = ""; });
    SK.drafts.write(form, values, [], false);
    SK.drafts.save(form);
    render();
    form.scrollIntoView();
  }

  function removeLast(key) {
    var at = here();
    var q = queue(at.page);
    var last = q[q.length - 1];
    if (!last || last.key !== key || last.tried) return;
    q.pop();
    keep(at.page, q);
    if (!q.length) hold(at.page, false);
    render();
  }

  // --- The page and the connection --------------------------------------------------------

  document.addEventListener("submit", submitted);
  // Undo, End the night...: they need the server; offline they say so and wait.
  document.addEventListener("submit", function (event) {
    if (event.target.id === "hand-form" || online() || event.defaultPrevented) return;
    if (SK.fixes && SK.fixes.undo(event)) return;
    event.preventDefault();
    delete event.target.dataset.sent;
    showConnection(true);
  }, true);
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[href]");
    if (!link || online() || link.hasAttribute("download") || link.origin !== location.origin) return;
    if (link.pathname === location.pathname && link.hash) return;  // within this page
    event.preventDefault();
    if (link.dataset.fix && SK.fixes && SK.fixes.start(link)) return;
    var go = function () { location.assign(link.href); };
    if (window.caches) {
      caches.match(link.href, { ignoreSearch: true }).then(function (copy) {
        if (copy) go(); else showConnection(true);
      }, function () { showConnection(true); });
    } else {
      showConnection(true);
    }
  });
  window.addEventListener("online", function () { retryIn = 2000; showConnection(); flush(null); });
  window.addEventListener("offline", function () { render(); });
  window.addEventListener("storage", function (event) {
    if (event.key && event.key.indexOf("sk:") === 0) render();
  });
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") flush(null);
  });

  SK.onPage(function () {
    var at = here();
    if (!at.page) { renderKept(at); return; }  // (a match's page renders it with its queue)
    var version = number(field(at.form, "version"));
    if (!html.hasAttribute("data-offline") && version !== null) saw(at.page, version);
    var key = at.form && at.form.querySelector("input[name=idempotency_key]");
    if (key && html.hasAttribute("data-offline")) key.value = newKey();  // the copy's was used
    var send = document.getElementById("send-waiting");
    if (send) send.addEventListener("click", function () { hold(at.page, false); flush(null); });
    keepCopies($all(document, "#hands .hand-row a.button[href*='/hands/']").slice(0, 3).map(function (a) {
      return a.getAttribute("href");
    }));
    if (at.form && !at.fix) {
      // "Clear" ends a change of a waiting entry, or drops a refused one: what was put aside
      // for the next hand comes back.
      at.form.addEventListener("sk:cleared", function () {
        if (SK.fixes) SK.fixes.cleared(at.form, at.page);
        store.drop("sk:editing:" + at.page);
        if (store.get("sk:aside:" + at.page)) putAside(at.form, at.page, false);
        render();
      });
    }
    render();
  });
  // For static/fixes.js (the match page's undo and corrections without a connection).
  SK.queue = {
    queue: queue, keep: keep, held: held, editing: editing, here: here, field: field,
    number: number, newKey: newKey, online: online, render: render,
    showConnection: showConnection, putAside: putAside, hold: hold, change: startChange,
    answered: answered
  };
  SK.swaps = true;
  flush(null);
})();
