"""The game in a review: base and head played on the same seeds, compared as ``ganjifa compare`` compares variants.

First, cheaply, every game's fingerprint on each side (a hash of the moves and results of a few seeded games
at every player count, with random and careful players, and a hash of their words): a game whose
fingerprints agree plays the same on those seeds, whatever code changed. A game whose play differs is then
played many times on each side (the same seeds: game ``g`` of each side is dealt from the same seed, so the
outcomes are paired) and every measure is compared game by game, with :mod:`engine.study.compare`'s paired test,
Holm's correction over every test of the game, and 95% intervals: each seat's share of the wins, the game's
length, money per seat (stakes games), each event, and how often each rule comes into play (two-proportion
test: the clauses are counted over the games, not game by game); and the rules that now never come into play,
or come into play for the first time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...study.compare import ALPHA, holm, mean_interval, paired_p
from ...study.simulate import UNIT, figure, two_proportion_p, wilson

BOT_WORDS = {"random": "random players", "heuristic": "careful players"}


def fingerprint_changes(old: dict, new: dict) -> dict[str, dict]:
    """Per game present on both sides: ``{"play": [settings whose moves or results differ], "moves": [settings
    whose moves differ], "outcome": [settings whose moves agree and results differ], "words": [settings whose
    moves and results agree and words differ], "first": {clause: games}}``, ``first`` counting, for each
    clause, the seeded games whose first step that differs (a move, its words, or the result) cites it on
    both sides; games only on one side are ``{"added": True}`` / ``{"removed": True}``."""
    out = {}
    for game in sorted(set(old) | set(new)):
        if game not in old or game not in new:
            out[game] = {"added": game not in old, "removed": game not in new, "play": [], "moves": [], "outcome": [],
                         "words": [], "first": {}}
            continue
        fa, fb = old[game]["fingerprint"], new[game]["fingerprint"]
        keys = sorted(set(fa) | set(fb))
        play = [k for k in keys if (fa.get(k) or {}).get("play") != (fb.get(k) or {}).get("play")]
        moves = [k for k in play if (fa.get(k) or {}).get("moves", 0) != (fb.get(k) or {}).get("moves", 1)]
        outcome = [k for k in play if k not in moves]
        words = [k for k in sorted(set(fa) & set(fb)) if k not in play and fa[k]["words"] != fb[k]["words"]]
        first: dict[str, int] = {}
        for k in sorted(set(fa) & set(fb)):
            if k in play or k in words:
                for cid, n in first_difference_clauses(fa[k].get("steps", []), fb[k].get("steps", [])).items():
                    first[cid] = first.get(cid, 0) + n
        out[game] = {"play": play, "moves": moves, "outcome": outcome, "words": words, "first": first}
    return out


def first_difference_clauses(old: list[list[str]], new: list[list[str]]) -> dict[str, int]:
    """For each clause, how many seeded games' first step that differs cites it on both sides (each step is
    "HASH clause clause ...", the result's hash marked "="): the same rule applied with another outcome. A step
    that ends one side's game and goes on in the other's names no rule both apply.

    >>> first_difference_clauses([["a1 x.deal", "b2 x.play x.pay", "=c3 x.win"], ["a1 x.deal", "=c3 x.win"]],
    ...                          [["a1 x.deal", "b9 x.play", "=c3 x.win"], ["a1 x.deal", "=c4 x.win"]])
    {'x.play': 1, 'x.win': 1}
    >>> first_difference_clauses([["a1 x.deal", "=c3 x.end"]], [["a1 x.deal", "b2 x.match", "=c3 x.win"]])
    {}
    """
    found: dict[str, int] = {}
    for a, b in zip(old, new):
        for i in range(max(len(a), len(b))):
            sa, sb = (a[i] if i < len(a) else ""), (b[i] if i < len(b) else "")
            if sa.split(" ")[0] != sb.split(" ")[0]:
                if sa[:1] == sb[:1] or "=" not in (sa[:1], sb[:1]):  # both a step, or both the result
                    for cid in sorted(set(sa.split()[1:]) & set(sb.split()[1:])):
                        found[cid] = found.get(cid, 0) + 1
                break
    return found


@dataclass
class Measure:
    """One compared measure: old and new value with 95% intervals, the difference, p-values (raw, Holm)."""

    label: str
    old: float | None
    new: float | None
    old_interval: tuple[float, float] | None = None
    new_interval: tuple[float, float] | None = None
    p: float | None = None
    adjusted: float | None = None
    unit: str = ""  # "%" for shares (the values are fractions), "" for counts
    note: str = ""

    @property
    def significant(self) -> bool:
        return self.adjusted is not None and self.adjusted < ALPHA

    @property
    def effect(self) -> float:
        """How large the difference is, for ordering headlines: in standard units of the old interval's width."""
        if self.old is None or self.new is None:
            return 0.0
        scale = max(abs(self.old), abs(self.new), 1e-9) if self.unit != "%" else 1.0
        return abs(self.new - self.old) / scale

    def text(self, value: float | None, interval) -> str:
        if value is None:
            return "-"
        if self.unit == "%":
            shown = figure(100 * value, 1, "%")
            return shown + (f" ({100 * interval[0]:.1f}-{100 * interval[1]:.1f})" if interval else "")
        if self.unit == "measure":  # a designer's measure: its own scale, three figures, a signed interval
            return f"{value:.3g}" + (f" ({interval[0]:.3g} to {interval[1]:.3g})" if interval else "")
        shown = f"{value:+.2f}" if self.unit == "money" else f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}"
        if interval:
            shown += f" ({interval[0]:.1f} to {interval[1]:.1f})" if self.unit == "money" else \
                f" ({interval[0]:.1f}-{interval[1]:.1f})"
        return shown

    def as_json(self) -> dict:
        return {"measure": self.label, "old": self.old, "new": self.new,
                "old_interval": list(self.old_interval) if self.old_interval else None,
                "new_interval": list(self.new_interval) if self.new_interval else None,
                "p_value": self.p, "p_adjusted": self.adjusted, "significant": self.significant,
                "unit": self.unit or None, "note": self.note or None}


