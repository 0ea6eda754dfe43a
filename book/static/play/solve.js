/* The play page's worker (play.js starts it the first time "Can this deal be won?" is asked): a Python of its
   own, with the same engine, answering engine/doors/web.py's "solve" request while the page stays free for clicks.
   The request holds the game's seed and the moves played, never a card; the answer is yes, no or not sure.
   A module worker: the runtime does not load in a classic one. */
let web = null;

async function boot(runtime, engine) {
  var started = performance.now();
  const { loadPyodide } = await import(runtime + "pyodide.mjs");
  var py = await loadPyodide({ indexURL: runtime });
  var zip = await (await fetch(engine)).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/book" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/book')");
  var module = py.pyimport("engine.doors.web");
  self.postMessage({ loaded: Math.round(performance.now() - started) });
  return module;
}

self.onmessage = async function (e) {
  var m = e.data;
  try {
    if (!web) web = boot(m.runtime, m.engine);
    var bridge = await web;
    self.postMessage({ searching: true });
    var started = performance.now();
    var reply = JSON.parse(bridge.handle(JSON.stringify(m.request)));
    reply.ms = Math.round(performance.now() - started);
    self.postMessage(reply);
  } catch (err) {
    web = null;
    self.postMessage({ error: String(err) });
  }
};
