"""The commands that play many games: ``ganjifa simulate`` (one game's statistics) and ``ganjifa compare``
(variants played on the same seeds, side by side, with paired tests), and how their tables are printed."""

from __future__ import annotations

import sys

from .outputs import check_distinct_outputs, check_output_path


def run_simulate(args) -> int:
    """``ganjifa simulate`` and ``ganjifa compare``: many seeded games of one or more variants, their tables printed
    and, on request, written as JSON, CSV and a plot."""
    import json
    import os

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
    from rich.table import Table

    from ..players.bots import make_bot
    from ..errors import OptionError
    from ..files import write_text
    from ..protocol import parse_options
    from ..registry import game_class
    from ..shuffle import parse_seed
    from ..study.simtables import clause_rows, rows, to_json
    from ..study.simulate import SimulationInterrupted, simulate

    comparing = args.command == "compare"
    if args.games < 1 or args.games > 100_000_000:
        raise OptionError(f"--games takes 1 to 100,000,000 games, not {args.games}")
    if comparing and args.games > MAX_PAIRED:  # each variant's games are kept, game by game, to be paired
        raise OptionError(f"compare pairs every game of every variant and keeps them in memory: --games takes "
                          f"1 to {MAX_PAIRED:,} games, not {args.games:,}")
    cls = game_class(args.game)
    seed = parse_seed(args.seed)
    most = max(64, 8 * (os.cpu_count() or 1))
    if args.workers is not None and not 1 <= args.workers <= most:
        raise OptionError(f"--workers takes 1 to {most} worker processes (leave it out for every core), "
                          f"not {args.workers:,}")
    workers = args.workers or os.cpu_count() or 1
    base = " ".join(args.options)
    if args.players is not None:
        if "players" in parse_options(base):
            raise OptionError("players given twice: write --players N or players=N, not both")
        base = f"{base} players={args.players}"
    variants = getattr(args, "variant", None) or [""]
    setups = []
    for text in variants:
        words = text.split()
        lineup = [w.partition("=")[2] for w in words if w.startswith("bots=")]  # bots=heuristic,random,...
        chosen = [w.partition("=")[2] for w in words if w.startswith("game=")]  # game=./my_kk.py:SevenCards
        options = parse_options(base)
        options.update(parse_options(" ".join(w for w in words if not w.startswith(("bots=", "game=")))))
        bots = lineup[-1] if lineup else args.bots
        game = (game_class(chosen[-1]) if chosen else cls).from_options(options)
        kinds = tuple(k.strip() for k in bots.split(","))
        if len(kinds) not in (1, game.players):  # as play refuses it: never silently cycled
            raise OptionError(f"{len(kinds)} bots ({bots}) for {game.players} players"
                              + (f" in variant {text!r}" if text else "") + ": give one kind, or one per seat")
        for kind in kinds:
            make_bot(kind)  # an unknown bot is refused before any game is played
        from ..study.alike import ALIKE_GAMES, refuse_changes_that_change_nothing

        refuse_changes_that_change_nothing(game, seed, kinds, min(args.games, ALIKE_GAMES))
        label = text or base or "as given"
        if chosen:  # a variant file: its title, not its path
            label = " ".join([type(game).title, *(w for w in words if not w.startswith("game="))])
        setups.append((label, game, kinds))
    from ..study.measures import load as load_measure

    own = [load_measure(spec) for spec in (getattr(args, "measure", None) or [])]  # refused before any game
    if args.scheduler is not None:  # its form now; whether it answers, when the games start
        from ..study.simulate import check_scheduler

        check_scheduler(args.scheduler)
    outputs = ((args.json, "--json"), (args.csv, "--csv"), (args.plot, "--plot"))
    check_distinct_outputs(outputs)
    for path, what in outputs:
        if path:
            check_output_path(path, what, args.force)
    if args.plot:
        from ..study.compare import PLOT_FORMATS

        if os.path.splitext(args.plot)[1].lower() not in PLOT_FORMATS:
            raise OptionError(f"--plot {args.plot}: end the file's name with the picture's format, "
                              f"{', '.join(PLOT_FORMATS[:-1])} or {PLOT_FORMATS[-1]}")
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise OptionError("--plot needs matplotlib: pip install matplotlib") from None
    err = Console(stderr=True)
    reports = []
    partial = None  # Ctrl-C during simulate: the games finished by then, reported and marked so
    for label, game, bots in setups:
        with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task(f"{game.title} {label}", total=args.games)
            try:
                reports.append(simulate(game, args.games, seed, bots, workers=workers, scheduler=args.scheduler,
                                        progress=lambda done, task=task: bar.update(task, completed=done),
                                        per_game=comparing or _wants_money(game, args.games)))
            except SimulationInterrupted as stop:
                if comparing or stop.report is None:  # variants compare on the same games: no partial pairing
                    raise
                reports.append(stop.report)
                partial = stop
    if partial is not None:
        print(f"ganjifa: interrupted after {partial.report.games:,} of {partial.asked:,} games; the report below "
              "is of those games only (PARTIAL), and no file is written", file=sys.stderr)
        args.json = args.csv = args.plot = None
        args.games = partial.report.games
    labels = [label for label, _, _ in setups]
    measured = []
    if own:
        from ..study.measures import measure_games

        measured = [(m.label, [measure_games(m, r.game, seed, r.bots, args.games) for r in reports]) for m in own]
    out = _PipeConsole()
    first = reports[0]
    from ..study.rule_use import RULE_USE_GAMES, rule_use

    # what each rule does, cited or not (a rule that forbids is cited by no move made): the first games replayed
    uses = [rule_use(r.game, seed, r.bots, min(args.games, RULE_USE_GAMES)) for r in reports]
    # the files first: a reader that stops reading the table (| head) leaves them whole
    written = []
    if args.json:  # whole or not at all: an interrupted run leaves no half-written file
        data = to_json(reports, labels)
        for entry, r, (tried, acted) in zip(data["reports"], reports, uses):
            entry["game"] = getattr(type(r.game), "spec", r.game.name)
            entry["rule_use_games"] = tried
            for c, counts in entry["clauses"].items():
                counts["acts_games"] = acted[c]  # of the first rule_use_games games
        if comparing:
            from ..study.compare import compare_rows

            data["comparison"] = [{"label": row.label, "measure": row.measure, "seat": row.seat,
                                   "values": [c.value for c in row.cells], "low": [c.low for c in row.cells],
                                   "high": [c.high for c in row.cells], "text": [c.text for c in row.cells],
                                   "p_values": list(row.p_values), "p_adjusted": list(row.adjusted), "test": row.test}
                                  for row in compare_rows(reports, fair=True, per_game=True, measures=measured)]
        write_text(args.json, json.dumps(data, indent=1) + "\n")
        written.append(args.json)
    if args.csv:
        from ..study.compare import tidy_csv

        write_text(args.csv, tidy_csv(reports, labels, uses=uses))
        written.append(args.csv)
    if args.plot:
        from ..study.compare import plot

        plot(reports, labels, args.plot)
        written.append(args.plot)
    if comparing:
        _print_comparison(out, reports, labels, args.games, seed, uses, measured)
    else:
        from ..study.compare import single_rows

        table = Table(title=f"{first.game.title}: {args.games:,} games per column, seed {seed}; "
                            f"{bots_words(first.bots)}")
        table.add_column("")
        table.add_column(labels[0], justify="right")
        numbers = single_rows(first)
        unfair = {row.seat for row in numbers if row.measure == "win share" and row.significant(0)}
        for row in rows(reports):
            seat = int(row.label.split()[1]) if row.label.startswith("Player ") and row.label.endswith(" wins") else None
            table.add_row(row.label, *(v + (" *" if seat in unfair else "") for v in row.values))
        for row in numbers:
            if row.measure == "money per game":
                table.add_row(row.label, row.cells[0].text)
        out.print(table)
        n = first.game.players
        out.print((f"* this seat's share of the wins differs from its fair share ({100 / n:.1f}% of {n}) at the 5% "
                   "level" if unfair else f"No seat's share of the wins differs from its fair share ({100 / n:.1f}% of "
                   f"{n}) at the 5% level") + " (z-tests, Holm's correction for the seats).")
        tried, acted = uses[0]
        clauses = Table(title=f"How often each rule comes into play: acts in (of the first {tried:,} games: cited, "
                              "deciding, dealing, or refusing a move a player could try); cited in (of every game); "
                              "citations per game")
        clauses.add_column("clause")
        clauses.add_column("rule")
        clauses.add_column("acts in", justify="right")
        clauses.add_column("cited in", justify="right")
        clauses.add_column("per game", justify="right")
        for cid, ctitle, share, per_game in clause_rows(first):
            clauses.add_row(cid, ctitle, f"{100 * acted[cid] / max(tried, 1):.0f}%", f"{100 * share:.1f}%",
                            f"{per_game:.2f}")
        out.print(clauses)
    for path in written:
        out.print(f"wrote {path}")
    if partial is not None:
        out.print(f"PARTIAL: {partial.report.games:,} of the {partial.asked:,} games asked for (interrupted)")
        from ..errors import INTERRUPTED

        return INTERRUPTED
    return 0


