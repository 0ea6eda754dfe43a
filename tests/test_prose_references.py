"""What the prose names is computed, never typed (issue 41): a choice of a game by its one name in players'
words ({variant}, {option-name}: book/directives/variant.py), the same name the facts table prints."""

import re
from html import unescape

from engine.registry import available_games, game_class

from .test_directive_errors import sphinx_build

CONF = ('extensions = ["myst_parser", "sphinx_design", "book"]\nexclude_patterns = ["_build"]\n'
        'myst_enable_extensions = ["colon_fence", "deflist"]\n')


def build(tmp_path, pages: dict[str, str]) -> tuple[int, str]:
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    (src / "conf.py").write_text(CONF)
    toc = "".join(f"{name}\n" for name in pages if name != "index")
    (src / "index.md").write_text(pages.get("index", "# Book\n\n") + f"\n```{{toctree}}\n{toc}```\n")
    for name, text in pages.items():
        if name != "index":
            (src / f"{name}.md").parent.mkdir(parents=True, exist_ok=True)
            (src / f"{name}.md").write_text(text)
    return sphinx_build("-E", "-W", "--keep-going", "-q", "-b", "html", str(src), str(tmp_path / "html"))


def text_of(tmp_path, name: str) -> str:
    html = (tmp_path / "html" / f"{name}.html").read_text(encoding="utf-8")
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).replace("\u2019", "'").split())
    return re.sub(r"\( ", "(", re.sub(r" ([,.;:)])", r"\1", text))  # (a tag's edge is no space in the text)


def test_a_variant_prints_its_one_name_and_the_facts_table_the_same(tmp_path):
    page = ("# Sama\n\n```{game-facts} sama\n```\n\n"
            "In the variant {variant}`court-up=double`, a face-up Raja counts 24.\n\n"
            "## Variants\n\n{variant}`court-up=double`\n: A face-up court counts double.\n\n"
            "{option-name}`first-dealer`\n: The table may agree who deals first.\n")
    code, out = build(tmp_path, {"sama": page})
    assert code == 0, out
    text = text_of(tmp_path, "sama")
    info = {i.name: i for i in game_class("sama").options()}["court_up"]
    name = info.label("double")
    assert f"In the variant {name}, a face-up Raja counts 24." in text
    assert f"{info.heading}: {name}" in text  # the variants list's term: its table row, then the choice
    assert f"{info.heading} " in text and f", {name}." in text  # the facts table: the row and the same name
    assert "First dealer The table may agree" in text  # the option's own name, as a term, with no row beside it


def test_a_variant_named_by_hand_fails_naming_file_line_and_the_role(tmp_path):
    page = ("# Naqsh\n\nA plain paragraph.\n\n"
            "In the variant *pays those standing* the dealer pays.\n\n"
            "The old ruling is now pay-higher.\n")
    code, out = build(tmp_path, {"naqsh": page})
    assert code != 0
    assert re.search(r"naqsh\.md:5: WARNING: a variant's or option's name typed by hand: 'pays those standing'; "
                     r"write \{variant\}`dealer-fails=pay-standing`", out), out
    assert re.search(r"naqsh\.md:7: WARNING: .*'pay-higher'; write \{variant\}`dealer-fails=pay-higher`", out), out


def test_an_unknown_choice_or_option_fails_in_one_line(tmp_path):
    page = "# Sama\n\nThe variant {variant}`court-up=treble` and {option-name}`court-side`.\n"
    code, out = build(tmp_path, {"sama": page})
    assert code != 0
    assert re.search(r"sama\.md:3: .*\{variant\}: Sama: option court-up has no choice 'treble'; its choices are "
                     r"single, double", out), out
    assert re.search(r"sama\.md:3: .*\{option-name\}: Sama has no option 'court-side'", out), out
    assert "Traceback" not in out


def test_every_choice_has_one_name_per_game():
    """Two choices of one game never share a name (a number aside), and no name is the program's text (no hyphenated codes
    such as pay-standing, no yes/no): the facts table, the variants list and the prose can then use one name."""
    for game in available_games():
        seen = {}
        for info in game_class(game).options():
            for choice in info.choices:
                label = info.label(choice)
                if label.isdigit():  # a number names itself (four players, four cards): the option's name says which
                    continue
                assert label not in ("yes", "no", "True", "False"), (game, info.name, label)
                assert not re.fullmatch(r"[a-z]+(-[a-z0-9]+)+", label), (game, info.name, label)
                assert seen.setdefault(label, (info.name, choice)) == (info.name, choice), (game, label)


