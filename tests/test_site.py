"""The web site: Furo theme, a link to the PDF booklet on every page, pictures that enlarge,
pages that read on a phone.

The real site is built once per test run (-E -W; tests/book_build.py). The browser tests open its pages
in headless Chromium at phone (390 x 844) and desktop (1280 x 900) sizes and measure them;
they are skipped, saying why, only where no chromium is installed.
"""

import json
import re
import runpy
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from sphinx.util.tags import Tags

from book.site import PDF_NAME

ROOT = Path(__file__).resolve().parent.parent
CHAPTERS = sorted((ROOT / "rules").glob("*.md"))
PAGES = ["index.html", *(f"rules/{c.stem}.html" for c in CHAPTERS)]
KENDRA_KARI = "rules/kendra-kari.html"

pytestmark = [pytest.mark.slow, pytest.mark.book]


@pytest.fixture(scope="session")
def site(real_site):
    """The site of this test run's real book (tests/book_build.py), and what its build printed."""
    run = real_site.html
    assert run.returncode == 0, run.stdout + run.stderr
    return real_site.html_dir, run


class Tags_(HTMLParser):
    """Every start tag of a page as (tag, attributes)."""

    def __init__(self, text: str):
        super().__init__()
        self.found: list[tuple[str, dict[str, str]]] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, {k: v or "" for k, v in attrs}))

    def having(self, tag: str, cls: str | None = None) -> list[dict[str, str]]:
        return [a for t, a in self.found if t == tag and (cls is None or cls in a.get("class", "").split())]


def tags(site_dir: Path, page: str) -> Tags_:
    return Tags_((site_dir / page).read_text(encoding="utf-8"))


# -- the configuration: the site's theme never reaches the booklet ---------------------------

def conf(*tags: str) -> dict:
    """conf.py's settings as Sphinx reads them (it runs the file with ``tags`` defined)."""
    return runpy.run_path(str(ROOT / "conf.py"), init_globals={"tags": Tags(list(tags))})


def test_print_tag_keeps_the_booklet_on_its_own_theme():
    web, booklet = conf(), conf("print")
    assert web["html_theme"] == "furo" and "book.site" in web["extensions"]
    assert booklet["html_theme"] == "alabaster" and "book.site" not in booklet["extensions"]
    assert "templates_path" not in booklet and "html_sidebars" not in booklet


# -- the built pages -------------------------------------------------------------------------

def test_theme_is_furo(site):
    out, _ = site
    for page in PAGES:
        found = tags(out, page)
        css = [a["href"] for a in found.having("link") if a.get("rel") == "stylesheet"]
        assert any(h.endswith("styles/furo.css") or "styles/furo.css?" in h for h in css), f"{page}: {css}"
        assert found.having("aside", "sidebar-drawer") and found.having("header", "mobile-header"), page
    assert (out / "_static" / "styles" / "furo.css").is_file()


def test_every_page_has_a_viewport(site):
    out, _ = site
    for page in PAGES:
        metas = [a for a in tags(out, page).having("meta") if a.get("name") == "viewport"]
        assert metas and "width=device-width" in metas[0]["content"], page


@pytest.mark.parametrize("page", PAGES)
def test_every_page_links_to_the_booklet(site, page):
    """In the sidebar and at the top of the page; the link resolves to the site root's PDF."""
    out, _ = site
    links = tags(out, page).having("a", "ganjifa-pdf-link")
    assert len(links) == 2, f"{page}: {links}"
    for link in links:
        assert ((out / page).parent / link["href"]).resolve() == (out / PDF_NAME).resolve(), link


