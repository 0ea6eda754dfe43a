"""Words players never read (book/printwords.py): the print build fails at file and line, the PDF check
reads the same list, and every chapter and golden deal seats the same cast."""

import re
from html import unescape
from pathlib import Path

import pytest

from book import pagecheck, printwords
from book.printwords import CAST, WORDS, find

from .test_directive_errors import sphinx_build

ROOT = Path(__file__).resolve().parent.parent
CONF = ('extensions = ["myst_parser", "sphinx_design", "book"]\nexclude_patterns = ["_build"]\n'
        'myst_enable_extensions = ["colon_fence"]\n')

# one text each entry must catch, and texts no entry may catch
CAUGHT = {
    "Python prompt": ">>> ask(p)",
    "traceback": "Traceback (most recent call last):",
    "clause id": "the rule kk.must-play says",
    "bot name": "played by the bots",
    "seed": "20,000 seeded rounds",
    "file path": "see deals/x.txt",
    "rules program": "computed by the rules\nprogram",
    "engine": "The engine behind this book",
    "legal moves": "Asha has 3 legal moves.",
    "range dots": "1 high .. 10 low",
    "seat code": "dealer P3",
    "Naqsh set code": "10 N1 M N2",
    # issue 30's list, word for word as the booklet printed it
    "choice count": "What Asha may do (2 choices):",
    "Played label": "Played: Asha plays the 9 of Shamsher",
    "chance as a player": "Whose turn is it? Chance acts next (a shuffle or a blind draw).",
    "player called it": "Bela plays the hukm, the Raja of Krishna, as it must.",
    "their own, of one player": "Chitra discards to their own pile.",
    "move notation": "Asha must first lead a tavani: tavani 3Pa as Kr. 1. deck: 4Ba>1 7Sh>1",
    "option id": "the only card of its suit (if-none), or whenever the opener likes (any-time: the booklet",
    "option as code": "Players: Asha, Bela, Chitra (in the order of play) Variants: rounds: 1",
    "refused": "otherwise an utari. A lead out of order is refused.",
    "player count": "Udvasa at a glance 1 players · Mughal deck, 96 cards · deal: 0 to each player; build: 8",
    "one choice": "Players Number of players: four. Choices: 4. Udvasa Players One player. Choices: 1.",
    "doubled word": "a game lasts about about nine tricks",
    # issue 41's list, word for word as the booklet printed it
    "seat number as name": "the oldest player, sitting as Player 1, deals first",
    "terminal": "play a deal at the terminal",
    "editions": "is the variant double courts (this book's former ruling)",
    "move count": "Chitra may choose from 3 moves.",
    "plays this": "Asha plays this: Asha leads the 9 of Krishna",
    "in the order of play, alone": "Game Udvasa, 1 player Players: Asha (in the order of play)",
}
CLEAN = ["Player 1 wins", "the 10 of Shamsher (10Sh)", "Naqsh, the Delhi banking game", "and so on...",
         "1 high to 10 low", "the moves you may make", "worked out by computer", "careful players",
         "the first suit", "§5 says",
         "What Asha may do:", "Asha's choice: Asha plays", "Played that way, the deal is lost", "the Raja, as she must",
         "Bela's own pile", "Each other player lays down their own highest card", "the 10 of Shamsher (10Sh)",
         "Choices: 1, 2, 3, 4, 5.", "Choices: if none, any time.", "killing it, akheri-marne", "a number is refused",
         "Four players.", "Rounds: 1", "about one game in 40", "6 to each player", "that that",
         "Players: Asha, Bela (in the order of play)", "the player the table agrees on deals first",
         "Chitra may do any of these:", "Player 1 wins a third of the games"]


def build(tmp_path, page: str, *, print_build: bool) -> tuple[int, str]:
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    (src / "conf.py").write_text(CONF)
    (src / "index.md").write_text(page)
    tags = ["-t", "print", "-b", "singlehtml"] if print_build else ["-b", "html"]
    out = tmp_path / ("print" if print_build else "html")
    return sphinx_build("-E", "-W", "--keep-going", "-q", *tags, str(src), str(out))