RULINGS = ("## Rulings\n\n1. **Who deals.** The highest card deals.\n2. **When to deal.** Whenever she likes.\n")


def test_a_ruling_is_cited_by_its_title_and_printed_as_its_number(tmp_path):
    page = "# Udvasa\n\nDeal whenever you like ({ruling}`When to deal`).\n\n" + RULINGS
    other = "# Notes\n\nAs the chapter rules ({ruling}`udvasa: Who deals`).\n"
    code, out = build(tmp_path, {"udvasa": page, "notes": other})
    assert code == 0, out
    assert "Deal whenever you like (Ruling 2)." in text_of(tmp_path, "udvasa")
    assert "As the chapter rules (Ruling 1)." in text_of(tmp_path, "notes")
    assert 'href="udvasa.html#ruling-1"' in (tmp_path / "html" / "notes.html").read_text(encoding="utf-8")


def test_a_ruling_no_chapter_has_or_a_number_typed_by_hand_fails_naming_file_and_line(tmp_path):
    page = "# Udvasa\n\nDeal whenever you like ({ruling}`When to shuffle`).\n\nAs §4 says, and Ruling 2.\n\n" + RULINGS
    src = tmp_path / "src" / "rules"
    src.mkdir(parents=True)
    (src / "udvasa.md").write_text(page)
    code, out = build(tmp_path, {"index": "# Book\n\n```{toctree}\nrules/udvasa\n```\n"})
    assert code != 0
    assert re.search(r"udvasa\.md:3: WARNING: \{ruling\}: rules/udvasa has no ruling titled 'when to shuffle'; "
                     r"its rulings: 'who deals', 'when to deal'", out), out
    assert re.search(r"udvasa\.md:5: WARNING: a number typed by hand: '§4'", out), out
    assert re.search(r"udvasa\.md:5: WARNING: a number typed by hand: 'Ruling 2'", out), out


def test_a_figure_says_who_played_and_one_quantity_is_counted_once(tmp_path):
    """Kendra Kari's stock ran out "about one game in 38" on one page and "one game in 43" on another: the
    same count from 1000 and from 2000 games. Now the second place fails naming both; and a figure whose
    paragraph never says which players the computer seated fails too."""
    page = ("# Kendra Kari\n\n## How the game plays out\n\nA computer played some games.\n\n"
            "- Among random players the stock runs out in "
            "{sim-figure}`game: stock-out / games @ kendra-kari games=30 bots=random`.\n"
            "- It runs out in {sim-figure}`game: stock-out / games @ kendra-kari games=40 bots=random`.\n")
    code, out = build(tmp_path, {"kendra-kari": page})
    assert code != 0
    assert re.search(r"kendra-kari\.md:8: WARNING: \{sim-figure\}: the figure \(.*\) counts games of random players, "
                     r"but its sentence, its paragraph and its section's first paragraph never say so", out), out
    assert not re.search(r"kendra-kari\.md:7: WARNING: \{sim-figure\}: the figure", out), out
    assert re.search(r"kendra-kari\.md:8: WARNING: \{sim-figure\}: kendra-kari as the chapter plays it, players: random: "
                     r"stock-out / games is computed here from 40 games from seed 1 and at .*kendra-kari\.md:7 from 30 "
                     r"games from seed 1", out), out


