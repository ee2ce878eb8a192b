// Sending the queue (queue.js): an entry saved goes into its match's queue, then to the
// server in order, one at a time; on a page of no match, the queues of every match.
"use strict";
(function () {
  var SK = window.scorekeeper, Q = SK && SK.queue;
  if (!Q) return;
  var store = SK.store, $all = SK.$all, html = document.documentElement, K = SK.keys, O = SK.order;
  var queue = Q.queue, keep = Q.keep, held = Q.held, hold = Q.hold, editing = Q.editing;
  var known = Q.known, number = Q.number, newKey = Q.newKey, answered = Q.answered;
  var online = Q.online, field = Q.field, here = Q.here, render = Q.render;
  var showConnection = Q.showConnection, typedText = Q.typedText, labelOf = Q.labelOf;
  var HEADER = SK.contract.swapHeader, TIMEOUT = 20000;
  // A hand refused as a clash comes back as the page at an address that says so.
  var CLASHED = new RegExp("[?&]" + SK.contract.clash + "=");
  // A hand another phone had saved exactly so comes back as the page saying it: not stored
  // twice, and the match's version is the page's (issue 38 point 1).
  var REPEATED = new RegExp("[?&]" + SK.contract.repeated + "=");
  function repeated(response) { return response.redirected && REPEATED.test(response.url); }
  function versionAfter(response, doc, version) {
    var form = doc && repeated(response) && doc.getElementById("hand-form");
    return form ? number(field(form, "version")) : (version === null ? 0 : version) + 1;
  }
  var retryIn = 2000, retry = null, failed = false, wanted = null;
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
    var key = O.keyFor(field(form, "idempotency_key"), q, newKey);
    return {
      key: key,
      action: form.getAttribute("action"),
      fix: at.fix,
      label: labelOf(form),
      typed: typedText(form),
      fields: fields,
      version: O.versionFor(first, html.hasAttribute("data-offline"), version, mine),
      seen: (number(field(form, "seen")) || 0) + O.adds(O.others(q, changing)),
      tried: false
    };
  }

  function submitted(event) {
    var form = event.target, by = event.submitter;
    if (form.id !== "hand-form" || event.defaultPrevented || (by && by.name === "chip")) return;
    var at = here();
    if (!at.page) return;
    event.preventDefault();
    var item = entryOf(form, at), changing = editing(at.page);
    var fix = SK.fixes && SK.fixes.mark(item, at.page);
    var saved = O.placed(queue(at.page), item, changing, held(at.page));
    var replaced = saved.replaced, again = saved.again;
    if (!keep(at.page, saved.queue)) { form.submit(); return; }  // no room on this phone: the plain way
    hold(at.page, false);
    SK.drafts && SK.drafts.drop(form);
    if (fix) SK.fixes.end(form, at.page);  // the form is the next hand's again, its typing back
    if (changing) store.drop(K.editing(at.page));
    if (changing || again) Q.putAside(form, at.page, false);
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
    caches.open(K.caches.pages).then(function (cache) { return cache.match(url); }).then(function (copy) {
      if (copy) then();
    }, function () {});
  }

  // Send the queue's entries in order, one at a time (one tab at a time where the phone can
  // say so), until it is empty, held, or the connection fails.
  function flush(mine) {
    var at = here();
    if (mine) wanted = mine;
    if (!at.page) { flushElsewhere(); return; }
    if (Q.busy) return;
    var page = at.page;
    if (held(page) || !queue(page).length || !online()) {
      if (!queue(page).length && online() && html.hasAttribute("data-offline")) Q.refresh();
      render();
      return;
    }
    Q.busy = true;
    failed = false;
    var run = function () { return sendNext(page, null); };
    var done = function () {
      Q.busy = false;
      var now = here(), q = queue(page);
      // A form sent whose entry still waits is free for the next hand.
      var waits = now.form && now.form.dataset.sent && q.some(function (item) {
        return item.key === field(now.form, "idempotency_key");
      });
      if (waits) kept(now.form, now);
      render();
      if (!failed && !q.length && online() && html.hasAttribute("data-offline")) Q.refresh();
      if (!failed && q.length && !held(page) && online() && editing(page) !== q[0].key) flush(null);
    };
    (navigator.locks ? navigator.locks.request(K.lock(page), run) : run()).then(done, done);
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
    if (Q.busy || !online() || !window.localStorage) return;
    var pages = K.restOf(K.queue, K.stored()).filter(function (page) { return !held(page) && !editing(page) && queue(page).length; });
    if (!pages.length) return;
    Q.busy = true;
    failed = false;
    var next = function () {
      var page = pages.shift();
      if (!page || failed) {
        Q.busy = false;
        render();
        answered();
        return null;
      }
      var run = function () { return quietly(page); };
      return (navigator.locks ? navigator.locks.request(K.lock(page), run) : run()).then(next, next);
    };
    next();
  }

  function quietly(page) {
    var item = queue(page)[0];
    if (!item || held(page) || editing(page) === item.key) return Promise.resolve(null);
    var version = item.version !== null ? item.version : known(page);
    return post(item, version, function () {}).then(function (answer) {
      var response = answer[0];
      if (Q.noLongerScoring(response.status)) { Q.strand(page); return null; }
      if (response.status !== 200 || (response.redirected && CLASHED.test(response.url))) return null;
      drop(page, item.key);
      var doc = repeated(response) ? new DOMParser().parseFromString(answer[1], "text/html") : null;
      store.set(K.known(page), versionAfter(response, doc, version));
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
      if (Q.noLongerScoring(status)) {
        Q.strand(page);
        return Q.showAgain(page);
      }
      if (status === 200 && !clash) {
        drop(page, item.key);
        // The next entry follows this one: sent with the version this one made (or, when
        // another phone had saved it exactly so, the match's version now).
        store.set(K.known(page), versionAfter(response, doc, version));
        copy(page, answer[1]);
        // (Not stored when another phone had saved it so: nothing of the phone's to compare.)
        if (SK.fixes && !repeated(response)) SK.fixes.stored(page, item, doc);
        if (item.fix && !item.undo) keepCopies([item.action], true);
        var fresh = { doc: doc, url: page, own: item.key === wanted, fix: item.fix };
        // The match page shows every answer; a correction's page only its own.
        return sendNext(page, !here().fix || fresh.own ? fresh : shown);
      }
      // Refused: back to the form with the server's message; the hands after it wait. What
      // was being typed for the next hand meanwhile is put aside until then.
      drop(page, item.key);
      if (queue(page).length) hold(page, true);
      var typing = store.get(K.draft(page + "/hands"));
      // (Not a draft kept for a hand saved since: it stays kept, offered by a tap.)
      if (!item.fix && typing && !typing.gone && !store.get(K.aside(page))) store.set(K.aside(page), typing);
      if (form) {
        store.set(K.known(page), number(field(form, "version")));
        var url = clash ? response.url.replace(location.origin, "") : item.fix ? item.action : page;
        Q.swap(doc, url, true);
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
    if (shown) Q.swap(shown.doc, shown.fix && shown.own ? shown.url + "#hands" : shown.url, shown.own);
    return null;
  }
  function drop(page, key) { keep(page, O.without(queue(page), key)); }
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
    store.set(K.draft(item.action), { values: values, auto: [] });
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
  // (its hand form, its CSRF token), so the worker keeps the page as the read-only link shows it,
  // and this phone's scoring part of ``text`` for a reload without signal (issue 38).
  function copy(page, text) {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker) worker.postMessage({ readOnly: page, lang: html.lang, scoring: text });
  }

  // Ask the service worker for copies of the corrections of the latest hands (to open them
  // offline); ``fresh``: those paths again even if copied before (a hand just corrected).
  function keepCopies(paths, fresh) {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (!worker || !online() || html.hasAttribute("data-offline") || !paths.length) return;
    worker.postMessage({ keep: paths, fresh: !!fresh });
  }


  var mine = {
    submitted: submitted, kept: kept, flush: flush, later: later, keepCopies: keepCopies,
    // The connection is back: the next try at once.
    soon: function () { retryIn = 2000; }
  };
  Object.keys(mine).forEach(function (name) { Q[name] = mine[name]; });
})();