MAX_PAIRED = 2_000_000  # games a variant in compare (about 80 bytes a game kept)


def _pipe_console_class():
    from rich.console import Console

    class PipeConsole(Console):
        """rich's Console, but a reader gone away (``| head``) is a BrokenPipeError, which ends the command
        quietly (status 0), not rich's exit with status 1."""

        def on_broken_pipe(self) -> None:
            raise BrokenPipeError

    return PipeConsole


def _PipeConsole(**kwargs):
    return _pipe_console_class()(**kwargs)


BOT_WORDS = {"random": "random (each move chosen at random among those allowed)",
             "heuristic": "heuristic (the careful player of play and hint)"}


def bots_words(bots) -> str:
    """Which bots played, in words: ``bots: random at every seat (...)`` or one per seat."""
    kinds = list(bots)
    if len(set(kinds)) == 1:
        kind = kinds[0]
        return f"bots: {BOT_WORDS.get(kind, kind)} at every seat"
    return "bots: " + ", ".join(f"{kind} (Player {i + 1})" for i, kind in enumerate(kinds))


def _wants_money(game, games: int) -> bool:
    """simulate shows money per seat for a stakes game, from each game's outcome kept (up to MAX_PAIRED games)."""
    from ..study.simgames import stakes_game

    return stakes_game(game) and games <= MAX_PAIRED