def deal_source(tmp_path, conf: str = CONF):
    """A book's source folder with ``conf`` and Kendra Kari's golden deal of four players as ``deals/kk.txt``."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    src = tmp_path / "src"
    (src / "deals").mkdir(parents=True)
    (src / "deals" / "kk.txt").write_text((root / "rules" / "deals" / "kendra-kari-4p.txt").read_text(encoding="utf-8"),
                                         encoding="utf-8")
    (src / "conf.py").write_text(conf)
    return src


def _site_page(tmp_path, address: str | None) -> str:
    """A page with a worked game told in part and {site-address}, built for print with the address set (or
    not): its printed text."""
    src = deal_source(tmp_path, CONF + (f"ganjifa_site = {address!r}\n" if address is not None else ""))
    from engine import get_game

    rules = "".join(f"```{{clause}} {cid}\n:summary: The rule.\nThe rule.\n```\n\n" for cid in get_game("kendra-kari").CLAUSES)
    (src / "index.md").write_text("# Kendra Kari\n\n```{site-address}\n```\n\n" + rules +
                                  "```{deal}\n:file: deals/kk.txt\n:pictures: none\n:start-picture: no\n\n"
                                  "3: A move worth a look.\n```\n")
    code, out = sphinx_build("-E", "-W", "--keep-going", "-q", "-t", "print", "-b", "singlehtml", str(src),
                             str(tmp_path / "print"))
    assert code == 0, out
    html = (tmp_path / "print" / "index.html").read_text(encoding="utf-8")
    return html


def test_the_site_address_is_set_once_and_printed_short_with_a_qr_code(tmp_path):
    html = _site_page(tmp_path, "https://ganjifa.example.org/")
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).replace("\u2019", "'").split())
    assert "All the moves are at ganjifa.example.org." in text
    assert "on the book's site: ganjifa.example.org" in text
    assert 'class="ganjifa-figure ganjifa-qr"' in html and "<svg" in html.split("ganjifa-qr", 1)[1][:400]
    assert "https://" not in text


def test_without_an_address_print_never_sends_a_reader_to_the_site(tmp_path):
    html = _site_page(tmp_path, None)
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
    assert "How this game is told" in text  # the reading key is printed, without its pointer to the site
    assert not re.search(r"\bsite\b", text, re.I), text
    assert "ganjifa-qr" not in html


def test_a_sentence_that_promises_a_picture_has_it(tmp_path):
    """Hamrang promised that each example shows the trick, and three drew none; Guru Ganjifa's worked game
    promised pictures before and after two tricks and drew none. Each promise not kept fails at its line."""
    from pathlib import Path

    src = tmp_path / "src" / "rules"
    src.mkdir(parents=True)
    question = (":::{question} Whose turn is it?\n:game: kendra-kari\n:names: Asha, Bela, Chitra, Dev\n"
                ":position: ring=1:- 2:- 3:- 4:- 5:- 6:- 7:9Ta; last=7; turn=P1; P1=9Sh 3Ta 5Ba RGh 2Ch VSu; "
                "P2=2Sa 6Ch 10Qi 5Sh 4Gh 8Ba; P3=1Ba 7Su 3Qi 9Ch 1Sa 7Qi; P4=VTa 8Gh 2Su 6Ta 5Su 10Ch; stock=71\n"
                ":ask: whose turn\n:answer: Asha\nPICTURE:::\n\n")
    (src / "kendra-kari.md").write_text(
        "# Kendra Kari\n\nEach example shows the table and every hand.\n\n"
        + question.replace("PICTURE", "") + question.replace("PICTURE", ":picture: no\n")
        + "## More\n\nThe position pictured above is Asha's.\n\n## Later\n\n"
        + question.replace("PICTURE", "") + "The position pictured above is Asha's again.\n")
    code, out = build(tmp_path, {"index": "# Book\n\n```{toctree}\nrules/kendra-kari\n```\n"})
    assert code != 0
    assert re.search(r"kendra-kari\.md:3: WARNING: a sentence promises a picture \('Each example shows'\) but 1 "
                     r"example\(s\) of the page draw no picture, the first at line 1[0-9]", out), out
    assert re.search(r"kendra-kari\.md:2[0-9]: WARNING: a sentence promises a picture \('pictured above'\) but no "
                     r"picture stands above it in its section", out), out
    assert len(re.findall(r"promises a picture", out)) == 2, out  # the last one has its picture above it


def test_a_figure_of_a_table_is_its_cell_and_a_figure_typed_by_hand_fails(tmp_path):
    """Nakash's chapter typed "604 lose at once (13.25%)" and Udvasa's "about 98 deals in 100" beside the tables
    that compute them; now the sentence names the cell, and a typed share fails at its line."""
    from engine.registry import game_class

    made = game_class("nakash")().table("order")
    row = next(r for r in made.rows if r[1].startswith("18, 19, 21 or 23"))
    page = ("# Nakash\n\nOf all hands, {table-figure}`nakash order: 18, 19, 21 or 23 | Hands of two cards` lose "
            "at once ({table-figure}`nakash order: 18, 19, 21 or 23 | Dealt`).\n\n"
            "A pair turns up in 0.61% of hands, about 98 deals in 100.\n\n"
            "Bad: {table-figure}`nakash order: A total | Dealt` and {table-figure}`nakash order: loses | Chance`.\n")
    src = tmp_path / "src" / "rules"
    src.mkdir(parents=True)
    (src / "nakash.md").write_text(page)
    # Komi typed the dealer's edge ("about one stake in ten"); the exact table's cell is said in words instead
    (src / "komi.md").write_text("# Komi\n\nTies to the dealer give her {table-figure}`komi edge: 2 & 1 | dealer's "
                                 "gain (ties to the dealer) | in words: stake` for every stake bet.\n\n"
                                 "Typed, that is about one stake in ten.\n")
    code, out = build(tmp_path, {"index": "# Book\n\n```{toctree}\nrules/nakash\nrules/komi\n```\n"})
    assert code != 0
    komi = (tmp_path / "html" / "rules" / "komi.html").read_text(encoding="utf-8")
    assert ">about one stake in ten</span> for every stake bet" in komi
    assert re.search(r"komi\.md:5: WARNING: a figure typed by hand: 'one stake in ten'", out), out
    html = (tmp_path / "html" / "rules" / "nakash.html").read_text(encoding="utf-8")
    assert f">{row[2]}</span> lose at once (" in html and f">{row[3]}</span>)" in html
    assert re.search(r"nakash\.md:5: WARNING: a figure typed by hand: '0\.61%'", out), out
    assert re.search(r"nakash\.md:5: WARNING: a figure typed by hand: '98 deals in 1", out), out
    assert re.search(r"nakash\.md:7: ERROR: \{table-figure\}: \d+ rows of the table 'order' have a cell starting "
                     r"'A total'; name one row", out), out
    assert re.search(r"nakash\.md:7: ERROR: \{table-figure\}: the table 'order' has no column 'Chance'; its columns: "
                     r"'Place', 'Hand'", out), out


def test_a_rule_cited_before_a_worked_game_is_one_its_moves_rest_on(tmp_path):
    """Kendra Kari cited the rule of the play for going out: a {rule} in the words leading into a {deal} part
    must be a rule the engine cites for one of its moves, or the build fails at the part's line."""
    from engine import get_game

    src = deal_source(tmp_path)
    rules = "".join(f"```{{clause}} {cid}\n:summary: The rule.\nThe rule.\n```\n\n" for cid in get_game("kendra-kari").CLAUSES)

    def part(rule: str) -> str:
        return (f"# Kendra Kari\n\n{rules}The first moves, as told under {{rule}}`{rule}`.\n\n"
                "```{deal}\n:file: deals/kk.txt\n:to: 3\n:pictures: none\n:start-picture: no\n```\n")

    (src / "index.md").write_text(part("kk.out"))
    code, out = sphinx_build("-E", "-W", "--keep-going", "-q", "-b", "html", str(src), str(tmp_path / "bad"))
    assert code != 0
    assert re.search(r"index\.md:\d+: ERROR: \{deal\}: the paragraph before it \(line \d+\) cites \{rule\}`kk\.out`, a rule "
                     r"none of moves 1 to 3 rests on \(they rest on .*kk\.match", out), out
    (src / "index.md").write_text(part("kk.match"))
    code, out = sphinx_build("-E", "-W", "--keep-going", "-q", "-b", "html", str(src), str(tmp_path / "good"))
    assert code == 0, out