def test_make_pdf_puts_the_booklet_where_the_pages_link():
    recipe = re.search(r"^pdf:.*?\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(), re.M).group(1)
    copies = re.findall(r"^\tcp \$\(PDF\) _build/html/(\S+)", recipe, re.M)
    assert copies == [PDF_NAME], recipe


def test_a_site_without_the_booklet_says_how_to_get_it(site):
    out, run = site
    assert not (out / PDF_NAME).exists()
    assert f"link to {PDF_NAME}" in run.stderr and "make pdf" in run.stderr
    assert "WARNING" not in run.stderr


def test_every_page_loads_the_picture_viewer(site):
    out, _ = site
    assert "figure.ganjifa-figure" in (out / "_static" / "lightbox.js").read_text(encoding="utf-8")
    for page in PAGES:
        scripts = [a["src"] for a in tags(out, page).having("script") if a.get("src", "").split("?")[0].endswith("lightbox.js")]
        assert scripts, page
        assert ((out / page).parent / scripts[0].split("?")[0]).is_file()


def test_chapters_have_pictures_for_the_viewer(site):
    out, _ = site
    figures = sum(len(tags(out, f"rules/{c.stem}.html").having("figure", "ganjifa-figure")) for c in CHAPTERS)
    assert figures >= 10


def test_devanagari_font_is_shipped_and_named(site):
    out, _ = site
    assert (out / "_static" / "fonts" / "NotoSansDevanagari.ttf").stat().st_size > 50_000
    page = (out / KENDRA_KARI).read_text(encoding="utf-8")
    assert re.search(r"--font-stack:\s*\"Noto Sans Devanagari\"", page), "Furo's font stack does not name the font"


# -- in a browser ----------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_browser = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine (apt-get install -y chromium)")

PROBE = """<!doctype html><html><body style="margin:0">
<iframe id="f" src="%(src)s" width="%(w)d" height="%(h)d" style="border:0"></iframe>
<pre id="out">pending</pre>
<script>
document.getElementById("f").addEventListener("load", function () { setTimeout(function () {
  var win = document.getElementById("f").contentWindow, doc = win.document, r = {};
  function visible(el) { if (!el) return false; var b = el.getBoundingClientRect(); return b.width > 0 && b.height > 0; }
  function scrolls(el) { for (var p = el.parentElement; p; p = p.parentElement) {
    var x = win.getComputedStyle(p).overflowX; if (x == "auto" || x == "scroll") return true; } return false; }
  r.scrollWidth = doc.documentElement.scrollWidth;
  r.clientWidth = doc.documentElement.clientWidth;
  r.sticking_out = [];
  doc.querySelectorAll("article *").forEach(function (e) {
    var b = e.getBoundingClientRect();
    if (b.width > 0 && b.right > r.clientWidth + 1 && !scrolls(e)) r.sticking_out.push(e.tagName + "." + e.className);
  });
  r.pre = [].map.call(doc.querySelectorAll("div.highlight pre"), function (p) {
    var s = win.getComputedStyle(p); return [s.whiteSpace, s.overflowX]; });
  var nav = doc.querySelector("label.nav-overlay-icon"), side = doc.querySelector(".sidebar-drawer .ganjifa-pdf-link");
  r.nav_top = visible(nav) ? nav.getBoundingClientRect().top : null;
  r.sidebar_visible = visible(side) && side.getBoundingClientRect().left >= 0;
  var top = doc.querySelector("article .ganjifa-pdf-link, .ganjifa-pdf-top .ganjifa-pdf-link");
  r.top_link = visible(top) ? top.getBoundingClientRect().top : null;
  function labels(root) { return [].map.call(root.querySelectorAll("text.suit"), function (t) {
    return t.getScreenCTM().a * parseFloat(t.getAttribute("font-size")); }); }
  r.page_labels = labels(doc);
  r.box_padding = [].map.call(doc.querySelectorAll("div.ganjifa-what-you-need, div.ganjifa-quick-reference"), function (b) {
    var s = win.getComputedStyle(b); return Math.min(parseFloat(s.paddingLeft), parseFloat(s.paddingRight)); });
  r.zoomable = doc.querySelectorAll("figure.ganjifa-figure.ganjifa-zoomable").length;
  r.figures = doc.querySelectorAll("figure.ganjifa-figure").length;
  var fig = doc.querySelector("figure.ganjifa-state") || doc.querySelector("figure.ganjifa-zoomable");
  if (fig) {
    fig.click();
    var dialog = doc.querySelector("dialog.ganjifa-lightbox");
    r.viewer_open = !!(dialog && dialog.open);
    r.viewer_labels = dialog ? labels(dialog) : [];
    r.figure_labels = labels(fig);
  }
  document.getElementById("out").textContent = JSON.stringify(r);
}, 300); });
</script></body></html>"""


def measure(page: Path, width: int, height: int) -> dict:
    """Open ``page`` in an iframe of the given size in headless Chromium and measure it."""
    with tempfile.TemporaryDirectory() as tmp:
        probe = Path(tmp) / "probe.html"
        probe.write_text(PROBE % {"src": page.resolve().as_uri(), "w": width, "h": height}, encoding="utf-8")
        run = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                              "--disable-component-update", "--disable-sync", "--no-first-run",
                              "--allow-file-access-from-files", f"--user-data-dir={tmp}/profile",
                              "--virtual-time-budget=5000", "--dump-dom", probe.as_uri()],
                             capture_output=True, text=True, timeout=120)
    found = re.search(r'<pre id="out">(.*?)</pre>', run.stdout, re.S)
    assert found and found.group(1) != "pending", f"chromium did not measure {page}:\n{run.stderr[-2000:]}"
    return json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"))


