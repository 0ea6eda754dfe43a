/* A play page (book/playpages.py): the game runs in Python (Pyodide) on the book's engine; this script only
   sends the reader's clicks to engine/doors/web.py and shows what it answers for the reader's seat. */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("game-data").textContent);
  var handle = null, current = null, shownSeat = null;
  var started = performance.now();
  // for tests and the curious: how long the page took, never any card
  var probe = window.ganjifaPlay = { ready: false, firstMoveMs: null, replies: 0, error: null, steps: {},
                                     solve: { state: "idle", asked: 0, ticks: 0, answer: null } };
  function mark(step) { probe.steps[step] = Math.round(performance.now() - started); }

  function $(id) { return document.getElementById(id); }
  // a phone's width: one column, the table's middle first, then the player's hand and moves, the seats' hands after
  var phone = window.matchMedia("(max-width: 899px)");
  function setBusy(busy) { document.body.dataset.busy = busy ? "yes" : "no"; }

  // "[kk.match, kk.draw]" in the engine's words -> links "§4, §7" to the clauses in the chapter
  function withClauses(parent, text) {
    var re = /\[(?:clause )?([a-z]+\.[a-z0-9-]+(?:, *[a-z]+\.[a-z0-9-]+)*)\]/g, at = 0, m;
    while ((m = re.exec(text)) !== null) {
      parent.appendChild(document.createTextNode(text.slice(at, m.index)));
      m[1].split(/, */).forEach(function (id, i) {
        if (i) parent.appendChild(document.createTextNode(", "));
        var c = data.clauses[id];
        if (!c) { parent.appendChild(document.createTextNode("[" + id + "]")); return; }
        var a = document.createElement("a");
        a.href = c.href; a.textContent = "\u00a7" + c.number; a.title = c.number + ". " + c.title;
        a.target = "_blank"; a.rel = "noopener";
        parent.appendChild(a);
      });
      at = re.lastIndex;
    }
    parent.appendChild(document.createTextNode(text.slice(at)));
    return parent;
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) withClauses(e, text);
    return e;
  }

  function optionsForm() {
    var box = $("options");
    data.options.forEach(function (o) {
      if (o.choices.length < 2) return;
      var label = el("label"), select = document.createElement("select");
      label.appendChild(document.createTextNode(o.name.replace(/-/g, " ") + " "));
      select.name = o.name; select.title = o.help;
      o.choices.forEach(function (c) {
        var opt = document.createElement("option");
        opt.value = c; opt.textContent = c; if (c === o.default) opt.selected = true;
        select.appendChild(opt);
      });
      label.appendChild(select); box.appendChild(label);
    });
  }

  function chosenOptions() {
    return [].map.call($("options").querySelectorAll("select"), function (s) { return s.name + "=" + s.value; }).join(" ");
  }

  function setOptions(text) {
    (text || "").split(/\s+/).forEach(function (pair) {
      var kv = pair.split("="), s = $("options").querySelector('select[name="' + kv[0] + '"]');
      if (s && kv.length === 2) s.value = kv[1];
    });
  }

  function call(request) {
    lastOp = request.op;
    setBusy(true);
    var reply;
    try { reply = JSON.parse(handle(JSON.stringify(request))); }
    finally { setBusy(false); }
    probe.replies += 1;
    if (reply.error) { $("message").textContent = reply.error; return null; }
    show(reply);
    return reply;
  }

  function show(r) {
    current = r;
    var people = r.people.length > 1;
    if (people && shownSeat !== null && shownSeat !== r.seat && !r.over) {  // a screen shared: the others look away
      $("seen").hidden = true; $("cover").hidden = false; $("board").classList.add("play-covered");
      $("message").textContent = "";  // a hint or a refusal was the last player's
      $("cover-text").textContent = "Hand the screen to " + r.names[r.seat] + ".";
      $("cover-go").focus();
    } else {
      $("seen").hidden = false; $("cover").hidden = true; $("board").classList.remove("play-covered");
    }
    if (!$("cover").hidden) { return; }
    render(r);
  }

  function render(r) {
    shownSeat = r.seat;
    var who = r.names[r.seat];
    $("status").textContent = r.title + ", " + r.options + (r.seed !== null ? ", seed " + r.seed : ", from a position") +
      ". You are " + who + ".";
    $("turn").textContent = r.over ? "The game is over." : r.your_turn ? who + ", your turn." : (r.to_move || "") + " to play.";
    showPicture(r);  // the engine's picture of what this seat sees
    var hand = $("hand"), said = {};
    r.moves.forEach(function (m) { said[m.move] = m.words; });
    hand.textContent = "";
    r.hand.forEach(function (c) {
      var b = document.createElement("button");
      b.type = "button"; b.className = "play-card" + (c.move ? " play-legal" : "");
      b.dataset.card = c.card;
      if (c.move) { b.dataset.move = c.move; b.title = said[c.move] || c.move; }
      b.setAttribute("aria-label", c.name + (c.move ? ": play it (" + c.move + (said[c.move] ? ": " + said[c.move] : "") +
                                                     ")" : ""));
      b.innerHTML = c.svg;
      b.addEventListener("click", function () { act({ op: "card", card: c.card }); });
      hand.appendChild(b);
    });
    $("hand-head").hidden = !r.hand.length;
    $("moves-head").hidden = !r.moves.length && !r.forced;
    // each move in words (what it does, as the book tells it); many moves that each play a card of the hand (which
    // the hand's cards play too): their buttons side by side, each one's words in its title
    var moves = $("moves"), inHand = {};
    r.hand.forEach(function (c) { if (c.move) inHand[c.move] = true; });
    // a card clicked that can go to several places (Shakti's piles): only those moves, and the places in the picture
    var places = {};
    if (r.placing) r.placing.places.forEach(function (p) { places[p.move] = p; });
    var shownMoves = r.placing ? r.moves.filter(function (m) { return places[m.move]; }) : r.moves;
    var many = shownMoves.length > 8 && shownMoves.every(function (m) { return inHand[m.move]; });
    moves.textContent = "";
    moves.classList.toggle("play-many", many);
    if (r.forced) moves.appendChild(el("li", "play-forced", r.forced));
    shownMoves.forEach(function (m) {
      var li = document.createElement("li"), b = document.createElement("button");
      var words = (m.words || m.move) + (m.why ? " (" + m.why + ")" : "");
      b.type = "button"; b.className = "play-move"; b.dataset.move = m.move; b.textContent = m.move;
      b.title = words.replace(/\s*\[[a-z]+\.[a-z0-9-]+\]/g, "");
      b.setAttribute("aria-label", m.move + ": " + b.title);
      b.addEventListener("click", function () { act({ op: "move", move: m.move }); });
      li.appendChild(b);
      var span = el("span", "play-words", m.words || "");
      if (m.why) span.appendChild(withClauses(el("span", "play-why"), " (" + m.why + ")"));
      li.appendChild(span);
      moves.appendChild(li);
    });
    if (r.placing) showPlaces(r.placing);
    $("typed").hidden = !r.your_turn;
    var view = $("view");
    view.textContent = "";
    r.view.forEach(function (line) { view.appendChild(el("dt", "", line[0])); view.appendChild(el("dd", "", line[1])); });
    var log = $("log");
    // the lines before this reply's that still stand (an undo takes back its own), then this reply's: drawn again,
    // the same reply gives the same log (no second result line)
    while (log.children.length > r.log_kept) { log.removeChild(log.lastChild); }
    r.log.forEach(function (line) { log.appendChild(el("li", "", line)); });
    if (r.over && r.result) log.appendChild(el("li", "play-result", r.result));
    log.scrollTop = log.scrollHeight;
    showNews(r);
    $("message").textContent = "";
    if (r.message) withClauses($("message"), r.message);
    $("message").className = "play-message" + (r.refused ? " play-refused" : "");
    $("undo").disabled = !r.can_undo;
    $("save").disabled = !r.can_save;
    $("hint").disabled = !r.your_turn;
    solveShow(r);
  }

  // The picture: grown to hold all it draws (a label longer than the table is wide) and scaled to the page's width.
  // On a phone, a table whose seats are drawn each in a group of its own (data-seat) is drawn in two: its middle (the
  // trick, the piles) above the player's hand, every seat's hand after the player's moves.
  function fit(svg, tight) {
    var vb = svg.viewBox.baseVal, bb;
    try { bb = svg.getBBox(); } catch (e) { return; }
    if (!bb || !bb.width || !bb.height) return;
    var pad = 2, x0 = bb.x - pad, y0 = bb.y - pad, x1 = bb.x + bb.width + pad, y1 = bb.y + bb.height + pad;
    if (!tight && vb && vb.width) {
      x0 = Math.min(x0, vb.x); y0 = Math.min(y0, vb.y);
      x1 = Math.max(x1, vb.x + vb.width); y1 = Math.max(y1, vb.y + vb.height);
    }
    svg.setAttribute("viewBox", [x0, y0, x1 - x0, y1 - y0].map(function (v) { return +v.toFixed(2); }).join(" "));
    svg.setAttribute("width", +(x1 - x0).toFixed(2));
    svg.setAttribute("height", +(y1 - y0).toFixed(2));
  }

  function onlySeats(node) {  // the drawing's seats' hands alone: everything else taken out
    [].slice.call(node.children).forEach(function (child) {
      var tag = child.tagName.toLowerCase();
      if (tag === "defs" || tag === "style" || child.hasAttribute("data-seat")) return;
      if (child.querySelector("[data-seat]")) onlySeats(child); else child.remove();
    });
  }

  // the card being placed stands out in the hand; each place it may go is a button in the picture, ringed
  function showPlaces(placing) {
    [].forEach.call($("hand").querySelectorAll(".play-card"), function (b) {
      b.classList.toggle("play-chosen", b.dataset.card === placing.card);
    });
    var svg = $("picture").querySelector("svg");
    placing.places.forEach(function (p) {
      var g = p.spot && svg ? svg.querySelector('[data-spot="' + p.spot + '"]') : null;
      if (!g) return;
      var box = g.getBBox(), ring = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      // inside the place's own box, so that a place at the picture's edge is ringed whole
      ring.setAttribute("x", box.x + 1); ring.setAttribute("y", box.y + 1);
      ring.setAttribute("width", Math.max(box.width - 2, 0)); ring.setAttribute("height", Math.max(box.height - 2, 0));
      ring.setAttribute("rx", 6); ring.setAttribute("class", "play-spot-ring");
      g.insertBefore(ring, g.firstChild);
      g.classList.add("play-spot");
      g.setAttribute("tabindex", "0"); g.setAttribute("role", "button");
      g.setAttribute("aria-label", p.move + ": " + p.words);
      var put = function () { act({ op: "move", move: p.move }); };
      g.addEventListener("click", put);
      g.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); put(); } });
    });
  }

  function showPicture(r) {
    var box = $("picture"), others = $("others");
    box.innerHTML = r.picture;
    others.textContent = ""; others.hidden = true; box.hidden = false;
    var svg = box.querySelector("svg");
    if (!svg) return;
    var split = phone.matches && svg.querySelector("g[data-seat]") !== null;
    if (split) {
      var copy = svg.cloneNode(true);
      copy.removeAttribute("aria-label"); copy.setAttribute("aria-hidden", "true");  // the picture above says it all
      onlySeats(copy);
      [].forEach.call(svg.querySelectorAll("g[data-seat]"), function (g) { g.remove(); });
      others.appendChild(el("figcaption", "play-small", "The hands"));
      others.appendChild(copy); others.hidden = false;
      fit(copy, true);
    }
    fit(svg, split);
    if (split && !svg.getBBox().height) box.hidden = true;  // nothing on the table but the hands
    box.dataset.split = split ? "yes" : "no";
  }

  // What happened since the person's last move, every step told; at the end, the result and why, and a new deal.
  var lastOp = null;  // the request the reply answers: a new game, a move, an undo, a hint...

  function showNews(r) {
    var news = $("news"), list = $("news-list");
    // a hint, a why (during the game or after its end), a show again: the news stays as it was
    if (!r.log.length && lastOp !== "new" && lastOp !== "undo") return;  // (a move made always tells a line)
    list.textContent = "";
    r.log.forEach(function (line) { list.appendChild(el("li", "", line)); });
    var since = lastOp === "new" ? "Since the deal" : "Since your last move";
    $("news-head").textContent = since + (r.over ? ", to the end:" : ":");
    $("news-head").hidden = !r.log.length;
    $("outcome").textContent = "";
    if (r.over && r.result) withClauses($("outcome"), r.result + (/[.!?]$/.test(r.result) ? "" : "."));
    $("again").hidden = !r.over || r.seed === null;
    news.hidden = !r.log.length && !r.over;
    news.classList.toggle("play-over", !!r.over);
  }

  // "Can this deal be won?" (games with a solver): the search runs in a worker with a Python of its own
  // (solve.js), started at the first question and kept for the next; the page answers clicks meanwhile
  var worker = null, solving = null, answeredMark = null;

  function solveMark() {
    var r = JSON.parse(handle(JSON.stringify({ op: "to-solve" })));
    return r.error ? null : r;
  }

  function solveSay(text, cls) {
    var out = $("solve-state");
    out.textContent = text; out.className = "play-solve-state" + (cls ? " " + cls : "");
  }

  function solveDone(text, cls) {
    clearInterval(solving.timer);
    solving = null;
    probe.solve.state = "done";
    $("solve").textContent = "Can this deal be won?";
    $("solve").removeAttribute("aria-busy");
    $("solver").dataset.solving = "no";
    solveSay(text, cls);
  }

  function solveStop() {
    if (worker) { worker.terminate(); worker = null; }
    solveDone("Search stopped.");
  }

  function solveAnswer(m) {
    if (m.loaded !== undefined) { probe.solve.loadMs = m.loaded; return; }
    if (m.searching) { solving.phase = "Thinking"; probe.solve.phase = "searching"; return; }
    if (m.error) { worker.terminate(); worker = null; solveDone("The search could not run: " + m.error); return; }
    probe.solve.answerMs = Math.round(performance.now() - solving.started);
    probe.solve.searchMs = m.ms;
    var now = solveMark();
    if (!now || now.asked !== m.asked) {  // the reader moved meanwhile: the answer is about a position gone by
      probe.solve.answer = "stale";
      solveDone("You moved while the search ran, so its answer was about an earlier position: ask again.");
      return;
    }
    probe.solve.answer = m.answer;
    answeredMark = m.asked;
    solveDone(m.words + " (" + m.positions.toLocaleString("en") + " positions searched in " + m.seconds + " s.)",
              "play-solve-" + m.answer);
  }

  function solveAsk() {
    if (!handle) return;
    if (solving) { solveStop(); return; }
    var request = solveMark();
    if (!request) { solveSay(JSON.parse(handle(JSON.stringify({ op: "to-solve" }))).error); return; }
    var fresh = !worker;
    if (fresh) {
      worker = new Worker("../_static/play/solve.js", { type: "module" });
      worker.onmessage = function (e) { if (solving) solveAnswer(e.data); };
      worker.onerror = function (e) { if (solving) solveAnswer({ error: e.message || "the worker failed" }); };
    }
    solving = { started: performance.now(), phase: fresh ? "Starting the search (a second Python in this page)" :
                                                        "Thinking" };
    probe.solve.state = "thinking"; probe.solve.asked += 1; probe.solve.answer = null;
    probe.solve.phase = fresh ? "starting" : "searching";
    $("solve").textContent = "Stop the search";
    $("solve").setAttribute("aria-busy", "true");
    $("solver").dataset.solving = "yes";
    function tick() {
      probe.solve.ticks += 1;
      solveSay(solving.phase + "\u2026 " + ((performance.now() - solving.started) / 1000).toFixed(1) +
               " s. You can go on playing meanwhile.", "play-solve-thinking");
    }
    tick();
    solving.timer = setInterval(tick, 200);
    worker.postMessage({ runtime: new URL("runtime/", location.href).href, engine: new URL("engine.zip", location.href).href,
                         request: request });
  }

  function solveShow(r) {  // the button where the game has a solver; an old answer goes once the position changes
    if (!data.solver) return;
    $("solver").hidden = false;
    $("solve").disabled = r.over && !solving;
    if (!solving && answeredMark !== null) {
      var now = solveMark();
      if (!now || now.asked !== answeredMark) { answeredMark = null; solveSay(""); }
    }
  }

  function act(request) {
    if (!handle) return;
    var r = call(request);
    if (r && request.op === "save" && r.transcript) {
      var blob = new Blob([r.transcript], { type: "text/plain" }), a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = r.game + (r.seed !== null ? "-seed" + r.seed : "") + ".txt";
      document.body.appendChild(a); a.click(); a.remove();
      $("message").textContent = "Saved as " + a.download + ": the whole game, move by move, as the book's worked " +
        "games are kept; an editor can replay it or print it as a worked game in a chapter.";
    }
  }

  function start(extra) {
    var request = Object.assign({ op: "new", game: data.game, options: chosenOptions(),
                                  seed: parseInt($("seed").value, 10) || 1, bots: $("bots").value }, extra || {});
    $("log").textContent = "";
    shownSeat = null;
    var r = call(request);
    if (r && !extra) {
      history.replaceState(null, "", "#" + new URLSearchParams({ seed: request.seed, options: request.options,
                                                                bots: request.bots }).toString());
    }
    return r;
  }

  function fromHash() {
    var p = new URLSearchParams(location.hash.slice(1));
    if (p.get("options")) setOptions(p.get("options"));
    if (p.get("bots")) $("bots").value = p.get("bots");
    $("seed").value = p.get("seed") || String(1 + Math.floor(Math.random() * 99999));
    if (p.get("position")) {
      return { position: p.get("position"), turn: p.get("turn") ? parseInt(p.get("turn"), 10) - 1 : null,
               names: p.get("names") || null };
    }
    return null;
  }

  async function boot() {
    // the runtime and the engine kept in the browser (play/sw.js): a second visit starts from the kept copy, and
    // a game goes on with no network at the table
    if ("serviceWorker" in navigator && location.protocol !== "file:") {
      navigator.serviceWorker.register("sw.js").catch(function () { /* the page plays without it */ });
    }
    optionsForm();
    if (phone.matches) $("setup-box").open = false;  // on a phone the game comes first; the options are a tap away
    if (data.players[1] === 1) $("bots").parentNode.style.display = "none";  // a game played alone: no other seats
    var position = fromHash();
    setBusy(true);
    try {
      var engine = fetch("engine.zip").then(function (r) { return r.arrayBuffer(); });  // fetched while Python starts
      var py = await loadPyodide({ indexURL: new URL("runtime/", location.href).href });
      mark("runtime");
      var zip = await engine;
      py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/book" });
      py.runPython("import sys; sys.path.insert(0, '/home/pyodide/book')");
      var web = py.pyimport("engine.doors.web");
      handle = function (text) { return web.handle(text); };
      mark("engine");
    } catch (err) {
      probe.error = String(err);
      $("status").textContent = "The game could not start in this browser: " + err;
      setBusy(false);
      return;
    }
    $("board").hidden = false;
    $("start").disabled = false;
    try {
      var r = start(position || undefined);
      if (!r && position) {  // a position that does not open: a new game instead, saying why
        var why = $("message").textContent;
        start(); $("message").textContent = why;
      }
    } catch (err) {
      probe.error = String(err);
      $("status").textContent = "The game could not start: " + err;
      return;
    }
    probe.firstMoveMs = Math.round(performance.now() - started);
    probe.ready = true;
  }

  $("setup").addEventListener("submit", function (e) { e.preventDefault(); start(); });
  $("typed").addEventListener("submit", function (e) {
    e.preventDefault(); act({ op: "move", move: $("typed-move").value }); $("typed-move").value = "";
  });
  $("cover-go").addEventListener("click", function () {
    $("seen").hidden = false; $("cover").hidden = true; $("board").classList.remove("play-covered"); render(current);
  });
  // an address changed by hand (#seed=4&options=...) deals that game at once, as opening it would (the page's own
  // changes of the address, by replaceState, fire no hashchange)
  window.addEventListener("hashchange", function () {
    if (!handle || $("start").disabled) return;  // still loading: boot reads the address when it is ready
    var position = fromHash();
    var r = start(position || undefined);
    if (!r && position) { var why = $("message").textContent; start(); $("message").textContent = why; }
  });
  $("solve").addEventListener("click", solveAsk);
  $("again").addEventListener("click", function () { $("seed").value = String((parseInt($("seed").value, 10) || 1) + 1); start(); });
  var redraw = function () { if (current && $("cover").hidden) showPicture(current); };
  if (phone.addEventListener) phone.addEventListener("change", redraw); else phone.addListener(redraw);
  ["hint", "undo", "why", "save"].forEach(function (op) { $(op).addEventListener("click", function () { act({ op: op }); }); });
  boot();
})();