def test_a_stretch_of_a_worked_game_names_only_cards_its_moves_play_or_name(tmp_path):
    """Issue 41, the seventh reading: Traditional Ganjifa's stretch 71-82 left out the 8 of Kalki its moves cashed;
    a stretch line that names a card none of its moves plays or names fails at its line."""
    src = deal_source(tmp_path)

    def page(stretch: str) -> str:
        return ("# Kendra Kari\n\nThe first moves.\n\n```{deal}\n:file: deals/kk.txt\n:to: 4\n:pictures: none\n"
                f":start-picture: no\n\n1-4: {stretch}\n```\n")

    # Asha holds the 2 of Surkh, but no move of the four plays or names it
    (src / "index.md").write_text(page("Asha and Bela play Safed, and Dev the 8 of Taj; Asha's 2 of Surkh waits"))
    code, out = sphinx_build("-E", "-W", "--keep-going", "-q", "-b", "html", str(src), str(tmp_path / "bad"))
    assert code != 0
    assert re.search(r"index\.md:\d+: ERROR: \{deal\}: .*names the 2 of Surkh, which no move of 1 to 4 plays or "
                     r"names", out), out
    (src / "index.md").write_text(page("Asha and Bela play the 9 and the 8 of Safed, Chitra draws the 2 of Chang, "
                                       "and Dev plays the 8 of Taj"))
    code, out = sphinx_build("-E", "-W", "--keep-going", "-q", "-b", "html", str(src), str(tmp_path / "good"))
    assert code == 0, out


