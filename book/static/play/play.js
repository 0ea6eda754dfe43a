/* A play page (book/playpages.py): the game runs in Python (Pyodide) on the book's engine; this script only
   sends the reader's clicks to engine/web.py and shows what it answers for the reader's seat. */
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
      $("seen").hidden = true; $("cover").hidden = false;
      $("cover-text").textContent = "Hand the screen to " + r.names[r.seat] + ".";
      $("cover-go").focus();
    } else {
      $("seen").hidden = false; $("cover").hidden = true;
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
    $("picture").innerHTML = r.picture;  // the engine's picture of what this seat sees
    var hand = $("hand");
    hand.textContent = "";
    r.hand.forEach(function (c) {
      var b = document.createElement("button");
      b.type = "button"; b.className = "play-card" + (c.move ? " play-legal" : "");
      b.dataset.card = c.card;
      if (c.move) b.dataset.move = c.move;
      b.setAttribute("aria-label", c.name + (c.move ? ": play it (" + c.move + ")" : ""));
      b.innerHTML = c.svg;
      b.addEventListener("click", function () { act({ op: "card", card: c.card }); });
      hand.appendChild(b);
    });
    $("hand-head").hidden = !r.hand.length;
    $("moves-head").hidden = !r.moves.length && !r.forced;
    var moves = $("moves"), many = r.moves.length > 8;
    moves.textContent = "";
    moves.classList.toggle("play-many", many);  // many moves: their buttons side by side, each why in its title
    if (r.forced) moves.appendChild(el("li", "play-forced", r.forced));
    r.moves.forEach(function (m) {
      var li = document.createElement("li"), b = document.createElement("button");
      b.type = "button"; b.className = "play-move"; b.dataset.move = m.move; b.textContent = m.move;
      if (many) b.title = m.why;
      b.addEventListener("click", function () { act({ op: "move", move: m.move }); });
      li.appendChild(b); li.appendChild(el("span", "play-why", " " + m.why));
      moves.appendChild(li);
    });
    $("typed").hidden = !r.your_turn;
    var view = $("view");
    view.textContent = "";
    r.view.forEach(function (line) { view.appendChild(el("dt", "", line[0])); view.appendChild(el("dd", "", line[1])); });
    var log = $("log");
    r.log.forEach(function (line) { log.appendChild(el("li", "", line)); });
    if (r.over && r.result) log.appendChild(el("li", "play-result", r.result));
    log.scrollTop = log.scrollHeight;
    $("message").textContent = "";
    if (r.message) withClauses($("message"), r.message);
    $("message").className = "play-message" + (r.refused ? " play-refused" : "");
    $("undo").disabled = !r.can_undo;
    $("save").disabled = !r.can_save;
    $("hint").disabled = !r.your_turn;
    solveShow(r);
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
      $("message").textContent = "Saved as " + a.download + ": `ganjifa deals` replays it, a chapter's {deal} shows it.";
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
    optionsForm();
    if (data.players[1] === 1) $("bots").parentNode.style.display = "none";  // a game played alone: no other seats
    var position = fromHash();
    setBusy(true);
    try {
      var py = await loadPyodide({ indexURL: new URL("runtime/", location.href).href });
      mark("runtime");
      var zip = await (await fetch("engine.zip")).arrayBuffer();
      py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/book" });
      py.runPython("import sys; sys.path.insert(0, '/home/pyodide/book')");
      var web = py.pyimport("engine.web");
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
  $("cover-go").addEventListener("click", function () { $("seen").hidden = false; $("cover").hidden = true; render(current); });
  $("solve").addEventListener("click", solveAsk);
  ["hint", "undo", "why", "save"].forEach(function (op) { $(op).addEventListener("click", function () { act({ op: op }); }); });
  boot();
})();