def _print_comparison(out, reports, labels, games: int, seed, uses, measured=()) -> None:
    from rich.table import Table

    from ..study.compare import alike, clause_table, compare_rows, difference_text

    first = reports[0]
    table = Table(title=f"{first.game.title}: {games:,} games per variant, the same seeds, seed {seed}")
    table.add_column("")
    for label, r in zip(labels, reports):
        table.add_column(f"{label}\n{r.game.players} players, bots {','.join(r.bots)}", justify="right")
    significant = False
    rows = compare_rows(reports, fair=True, per_game=True, measures=measured)
    for row in rows:
        cells = []
        for i, cell in enumerate(row.cells):
            text = cell.text
            if row.significant(i):
                text += " *"
                significant = True
            diff = difference_text(row, i)
            cells.append(f"{text}\nΔ {diff}" if diff else text)
        table.add_row(row.label, *cells)
    for i in alike(reports):  # a variant that changes nothing here: one line, before the table
        print(f"ganjifa: variant {labels[i]!r} plays exactly like {labels[0]!r} in every one of the {games:,} "
              "games: the same moves and outcome, game by game; it changes nothing here", file=sys.stderr)
    out.print(table)
    tests = len([p for row in rows for p in row.p_values if p is not None])
    same = len({r.game.players for r in reports}) == 1
    note = ((f"games paired by seed; paired z-tests" if same else "games paired by seed where a variant has the "
             "first's number of players, z-tests of two independent samples where it has another")
            + f", Holm's correction for the {tests} tests of this table; the brackets are each figure's own 95% "
              "interval, not corrected, so a difference whose interval leaves out zero may still carry no *"
            + ("; each seat also tested against its fair share (1/players), in every column" if same else
               "; with different numbers of players each seat's share is set against its fair share (1/players)"))
    out.print(f"* differs from the first column at the 5% level; in the rows of points over the fair share, a seat "
              f"whose share differs from its fair share ({note})."
              if significant else f"No difference is significant at the 5% level ({note}).")
    kinds = sorted({k for r in reports for k in r.bots})
    out.print("Bots: " + "; ".join(BOT_WORDS.get(k, k) for k in kinds) + ".")
    tried = max(t for t, _ in uses)
    clauses = Table(title=f"How often each rule comes into play, per variant: acts in (of the first {tried:,} games: "
                          "cited, deciding, dealing, or refusing a move a player could try) / cited in (of every game); "
                          "citations per game")
    clauses.add_column("clause")
    clauses.add_column("rule")
    for label in labels:
        clauses.add_column(label, justify="right")
    for cid, title, cells in clause_table(reports):
        clauses.add_row(cid, title, *("-" if c is None else
                                      f"{100 * acted[cid] / max(n, 1):.0f}% / {100 * c[0]:.1f}%; {c[1]:.2f}"
                                      for c, (n, acted) in zip(cells, uses)))
    out.print(clauses)