@dataclass
class SettingDiff:
    """One game at one setting (players, bots), played on both sides on the same seeds."""

    game: str
    players: int
    bots: str
    games: int
    measures: list[Measure] = field(default_factory=list)
    clauses: list[Measure] = field(default_factory=list)  # rule use: share of games citing each clause
    never: list[str] = field(default_factory=list)  # clauses that came up on the old side and no longer do
    first_time: list[str] = field(default_factory=list)  # clauses that come up now and never did
    error: str | None = None
    options: str = ""  # the options played, beyond the number of players (a worked game's: "rounds=4")

    @property
    def significant(self) -> list[Measure]:
        return sorted((m for m in self.measures + self.clauses if m.significant), key=lambda m: -m.effect)

    def as_json(self) -> dict:
        return {"game": self.game, "players": self.players, "options": self.options, "bots": self.bots,
                "games": self.games, "error": self.error,
                "measures": [m.as_json() for m in self.measures], "rule_use": [m.as_json() for m in self.clauses],
                "rules_never_in_play_now": self.never, "rules_in_play_for_the_first_time": self.first_time}


def _column(values, seat: int, players: int) -> list[float]:
    return [v / UNIT for v in values[seat::players]]


def compare_setting(a: dict, b: dict) -> SettingDiff:
    """The measures of one setting, old side ``a`` against new side ``b`` (the snapshot's ``play`` entries)."""
    d = SettingDiff(b.get("game") or a.get("game"), b.get("players") or a.get("players", 0), b["bots"], b["games"],
                    options=b.get("options", ""))
    if "error" in a or "error" in b:
        d.error = a.get("error") or b.get("error")
        return d
    n_a, n_b, games = a["players"], b["players"], b["games"]
    measures: list[Measure] = []
    for seat in range(max(n_a, n_b)):
        if seat >= n_a or seat >= n_b:
            continue
        wa, wb = _column(a["wins"], seat, n_a), _column(b["wins"], seat, n_b)
        sa, sb = math.fsum(wa) / games, math.fsum(wb) / games
        measures.append(Measure(f"Player {seat + 1} wins", sa, sb, wilson(math.fsum(wa), games), wilson(math.fsum(wb), games),
                                paired_p([y - x for x, y in zip(wa, wb)]), unit="%"))
    ma, mb = a["moves"], b["moves"]
    ia, ib = mean_interval(ma), mean_interval(mb)
    measures.append(Measure("Moves per game", ia[0], ib[0], ia[1:], ib[1:], paired_p([y - x for x, y in zip(ma, mb)])))
    if a.get("money") and b.get("money") and (any(a["money"]) or any(b["money"])):
        for seat in range(min(n_a, n_b)):
            xa, xb = a["money"][seat::n_a], b["money"][seat::n_b]
            ia, ib = mean_interval(xa), mean_interval(xb)
            measures.append(Measure(f"Player {seat + 1} money per game", ia[0], ib[0], ia[1:], ib[1:],
                                    paired_p([y - x for x, y in zip(xa, xb)]), unit="money"))
    for spec in sorted(set(a.get("measured") or {}) | set(b.get("measured") or {})):
        path, _, name = spec.rpartition(":")
        label = f"{name} ({path.rpartition('/')[2]}), per game"
        va, vb = (a.get("measured") or {}).get(spec), (b.get("measured") or {}).get(spec)
        if not isinstance(va, list) or not isinstance(vb, list):
            why = next((v["error"] for v in (va, vb) if isinstance(v, dict)), "not measured on one side")
            measures.append(Measure(label, None, None, note=f"not compared: {why}"))
            continue
        ka, kb = [v for v in va if v is not None], [v for v in vb if v is not None]
        pairs = [(x, y) for x, y in zip(va, vb) if x is not None and y is not None]
        ia = mean_interval(ka) if ka else (None, None, None)
        ib = mean_interval(kb) if kb else (None, None, None)
        measures.append(Measure(label, ia[0], ib[0], ia[1:] if ka else None, ib[1:] if kb else None,
                                paired_p([y - x for x, y in pairs]) if len(pairs) > 1 else None, unit="measure"))
    words = {**a.get("event_words", {}), **b.get("event_words", {})}
    for event, what in words.items():
        def seen(side, event=event):
            if event not in side["events"]:
                return None
            bit = 1 << side["events"].index(event)
            return [1.0 if mask & bit else 0.0 for mask in side["masks"]]
        ea, eb = seen(a), seen(b)
        share = lambda s: None if s is None else math.fsum(s) / games  # noqa: E731
        p = paired_p([y - x for x, y in zip(ea, eb)]) if ea is not None and eb is not None else None
        note = "" if ea is not None and eb is not None else ("a new event" if ea is None else "an event no longer counted")
        measures.append(Measure(f"Games with: {what}", share(ea), share(eb), None, None, p, unit="%", note=note))
    titles = {**a["clauses"], **b["clauses"]}
    rules: list[Measure] = []
    for cid, title in titles.items():
        ga, gb = a["clause_games"].get(cid, 0), b["clause_games"].get(cid, 0)
        if ga == gb == 0:
            continue
        m = Measure(f"Games using {cid} ({title})", ga / games, gb / games, wilson(ga, games), wilson(gb, games),
                    two_proportion_p(ga, games, gb, games), unit="%")
        if ga and not gb:
            d.never.append(cid)
            m.note = "no longer comes into play"
        elif gb and not ga:
            d.first_time.append(cid)
            m.note = "comes into play for the first time"
        rules.append(m)
    tested = [m for m in measures + rules if m.p is not None]
    for m, adj in zip(tested, holm([m.p for m in tested])):
        m.adjusted = adj
    d.measures, d.clauses = measures, sorted(rules, key=lambda m: -max(m.old or 0, m.new or 0))
    return d