def test_a_comparison_is_made_from_its_test_and_one_typed_by_hand_fails(tmp_path):
    """Issue 42: a sentence that compares says only what its test shows. {sim-compare} chooses its words from
    the paired test (here careful players' game length against random players' on the same seeds), prints both
    figures and the difference's interval in the notes; a comparison typed by hand in a chapter's "How the game
    plays out" fails at its line, naming the word."""
    from engine.study.simulate import simulate
    from engine.study.verdict import Measure, against

    game = game_class("kendra-kari").from_text("")
    careful = simulate(game, 40, 1, ("heuristic",), per_game=True)
    loose = simulate(game, 40, 1, ("random",), per_game=True)
    verdict = against(careful, loose, Measure("moves", "games", False))
    expected = {1: "longer", -1: "shorter", 0: "as long"}[verdict.direction]
    role = ("{sim-compare}`longer|shorter|as long: moves per games @ kendra-kari games=40 bots=heuristic "
            "~ bots=random`")
    notes = f"# Notes\n\nSet beside random players, among careful players a game is {role}.\n"
    chapter = ("# Kendra Kari\n\n## How the game plays out\n\nAmong careful players.\n\n"
               f"- Set beside random players, among careful players a game is {role}.\n"
               "- Careful players play longer games than random ones.\n")
    code, out = build(tmp_path, {"rules/designers/kendra-kari": notes, "rules/kendra-kari": chapter})
    assert code != 0
    assert re.search(r"kendra-kari\.md:8: WARNING: \{sim-compare\}: 'Careful players play longer games than random "
                     r"ones\.' compares \('longer'\) with no test behind it", out), out
    assert "kendra-kari.md:7: WARNING" not in out, out
    printed = " ".join(text_of(tmp_path, "rules/designers/kendra-kari").split())
    found = re.search(rf"a game is {expected} \(([\d.]+) against ([\d.]+) actions a game; the difference,? "
                      r"([-+][\d.]+),", printed)
    assert found, printed
    first, second, difference = found.groups()
    assert abs(float(first) - verdict.first.value) < 0.5 and abs(float(second) - verdict.other.value) < 0.5
    # the figures are printed to the difference's decimals: the one taken from the other is the difference
    # printed, give or take the last digit's rounding
    last = 10 ** -len(difference.partition(".")[2])
    assert len(first.partition(".")[2]) >= len(difference.partition(".")[2]) <= len(second.partition(".")[2])
    assert abs(float(first) - float(second) - float(difference)) <= last + 1e-9
    assert f"a game is {expected}." in text_of(tmp_path, "rules/kendra-kari")  # the players' words only


def test_a_seat_sentence_tests_every_seat_and_a_bad_comparison_fails_in_one_line(tmp_path):
    from engine.study.simulate import simulate
    from engine.study.verdict import seats

    report = simulate(game_class("kendra-kari").from_text(""), 60, 1, ("random",), per_game=True)
    apart = [s.seat for s in seats(report) if s.direction]
    page = ("# Notes\n\nAmong random players, {sim-compare}`seats @ kendra-kari games=60 bots=random`.\n\n"
            "Among random players it is {sim-compare}`more|less|same: nothing / games @ kendra-kari games=60 "
            "bots=random ~ 1/2`.\n")
    code, out = build(tmp_path, {"rules/designers/kendra-kari": page})
    assert code != 0
    assert re.search(r"kendra-kari\.md:5: .*\{sim-compare\}: 'nothing' is not an event of Kendra Kari", out), out
    assert "Traceback" not in out
    printed = text_of(tmp_path, "rules/designers/kendra-kari")
    if apart:
        assert all(f"Player {s} wins" in printed for s in apart), printed
    else:
        assert "no seat's share of the wins differs from its fair share, a quarter, at the 5% level" in printed