def line_of(page: str, needle: str) -> int:
    return next(i for i, line in enumerate(page.splitlines(), 1) if needle in line)


def test_a_listed_word_fails_the_print_build_naming_file_line_and_word(tmp_path):
    page = ("# A game\n\nPlay goes to the left.\n\nEvery example was checked by the rules program.\n\n"
            "## Who wins\n\nA plain paragraph.\n\n- Asha has 3 legal moves.\n\n"
            "::::{only} not print\nFor editors: the engine behind this chapter.\n::::\n")
    code, out = build(tmp_path, page, print_build=True)
    assert code != 0, out
    for word, kind in (("rules program", "rules program"), ("legal moves", "legal moves")):
        line = line_of(page, word)
        assert re.search(rf"index\.md:{line}: WARNING: .*'{word}' \({kind}\)", out), out
    assert "engine" not in out  # the editors' block is left out of print, so its words are not checked
    # the site is not the booklet: the same page builds without -t print
    code, out = build(tmp_path, page, print_build=False)
    assert code == 0, out


def test_a_caption_and_a_rule_title_are_print_text_too(tmp_path):
    page = ("# A game\n\n```{clause} kk.match\n:summary: The rule in a line.\nMatch it.\n```\n\n"
            "```{position}\n:game: kendra-kari\n:options: players=4\n:names: Asha, Bela, Chitra, Dev\n"
            ":caption: Bela has 2 legal moves.\n"
            "ring=1:9Sh 2:4Sh 3:4Gh 4:4Ba 5:- 6:- 7:9Ta; last=4; turn=P2; P1=3Ta 5Ch RGh 2Ch VSu; "
            "P2=2Ba 2Sh 10Qi 6Ch; P3=1Ba 7Su 3Qi 9Ch; P4=7Gh 1Su 8Ch 3Sa; stock=20\n```\n")
    code, out = build(tmp_path, page, print_build=True)
    assert code != 0, out
    assert re.search(r"index\.md:\d+: WARNING: .*'legal moves' \(legal moves\)", out), out


def test_a_clean_page_builds_for_print(tmp_path):
    page = "# A game\n\n" + "\n\n".join(CLEAN) + "\n"
    code, out = build(tmp_path, page, print_build=True)
    assert code == 0, out


def test_every_entry_catches_its_example_and_nothing_clean():
    assert set(CAUGHT) == {w.kind for w in WORDS}
    for w in WORDS:
        assert {k.kind for k, _ in find(CAUGHT[w.kind])} == {w.kind}, (w.kind, CAUGHT[w.kind])
        assert w.reason
    for text in CLEAN:
        assert list(find(text)) == [], text


def test_the_list_and_the_pdf_check_agree():
    """pagecheck reads the same list: the enforced entries fail the PDF check, the waiting ones are counted."""
    assert pagecheck.ENGINE_WORDS is printwords.ENFORCED
    assert set(printwords.ENFORCED) | set(printwords.WAITING) == {w.kind for w in WORDS}
    assert not set(printwords.ENFORCED) & set(printwords.WAITING)
    assert all(w.waiting for w in WORDS if w.kind in printwords.WAITING)
    pages = list(CAUGHT.values()) + CLEAN
    found = pagecheck.engine_words(pages) + pagecheck.engine_words(pages, printwords.WAITING)
    expected = [(n, w.kind, text) for n, page in enumerate(pages, 1) for w, text in find(page)]
    assert sorted(found) == sorted(expected)


def test_imprint_and_covers_speak_players_words():
    from book import pdf

    text = (" ".join(pdf.imprint("Ganjifa", "the project", pdf.edition_line())) + pdf.end_matter(7, "")
            + pdf.cover_html("Ganjifa", "The round playing cards of India", pdf.edition_line(), ""))
    assert "In this book:" in text  # the back cover, in the cover's file
    assert [(w.kind, t) for w, t in find(text, tuple(w for w in WORDS if not w.waiting))] == []