def worked_settings(worked: dict[str, str], n: int, seed: int | str = 1) -> list[dict]:
    """The settings for games whose seeded games play the same but whose worked game plays or ends otherwise
    (``{game: the worked game's options}``): each at the worked game's options (its players, its rounds), with
    random and with careful players, ``n`` games each."""
    return [{"game": game, "options": options, "bots": kind, "games": n, "seed": seed}
            for game, options in worked.items() for kind in BOT_WORDS]


def settings_for(games: dict, changed: dict[str, list[str]], n: int, seed: int | str = 1) -> list[dict]:
    """The settings a review plays for the games whose play changed (``{game: ["3/random", ...]}``, the
    fingerprints that differ): each at its default number of players (on the new side) and, when the
    fingerprints differ only at another number, at the first such number too; with random and with careful
    players, ``n`` games each."""
    out = []
    for game, keys in changed.items():
        facts = games[game]
        counts = sorted({int(k.partition("/")[0]) for k in keys if k.partition("/")[0].isdigit()})
        default = facts["default_players"]
        chosen = [default] + ([counts[0]] if counts and default not in counts else [])
        for players in chosen:
            for kind in BOT_WORDS:
                out.append({"game": game, "options": f"players={players}" if facts["players"][0] != facts["players"][1]
                            else "", "bots": kind, "games": n, "seed": seed})
    return out
