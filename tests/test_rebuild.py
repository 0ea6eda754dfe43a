"""Never fooled by a rebuild: a page whose example fails fails every build until it is fixed, also a plain
``sphinx-build`` without ``-E`` (as ``make serve`` and an editor's build run it), which reads again only the
pages that changed and would otherwise keep the failed page from its saved environment."""

from tests.test_directive_errors import CONF, sphinx_build

GOOD = ":answer: bet 1, bet 2, bet 3"
PAGE = """# Bets

```{{clause}} km.bet
:summary: Bet one to three stakes against the dealer.

Each player bets one to three stakes.
```

```{{question}} Bela bets first. What may she bet?
:game: komi
:options: players=4
:names: Asha, Bela, Chitra, Dev
:position: dealer=P1; turn=P2; P1=8Sh 2Ta 6Gh; P2=8Sa 3Ba 5Qi; P3=9Su VCh 1Qi; P4=10Ta 7Gh 1Ba
:ask: what may Bela play
{answer}
:clause: km.bet
:picture: no
```
"""


def test_a_failed_example_fails_every_build_until_it_is_fixed(tmp_path):
    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    (src / "conf.py").write_text(CONF)
    (src / "other.md").write_text("# Another page\n\nNothing to check.\n")
    page = src / "index.md"

    def build() -> tuple[int, str]:  # no -E: the environment of the last build is kept
        return sphinx_build("-W", "--keep-going", "-q", "-b", "html", str(src), str(out))

    page.write_text(PAGE.format(answer=":answer: bet 1, bet 2") + "\n```{toctree}\nother\n```\n")
    for attempt in range(3):  # the first build, then builds where nothing changed
        code, said = build()
        assert code != 0 and "the chapter says 'bet 1, bet 2'" in said, (attempt, said)
    page.write_text(PAGE.format(answer=GOOD) + "\n```{toctree}\nother\n```\n")
    code, said = build()
    assert code == 0, said
    code, said = build()  # fixed stays fixed
    assert code == 0, said
    (src / "other.md").write_text("# Another page\n\nChanged.\n")
    code, said = build()  # and another page's change reads only that page
    assert code == 0, said