# -- one cast ------------------------------------------------------------------------------------

def _is_cast(names: list[str]) -> bool:
    """The first N of the cast, in seat order, starting at any of them (a match's later deals rotate), and
    either way round the table (the same table played in the other direction names them in the other order)."""
    seats = list(CAST[:len(names)])
    return any(order == seats[i:] + seats[:i] for order in (names, [names[0], *names[:0:-1]])
               for i in range(len(seats)))


def seatings():
    for md in sorted((ROOT / "rules").glob("*.md")):
        for n, line in enumerate(md.read_text(encoding="utf-8").splitlines(), 1):
            m = re.match(r"\s*:names:\s*(.+)", line)
            lists = [m[1]] if m else re.findall(r"narrate\(\[([^\]]+)\]\)", line)
            for found in lists:
                yield f"{md.name}:{n}", [s.strip().strip("\"'") for s in found.split(",")]
    for deal in sorted((ROOT / "rules" / "deals").glob("*.txt")):
        for n, line in enumerate(deal.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("names:"):
                yield f"deals/{deal.name}:{n}", [s.strip() for s in line[len("names:"):].split(",")]
                break


def test_every_chapter_and_golden_deal_seats_the_one_cast():
    found = list(seatings())
    assert len(found) > 40
    wrong = [(where, names) for where, names in found if not _is_cast(names)]
    assert not wrong, f"the cast is {', '.join(CAST)} in seat order: " + "; ".join(f"{w}: {n}" for w, n in wrong)
    assert len(set(CAST)) == len(CAST) == 7


def test_the_heuristic_player_is_the_careful_player_everywhere():
    from engine.players.bots import lineup_words

    assert lineup_words(("heuristic",) * 4) == "careful players"
    for md in sorted((ROOT / "rules").glob("*.md")):
        text = md.read_text(encoding="utf-8")
        assert not re.search(r"\bsimple\s+(?:computer\s+)?(?:players?|strategy)\b", text), md.name


# -- the book's own words pass the list (issue 30) ------------------------------------------------

SHAKTI_RESHUFFLE = (
    "turn=P1; round=5; P1=2Ta 3Ta 4Ta 5Ta 6Ta 7Ta 9Ta RGh; P2=1Sa 1Sh 1Gh 1Su 1Ch 1Qi 9Ba VSh; "
    "P3=3Sa 5Sa 6Sa 2Gh 8Gh 10Ch VCh 4Su; P4=5Ch 6Ch 7Ch 2Qi RSh 3Ba 7Ba 10Gh; piles=2Sa 4Sa 7Sa 8Sa 9Sa 10Sa VSa "
    "RSa 10Ta VTa RTa 2Sh 3Sh 5Sh 6Sh 7Sh 8Sh 9Sh 10Sh 4Gh 5Gh 7Gh 9Gh VGh 3Su 5Su 6Su 7Su 8Su 10Su VSu RSu 9Su / "
    "3Ch 4Ch 8Ch 9Ch RCh 3Qi 4Qi 5Qi 6Gh / 6Qi 7Qi 8Qi 9Qi 10Qi VQi RQi 4Sh 8Ta / 1Ba 2Ch 2Ba 4Ba 5Ba 6Ba 8Ba RBa "
    "1Ta 10Ba 3Gh VBa 2Su; deck=-")
TAVANI_OWED = ("P1=9Kr 3Kr 2Ma 4Vr 3Pa 1Pa; P2=RKr 4Ma 2Ku 3Vr 5Pa 2Pa; P3=10Kr 5Ma 6Ku 1Vr 7Pa 4Pa; lead=P1; "
               "lost=P1 P2 P3; moves=natavani 3Kr, add RKr, add 5Ma, utari 2Ku, add 6Ku, add 4Vr, talafa 3Vr as Ma, "
               "add 4Pa, add 2Ma")


def test_what_the_directives_print_passes_the_list(tmp_path):
    """Each directive that printed one of issue 30's words, on a page built for print with -W: the list of
    choices, the chosen move, the facts of a game for a fixed number of players or alone, a whose-turn
    answer while the cards are shuffled, a lead owed, a worked game played with an option changed, a
    hukm played. Before issue 30 this page failed on "(2 choices)", "Played:", "Choices: 4.", "(if-none)",
    "Chance acts next", "Variants: rounds: 1" and "as it must"."""
    from engine import get_game

    deal = (ROOT / "rules" / "deals" / "traditional-ganjifa-3p.txt").read_text(encoding="utf-8")
    rules = "".join(f"```{{clause}} {cid}\n:summary: The rule.\nThe rule.\n```\n\n"
                    for game in ("kendra-kari", "traditional-ganjifa", "shakti") for cid in get_game(game).CLAUSES)
    page = ("# Words\n\n" + rules +
            "```{position}\n:game: kendra-kari\n:options: players=4\n:names: Asha, Bela, Chitra, Dev\n:move: 9Sh\n"
            "ring=1:- 2:- 3:- 4:- 5:- 6:- 7:9Ta; last=7; turn=P1; P1=9Sh 3Ta 5Ba RGh 2Ch VSu; "
            "P2=2Sa 6Ch 10Qi 5Sh 4Gh 8Ba; P3=1Ba 7Su 3Qi 9Ch 1Sa 7Qi; P4=VTa 8Gh 2Su 6Ta 5Su 10Ch; stock=71\n```\n\n"
            "```{game-facts} hamrang\n```\n\n```{game-facts} udvasa\n```\n\n```{game-facts} traditional-ganjifa\n```\n\n"
            ":::{question} Whose turn is it?\n:game: shakti\n:names: Asha, Bela, Chitra, Dev\n"
            f":position: {SHAKTI_RESHUFFLE}\n:ask: whose turn\n:answer: chance\n:picture: no\n:::\n\n"
            ":::{question} May she lead an utari?\n:game: traditional-ganjifa\n:options: rounds=1\n"
            f":names: Asha, Bela, Chitra\n:position: {TAVANI_OWED}\n:ask: may Asha utari\n:answer: no\n"
            ":clause: tg.tavani\n:picture: no\n:::\n\n"
            "```{deal}\n:file: deals/tg.txt\n:to: 2\n:pictures: none\n:start-picture: no\n```\n\n"
            "```{deal}\n:file: deals/tg.txt\n:from: 55\n:to: 57\n:pictures: none\n:start-picture: no\n```\n")
    src = tmp_path / "src"
    (src / "deals").mkdir(parents=True)
    (src / "deals" / "tg.txt").write_text(deal, encoding="utf-8")
    code, out = build(tmp_path, page, print_build=True)
    assert code == 0, out
    html = (tmp_path / "print" / "index.html").read_text(encoding="utf-8")
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).replace("\u2019", "'").split())
    assert "What Asha may do:" in text and "Asha's choice:" in text
    assert "Four players" in text and "One player" in text and "Three players" in text
    assert "The opener's second card" in text and "the opener's choice" in text and "Deals : 1" in text
    assert "plays the hukm" in text and "nobody plays yet" in text.lower()


def test_a_word_broken_by_the_line_s_hyphen_is_read_whole():
    """The PDF's text breaks "bottom" as "bot-" and "tom" on two lines; the check reads it as "bottom", not as the
    engine word "bot" (a false alarm on Udvasa's p. 57), while a "bot" standing alone is still found."""
    from book.pagecheck import engine_words

    assert engine_words(["drawn from its bot\u2010\ntom card up"]) == []
    assert engine_words(["a careful bot plays"]) == [(1, "bot name", "bot")]