def test_a_seat_sentence_after_a_comparison_keeps_its_own_words(tmp_path):
    """Issue 42, the statisticians' reading: every "Seats" sentence of the notes printed the comparison made before
    it (of another game too: Guru Ganjifa's chapter printed Traditional Ganjifa's figures), since the one role
    object kept the last test. A seat sentence after a comparison on another page says the seats, and the
    comparison its own words."""
    notes = ("# Notes\n\nAmong random players a game is {sim-compare}`longer|shorter|as long: moves per games @ "
             "kendra-kari games=40 bots=random ~ bots=heuristic`.\n")
    seats_page = ("# Sama notes\n\nAmong random players, {sim-compare}`seats @ sama games=40 bots=random`.\n")
    # (read after Kendra Kari's page: the pages are read in the order of their names)
    code, out = build(tmp_path, {"rules/designers/kendra-kari": notes, "rules/designers/sama": seats_page})
    printed = text_of(tmp_path, "rules/designers/sama")
    assert "actions a game" not in printed and "against" not in printed.partition("fair share")[0], printed
    assert ("no seat's share of the wins differs from its fair share" in printed or "Player " in printed), printed
    assert "actions a game; the difference" in text_of(tmp_path, "rules/designers/kendra-kari")


def test_one_set_up_is_played_once_in_the_book(tmp_path):
    """Issue 42: the notes' table and a sentence showed one set-up from different numbers of games (Shakti's
    limit "one game in 150" in the chapter, "1%" in the notes). A set-up shown in two places from different
    runs fails at the second place, naming the first."""
    notes = ("# Notes\n\n```{simulation}\n:game: kendra-kari\n:games: 30\n:bots: random\n:show: seats\n```\n")
    chapter = ("# Kendra Kari\n\n## How the game plays out\n\nAmong random players the stock runs out in "
               "{sim-figure}`game: stock-out / games @ kendra-kari games=40 bots=random`.\n")
    code, out = build(tmp_path, {"rules/designers/kendra-kari": notes, "rules/kendra-kari": chapter})
    assert code != 0
    assert re.search(r"kendra-kari\.md:5: WARNING: simulation: Kendra Kari, as its chapter plays it, players random "
                     r"is played here from (30|40) games from seed 1 and at .*kendra-kari\.md:\d+ from (30|40) games",
                     out), out
    (tmp_path / "ok").mkdir()
    chapter = chapter.replace("games=40", "games=30")
    code, out = build(tmp_path / "ok", {"rules/designers/kendra-kari": notes, "rules/kendra-kari": chapter})
    assert "setup-twice" not in out, out


def test_a_figure_typed_in_the_notes_fails_and_a_row_is_named_by_two_cells(tmp_path):
    """Issue 42: the notes' own figures are computed too ("a new deal comes about once in thirty deals" was
    typed); "95% intervals" says how sure a figure is and is no figure. A row of a table whose first cells repeat
    (Udvasa's hints: a kind of move, with stock left or used up) is named by two of its cells."""
    from book.directives.table_figure import cell

    page = ("# Notes\n\nThe figures, with their 95% intervals.\n\n"
            "A new deal comes about once in thirty deals.\n\n"
            "Building at once spoiled the deal in "
            "{table-figure}`udvasa hints: play a card to its build stack & used up | share lost` of the tries.\n")
    code, out = build(tmp_path, {"rules/designers/udvasa": page})
    assert code != 0
    assert re.search(r"udvasa\.md:5: WARNING: a figure typed by hand: 'once in thirty'", out), out
    assert "udvasa.md:3: WARNING" not in out, out
    expected = cell("udvasa hints: play a card to its build stack & used up | share lost")
    assert expected.endswith("%") and f"spoiled the deal in {expected} of the tries" in text_of(tmp_path, "rules/designers/udvasa")
