# The front door. `make book` builds the HTML site and the PDF booklet; `make test` runs
# every test. Both create .venv and install the project into it on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
SPHINX := $(BIN)/python -m sphinx
PDF    := _build/pdf/ganjifa-rules.pdf

.PHONY: lock setup book booklets html pdf test check deals bench instructions review serve clean

# every package at the version and with the hashes requirements.lock names (so a fresh clone next year builds
# the same book), then the project itself; `make lock` makes the lock file again from pyproject.toml's ranges
LOCK := requirements.lock
PIP  := $(BIN)/python -m pip --disable-pip-version-check
$(STAMP): pyproject.toml $(LOCK)
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --require-hashes --no-deps -r $(LOCK)
	$(PIP) install --quiet --no-deps -e .
	@touch $@

setup: $(STAMP)

# the lock file made again: every package at the newest release pyproject.toml's ranges allow, with the hashes of
# its files (pip-tools' pip-compile, in a venv of its own), then the project installed from it and every test run
lock:
	@test -x .venv-lock/bin/pip-compile || { $(PYTHON) -m venv .venv-lock && .venv-lock/bin/python -m pip install --quiet pip-tools; }
	.venv-lock/bin/pip-compile --quiet --upgrade --generate-hashes --extra dev --strip-extras --allow-unsafe \
		--no-emit-index-url --no-emit-find-links -o $(LOCK) pyproject.toml
	$(MAKE) test

# the site and the booklet, each made again only when a file it is made from has changed since
book: pdf

# every file the site and the booklet are made from (`make clean` for anything else)
SITE := _build/html/index.html
BOOK_SOURCES := conf.py index.md pyproject.toml \
	$(shell find rules engine book -type f ! -path '*/__pycache__/*' ! -name '*.pyc' 2>/dev/null)
# the site, every chapter read afresh (-E), so that every chapter's warnings are seen (-W)
BUILD_SITE = $(SPHINX) -E -W --keep-going -q -b html . _build/html

html: $(STAMP)
	$(BUILD_SITE)
	@echo "HTML: $(SITE)"

$(SITE): $(BOOK_SOURCES) $(STAMP)
	GANJIFA_PDF_NEXT=1 $(BUILD_SITE) || { rm -f $@; exit 1; }  # the PDF is made next: no note that it is missing
	@echo "HTML: $(SITE)"

pdf: $(PDF)
	cp $(PDF) _build/html/ganjifa-rules.pdf  # the site links to it (book/site.py)
	cp _build/pdf/ganjifa-rules-cover.pdf _build/html/ganjifa-rules-cover.pdf  # the cover, for the print shop

# the booklet is made from the singlehtml build (every chapter on one page); it reuses the environment the
# site's build has just read, so only the writing is done twice. book.pdf leaves a PDF made from the same
# inputs as it is (and says so); touch tells make it is up to date
$(PDF): $(SITE)
	$(SPHINX) -W --keep-going -q -b singlehtml -t print -d _build/html/.doctrees . _build/singlehtml
	$(BIN)/python -m book.pdf _build/singlehtml $(PDF)
	$(BIN)/python -m book.spread $(PDF)  # the cover spread, its spine as wide as the page count makes it
	@touch $(PDF)

# the booklets for the print shop, one per deck (conf.py's ganjifa_booklets; book/booklets.py): each its
# interior (A5), its cover (bleed and crop marks) and its imposed file (two-up on A4, saddle-stitch order),
# in _build/pdf, made side by side on the cores; a booklet whose inputs have not changed is not made again.
# The site's game pages link to their deck's booklet: --site copies the booklets into the site when it is built
booklets: $(STAMP)
	$(BIN)/python -m book.booklets --site _build/html
	GANJIFA_BOOKLETS_MADE=1 $(BIN)/python -m pytest -q -p no:cacheprovider -n 0 tests/test_booklets.py  # each booklet's PDFs checked (no book built)

# every test, on every core (pytest-xdist); the real book is built once, in the background, while the
# other tests run, and the booklets after its site, reading the simulations it has cached (tests/book_build.py;
# into _build/pdf, as `make booklets` makes them); the ten slowest tests are listed at the end
test: $(STAMP)
	$(BIN)/python -m pytest -n auto -m "not check"

# the fast tier, for editing a chapter or a game: the engine's tests, every chapter's examples (the
# Python ones, and every directive's, read by Sphinx without writing a page), no book, no PDF (the tests that
# read the real book are left out, and so is its background build: tests/conftest.py). About 115 s of CPU,
# one minute by the clock on the 2-core machine once the book's simulations are cached in _build/cache (the
# first time, or after an engine change a game's simulations run, a minute or two more).
# `make check GAME=komi`: one game's chapter and the tests that name it, about 15 s of CPU.
check: $(STAMP)
ifdef GAME
	$(BIN)/ganjifa check $(GAME)
	$(BIN)/python -m pytest -n auto -m "not slow" -k "$(GAME) or $(subst -,_,$(GAME))"
else
	$(BIN)/python -m pytest -n auto -m "not slow"
endif

deals: $(STAMP)
	$(BIN)/ganjifa deals --write

bench: $(STAMP)
	$(BIN)/ganjifa bench

# instructions per game (valgrind's callgrind, fixed seeds) for every game and player count, against
# engine/study/instructions_baseline.json: fails if a game is more than 3% worse (`ganjifa instructions --update` rewrites it)
instructions: $(STAMP)
	$(BIN)/ganjifa instructions

# what the working tree's change does to the book and to the game, against a git revision (`make review
# BASE=v1`; default main): rules text, examples, play on the same seeds; Markdown on the screen. The verdicts
# "the book changes" (exit status 3) and "the game changes" (4) are reports, not failures, for make; CI that
# labels a pull request runs `ganjifa review` itself and reads its exit status
BASE ?= main
review: $(STAMP)
	@$(BIN)/ganjifa review $(BASE); status=$$?; [ $$status -eq 0 ] || [ $$status -eq 3 ] || [ $$status -eq 4 ]

serve: $(STAMP)
	$(BIN)/sphinx-autobuild --watch engine --watch book . _build/html

clean:
	rm -rf _build