@needs_browser
@pytest.mark.parametrize("page", PAGES)
def test_phone_page_fits_the_screen(site, page):
    out, _ = site
    r = measure(out / page, 390, 844)
    assert r["scrollWidth"] <= r["clientWidth"], f"{page} scrolls sideways: {r['scrollWidth']} > {r['clientWidth']}"
    assert not r["sticking_out"], f"{page}: wider than the screen and not in a scroll box: {r['sticking_out'][:5]}"
    assert r["nav_top"] is not None and r["nav_top"] < 60, "the navigation button is not at the top"
    assert r["top_link"] is not None and r["top_link"] < 844, "no link to the booklet on the first screen"
    for white_space, overflow in r["pre"]:
        assert white_space == "pre" and overflow == "auto", "code wraps instead of scrolling"
    # the What you need box and the quick reference keep their text off their border (Furo's .container rule)
    assert all(pad >= 8 for pad in r["box_padding"]), f"{page}: a box's text touches its border: {r['box_padding']}"


@needs_browser
def test_phone_viewer_shows_cards_readable(site):
    """On a phone the table picture is small on the page; the viewer shows its labels large."""
    out, _ = site
    r = measure(out / KENDRA_KARI, 390, 844)
    assert r["zoomable"] == r["figures"] > 0
    assert r["viewer_open"], "a tap on a picture did not open the viewer"
    assert r["viewer_labels"] and min(r["viewer_labels"]) >= 12, f"labels in the viewer: {min(r['viewer_labels'], default=None)} px"
    assert min(r["viewer_labels"]) >= 1.9 * min(r["figure_labels"])


@needs_browser
def test_desktop_page_shows_cards_readable(site):
    out, _ = site
    r = measure(out / KENDRA_KARI, 1280, 900)
    assert r["sidebar_visible"], "no booklet link in the sidebar"
    assert r["top_link"] is None, "the booklet link is shown twice on a wide screen"
    assert r["page_labels"] and min(r["page_labels"]) >= 8, f"smallest suit label on the page: {min(r['page_labels'])} px"
    assert r["viewer_open"]


@pytest.mark.parametrize("game", [c.stem for c in CHAPTERS if (ROOT / "rules" / "designers" / f"{c.stem}.md").is_file()
                                  and "{quick-reference}" in c.read_text(encoding="utf-8")])
def test_rule_use_tables_name_the_set_up_rules_apart(site, game):
    """Issue 42: "set-up rules do not come into play", yet some read 100% and others 0%. Now the rules the
    chapter's quick reference lists under "Set-up" are never rows of a rule-use table; its caption names them."""
    import re as _re

    chapter = (ROOT / "rules" / f"{game}.md").read_text(encoding="utf-8")
    setup = _re.search(r"^Set-up:(.*)$", chapter, _re.M).group(1).split()
    page = (site[0] / "rules" / "designers" / f"{game}.html").read_text(encoding="utf-8")
    # (the table sits in its container div, its caption after the div: the caption of the next table, a game's list
    # of comparisons, is never taken for it)
    tables = _re.findall(r'<table class="[^"]*ganjifa-clause-use[^"]*">(?:(?!</table>).)*</table>\s*(?:</div>\s*)?'
                         r'<p class="[^"]*ganjifa-caption[^"]*">(.*?)</p>', page, _re.S)
    assert tables or "ganjifa-clause-use" not in page, f"{game}'s rule-use table has no caption after it"
    if not tables:
        pytest.skip(f"{game}'s notes show no rule-use table")
    for caption in tables:
        assert "set the game up" in caption, caption
    body = "".join(_re.findall(r'<table class="[^"]*ganjifa-clause-use.*?</table>', page, _re.S))
    from engine.registry import game_class

    titles = game_class(game).CLAUSES
    for cid in setup:
        assert f">{titles[cid]}<" not in body and f" {titles[cid]}</p>" not in body, (cid, titles[cid])
