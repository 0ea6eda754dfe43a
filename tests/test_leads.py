"""book/leads.py: a sentence ending in a colon leads into what it promises (the eleventh reading: Kendra Kari's
"... across the ring on Position 2:" before a question drawn without its picture)."""

from __future__ import annotations

import re

from .test_directive_errors import build, line_of

INDEX = "# Book\n\n```{toctree}\nrules/x\n```\n"
QUESTION = ("```{{question}} May Bela bridge?\n:game: kendra-kari\n:options: players=4\n:names: Asha, Bela, Chitra, Dev\n"
            ":position: ring=1:9Sh 2:4Sh 3:4Gh 4:4Ba 5:8Ba 6:- 7:9Ta; last=5; turn=P2; P1=3Ta 5Ch RGh 2Ch VSu; "
            "P2=8Sh 6Ch 10Qi 10Ch; P3=1Ba 7Su 3Qi 9Ch; P4=7Gh 1Su 8Ch 3Sa; stock=20\n:ask: may Bela *8Sh\n"
            ":answer: yes\n{picture}```\n")


def test_a_colon_leading_into_nothing_or_an_unseen_table_fails_at_its_line(tmp_path):
    chapter = ("# X\n\n## Part\n\nThe cards lie so:\n\nAnd then more words.\n\n"
               "The table as it stands:\n\n" + QUESTION.format(picture=":picture: no\n") + "\n"
               "A list follows:\n\n- one\n- two\n\nDrawn this time:\n\n" + QUESTION.format(picture="") + "\n"
               "The end, with nothing after it:\n")
    code, out = build(tmp_path, INDEX, {"rules/x.md": chapter})
    assert code != 0
    found = re.findall(r"rules/x\.md:(\d+): WARNING: a sentence ending in a colon leads into ([a-z ]+)", out)
    assert [(int(n), what.strip()) for n, what in found] == [
        (line_of(chapter, "The cards lie so:"), "a paragraph"),
        (line_of(chapter, "The table as it stands:"), "a question drawn without its picture"),
        (line_of(chapter, "The end, with nothing"), "nothing")], out
