"""chimera on Ray: distributed perft, the self-play of ``tune`` and ``train``, the
balance report, and ``match`` (the tester: a match, or an SPRT, spread over
the cluster).

Install with the extra: ``pip install ./python[ray]``. Every function takes
``ray_address``: ``None`` runs on the Ray instance already initialised in
this process (or starts a local one), ``"auto"`` joins the cluster this
machine belongs to (``ray start``), ``"ray://host:10001"`` a remote one.
Nothing here starts machines.

Both jobs are split into pure tasks (a variant's rules text, a position and
a seed in; numbers out): a task that Ray retries after a lost worker
computes the same answer again, and the driver adds each task's result once
— so a lost node loses no work and counts nothing twice, and the result
for a seed is the same on one process, one machine or a cluster.
``balance_report(..., ray_address=False)`` runs the same tasks in this
process, without Ray. Every ``progress`` is a callable as each function
says, or ``True`` for a line ``done/total`` on standard error.
"""

from __future__ import annotations

import math
import random
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from . import Variant, play_game

# ------------------------------------------------------------------ variants


def _spec(variant):
    """What a task needs to rebuild the variant anywhere: ("bundled", name)
    or ("text", rules text)."""
    if isinstance(variant, Variant):
        raise TypeError("pass a bundled name, a rules file's path or a VariantSpec, not a Variant")
    text = str(variant)
    if text in Variant.names():
        return ("bundled", text)
    path = Path(text)
    if "\n" not in text and path.is_file():
        return ("text", path.read_text())
    if "\n" in text:
        return ("text", text)
    return ("bundled", text)


def _progress(progress):
    """``progress`` as a callable or None: ``True`` prints ``done/total``
    (and the running score, if any) to standard error as work finishes;
    anything else that cannot be called is refused before the work starts
    (it used to be called, and raise, once the work was done)."""
    if progress is None or progress is False:
        return None
    if progress is True:
        import sys

        def show(done, total, line=""):
            print(f"{done}/{total}" + (f" {line}" if line else ""), file=sys.stderr, flush=True)

        return show
    if not callable(progress):
        raise TypeError(f"progress: a callable, True or None, not {progress!r}")
    return progress


_CACHE = {}


def _variant(spec):
    v = _CACHE.get(spec)
    if v is None:
        v = Variant.bundled(spec[1]) if spec[0] == "bundled" else Variant.from_text(spec[1])
        _CACHE[spec] = v
    return v


def _position(spec, fen, moves):
    v = _variant(spec)
    pos = v.position(fen) if fen else v.start()
    for m in moves:
        pos.make(m)
    return pos


# --------------------------------------------------------------------- perft


def perft_task(spec, fen, moves, depth):
    """Leaf count of the subtree after ``moves`` (pure: safe to retry)."""
    return _position(spec, fen, moves).perft(depth)


def split(spec, fen, split_depth):
    """The move sequences ``split_depth`` plies deep, as perft walks them:
    one task per subtree."""
    return _position(spec, fen, []).perft_prefixes(split_depth)


def _ray(ray_address):
    import ray

    if not ray.is_initialized():
        ray.init(address=ray_address, ignore_reinit_error=True, log_to_driver=False)
    return ray


def perft(variant, depth, *, fen=None, split_depth=None, ray_address=None, max_retries=3, progress=None):
    """Perft of ``variant`` (a bundled name, a rules file's path or its text)
    to ``depth``, split at ``split_depth`` plies into one Ray task per
    subtree. Exactly the single-process count. By default the tree is split
    at one ply where the position has at least 64 legal moves, else at two.
    ``progress(done, total)`` is called as tasks finish."""
    progress = _progress(progress)
    spec = _spec(variant)
    if split_depth is None:
        split_depth = 1 if _position(spec, fen, []).perft(1) >= 64 else 2
    if depth <= split_depth:
        return _position(spec, fen, []).perft(depth)
    prefixes = split(spec, fen, split_depth)
    ray = _ray(ray_address)
    task = ray.remote(max_retries=max_retries)(perft_task)
    spec_ref = ray.put(spec)
    refs = [task.remote(spec_ref, fen, p, depth - split_depth) for p in prefixes]
    total = 0
    done = 0
    waiting = list(refs)
    while waiting:
        ready, waiting = ray.wait(waiting, num_returns=min(len(waiting), 16))
        # Each task's result is read once, however often Ray ran it.
        total += sum(ray.get(ready))
        done += len(ready)
        if progress:
            progress(done, len(refs))
    return total


# ----------------------------------------------------------- balance report


def game_task(spec, seed, index, depth, random_plies, max_plies):
    """One self-play game, decided by (seed, index) alone: ``random_plies``
    seeded random moves to open, then chimera's engine at ``depth`` on both
    sides. Returns (winner 0/1/None, reason, plies)."""
    v = _variant(spec)
    rng_seed = seed * 1_000_003 + index
    moves_left = [random_plies]
    rng = random.Random(rng_seed)

    def opening_then_engine(pos):
        if moves_left[0] > 0:
            moves_left[0] -= 1
            return rng.choice(pos.legal_moves())
        return pos.best_move(depth=depth, hash_mb=1)["move"]

    game = play_game(v, opening_then_engine, opening_then_engine, max_plies=max_plies, seed=rng_seed)
    winner = game["result"]["winner"]
    start = v.start()
    first = start.side_to_move
    side = None if winner is None else (0 if winner == first else 1)
    return side, game["result"]["reason"], game["plies"]


@dataclass
class BalanceReport:
    """N self-play games between equal engines: who wins, how, how long."""

    variant: str
    games: int
    seed: int
    first_wins: int
    second_wins: int
    draws: int
    first_score: float
    first_score_margin: float
    draw_rate: float
    draw_rate_margin: float
    length_mean: float
    length_quartiles: tuple
    length_min: int
    length_max: int
    endings: dict = field(default_factory=dict)
    results: list = field(default_factory=list)

    def text(self):
        q1, med, q3 = self.length_quartiles
        endings = ", ".join(f"{k} {n}" for k, n in sorted(self.endings.items(), key=lambda x: -x[1]))
        return (
            f"{self.variant}: {self.games} games (seed {self.seed})\n"
            f"  first player: {self.first_wins} wins, {self.second_wins} losses, {self.draws} draws; "
            f"score {self.first_score:.3f} ± {self.first_score_margin:.3f} (95%)\n"
            f"  draw rate {self.draw_rate:.3f} ± {self.draw_rate_margin:.3f} (95%)\n"
            f"  length (plies): mean {self.length_mean:.1f}, min {self.length_min}, "
            f"quartiles {q1}/{med}/{q3}, max {self.length_max}\n"
            f"  endings: {endings}"
        )


def summarise(variant, seed, results):
    """The report of a list of (winner, reason, plies), in game order."""
    n = len(results)
    fw = sum(1 for w, _, _ in results if w == 0)
    sw = sum(1 for w, _, _ in results if w == 1)
    dr = n - fw - sw
    scores = [1.0 if w == 0 else 0.0 if w == 1 else 0.5 for w, _, _ in results]
    score = sum(scores) / n
    sd = statistics.pstdev(scores) if n > 1 else 0.0
    p = dr / n
    lengths = sorted(pl for _, _, pl in results)
    qs = statistics.quantiles(lengths, n=4, method="inclusive") if n > 1 else [lengths[0]] * 3
    endings = {}
    for _, reason, _ in results:
        endings[reason] = endings.get(reason, 0) + 1
    return BalanceReport(
        variant=str(variant),
        games=n,
        seed=seed,
        first_wins=fw,
        second_wins=sw,
        draws=dr,
        first_score=score,
        first_score_margin=1.96 * sd / math.sqrt(n),
        draw_rate=p,
        draw_rate_margin=1.96 * math.sqrt(p * (1 - p) / n),
        length_mean=sum(lengths) / n,
        length_quartiles=tuple(round(q, 1) for q in qs),
        length_min=lengths[0],
        length_max=lengths[-1],
        endings=endings,
        results=list(results),
    )


def balance_report(
    variant,
    games=200,
    *,
    seed=1,
    depth=2,
    random_plies=4,
    max_plies=300,
    ray_address=None,
    max_retries=3,
    progress=None,
):
    """Plays ``games`` self-play games of ``variant`` (seeded random opening
    moves, then equal engines) and reports the first player's score, the
    draw rate (both with 95% margins), the distribution of game lengths and
    how the games ended. ``ray_address=False`` plays them in this process;
    otherwise one Ray task a game. The same ``seed`` gives the same report
    either way. ``progress(done, total)`` is called as games finish."""
    progress = _progress(progress)
    spec = _spec(variant)
    args = (depth, random_plies, max_plies)
    if ray_address is False:
        results = []
        for i in range(games):
            results.append(game_task(spec, seed, i, *args))
            if progress:
                progress(i + 1, games)
        return summarise(variant, seed, results)
    ray = _ray(ray_address)
    task = ray.remote(max_retries=max_retries)(game_task)
    spec_ref = ray.put(spec)
    refs = [task.remote(spec_ref, seed, i, *args) for i in range(games)]
    index = {r: i for i, r in enumerate(refs)}
    results = [None] * games
    waiting = list(refs)
    done = 0
    while waiting:
        ready, waiting = ray.wait(waiting, num_returns=1)
        for r in ready:
            results[index[r]] = ray.get(r)
            done += 1
        if progress:
            progress(done, games)
    return summarise(variant, seed, results)


# ---------------------------------------------------------------------- tune


def tune_task(spec, games, nodes, max_plies, random_plies, seed, weights_text):
    """The self-play games numbered ``games`` of ``chimera tune --seed seed``
    (pure: each game is decided by its number and the seed; safe to retry).
    ``weights_text``: a weights file's text to start from, or None."""
    v = _variant(spec)
    path = None
    if weights_text is not None:
        import os
        import tempfile

        fd, path = tempfile.mkstemp(suffix=".weights.toml")
        with os.fdopen(fd, "w") as f:
            f.write(weights_text)
    try:
        return v.self_play(
            games, nodes=nodes, max_plies=max_plies, random_plies=random_plies, seed=seed, weights=path
        )
    finally:
        if path is not None:
            Path(path).unlink(missing_ok=True)


@dataclass
class TuneReport:
    """What ``tune`` found: the weights file's text and the fit's figures."""

    variant: str
    games: int
    outcomes: list
    positions: int
    loss_before: float
    loss_after: float
    held_out_before: float
    held_out_after: float
    scale: float
    text: str

    def write(self, path):
        """Writes the weights file (name it in the rules file's ``[engine]
        weights`` or use it as ``engine:weights=FILE``)."""
        Path(path).write_text(self.text)


def tune(
    variant,
    games=200,
    *,
    nodes=2000,
    max_plies=300,
    random_plies=6,
    seed=1,
    iterations=2000,
    weights=None,
    chunk=4,
    ray_address=None,
    max_retries=3,
    progress=None,
):
    """``chimera tune`` with its self-play games spread over Ray: ``games``
    games at ``nodes`` nodes a move (the options and defaults of ``chimera
    tune``), ``chunk`` games a task, then the fit in this process. The
    fitted weights are the same for a seed on one process
    (``ray_address=False``), one machine or a cluster — and the same as
    ``chimera tune`` writes with those options. ``weights``: a weights file
    to start from. ``progress(done, total)`` is called as games finish."""
    progress = _progress(progress)
    spec = _spec(variant)
    weights_text = Path(weights).read_text() if weights else None
    numbers = list(range(games))
    chunks = [numbers[i : i + max(1, chunk)] for i in range(0, games, max(1, chunk))]
    args = (nodes, max_plies, random_plies, seed, weights_text)
    parts = [None] * len(chunks)
    done = 0
    if ray_address is False:
        for i, c in enumerate(chunks):
            parts[i] = tune_task(spec, c, *args)
            done += len(c)
            if progress:
                progress(done, games)
    else:
        ray = _ray(ray_address)
        task = ray.remote(max_retries=max_retries)(tune_task)
        spec_ref = ray.put(spec)
        refs = [task.remote(spec_ref, c, *args) for c in chunks]
        index = {r: i for i, r in enumerate(refs)}
        waiting = list(refs)
        while waiting:
            ready, waiting = ray.wait(waiting, num_returns=1)
            for r in ready:
                # Each chunk is kept once, however often Ray ran it.
                parts[index[r]] = ray.get(r)
                done += len(chunks[index[r]])
            if progress:
                progress(done, games)
    samples = [s for p in parts for s in p["samples"]]
    outcomes = [sum(p["outcomes"][k] for p in parts) for k in range(3)]
    v = _variant(spec)
    comment = (
        f"Evaluation weights for {v.name} by chimera.distributed.tune ({games} self-play games at "
        f"{nodes} nodes a move, seed {seed}). Name this file in the rules file\n"
        f'([engine] weights = "...") or use it as engine:weights=FILE.'
    )
    with_path = None
    if weights_text is not None:
        with_path = weights
    f = v.fit(samples, iterations=iterations, weights=with_path, comment=comment)
    return TuneReport(
        variant=v.name,
        games=games,
        outcomes=outcomes,
        positions=f["positions"],
        loss_before=f["loss_before"],
        loss_after=f["loss_after"],
        held_out_before=f["held_out_before"],
        held_out_after=f["held_out_after"],
        scale=f["scale"],
        text=f["text"],
    )


# --------------------------------------------------------------------- train


def train_task(chimera_bin, name, rules_text, args, chunk, network_bytes):
    """Plays data file number ``chunk`` of ``chimera train`` with ``args``
    (``--chunks K..K+1 --play-only``) and returns ``(file name, text)``.
    Pure: each game is decided by its number, the seed and the node limit,
    so a retried task writes the same file."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        rules = Path(d) / f"{name}.toml"
        rules.write_text(rules_text)
        extra = []
        if network_bytes is not None:
            net = Path(d) / "from.nnue"
            net.write_bytes(network_bytes)
            extra = ["--from", str(net)]
        run = Path(d) / "run"
        out = subprocess.run(
            [chimera_bin, "train", str(rules), "--dir", str(run), *args, *extra,
             "--chunks", f"{chunk}..{chunk + 1}", "--play-only", "--threads", "1"],
            capture_output=True,
            text=True,
        )
        if out.returncode != 0:
            raise RuntimeError(f"chimera train failed ({out.returncode}): {out.stderr.strip()}")
        files = sorted((run / "data").glob("games-*.txt"))
        if len(files) != 1:
            raise RuntimeError(f"chimera train --play-only left {len(files)} data files, not one")
        return files[0].name, files[0].read_text()


def train(
    rules,
    directory,
    games=1000,
    *,
    nodes=5000,
    chunk_games=50,
    random_plies=8,
    max_moves=400,
    seed=1,
    from_network=None,
    hidden=128,
    epochs=20,
    lambda_=1.0,
    chimera_bin=None,
    ray_address=None,
    max_retries=3,
    progress=None,
):
    """``chimera train`` with its self-play spread over a Ray cluster: each
    data file (``chunk_games`` games) is a task run by the ``chimera``
    command on whichever node takes it; the files come back to
    ``directory/data`` (a file there already is not played again, and a
    retried task's file replaces nothing: nothing is counted twice), then
    the network is trained here by ``chimera train`` on all of them, with the
    options and defaults of the command. ``from_network``: a network file the
    games are played with. ``progress(done, total)`` is called as files
    arrive. Returns the JSON summary ``chimera train --json`` prints."""
    progress = _progress(progress)
    import json
    import subprocess

    binary = _chimera_binary(chimera_bin)
    rules = Path(rules)
    directory = Path(directory)
    data = directory / "data"
    data.mkdir(parents=True, exist_ok=True)
    play_args = [
        "--games", str(games), "--chunk-games", str(chunk_games), "--nodes", str(nodes),
        "--random-plies", str(random_plies), "--max-moves", str(max_moves), "--seed", str(seed),
    ]
    count = (games + chunk_games - 1) // chunk_games

    def name_of(k):
        return f"games-{k * chunk_games:06d}-{min((k + 1) * chunk_games, games):06d}.txt"

    missing = [k for k in range(count) if not (data / name_of(k)).exists()]
    if missing:
        network_bytes = Path(from_network).read_bytes() if from_network else None
        ray = _ray(ray_address)
        task = ray.remote(max_retries=max_retries)(train_task)
        rules_text = rules.read_text()
        refs = {task.remote(binary, rules.stem, rules_text, play_args, k, network_bytes): k for k in missing}
        waiting = list(refs)
        done = count - len(missing)
        while waiting:
            ready, waiting = ray.wait(waiting, num_returns=1)
            for r in ready:
                name, text = ray.get(r)
                target = data / name
                if not target.exists():
                    partial = target.with_suffix(".partial")
                    partial.write_text(text)
                    partial.rename(target)
                done += 1
            if progress:
                progress(done, count)
    cmd = [binary, "train", str(rules), "--dir", str(directory), *play_args,
           "--hidden", str(hidden), "--epochs", str(epochs), "--lambda", str(lambda_), "--json"]
    if from_network:
        cmd += ["--from", str(from_network)]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"chimera train failed ({out.returncode}): {out.stderr.strip()}")
    return json.loads(out.stdout.strip().splitlines()[-1])


# --------------------------------------------------------------------- match


def _chimera_binary(chimera_bin):
    import os
    import shutil

    binary = chimera_bin or os.environ.get("CHIMERA_BIN") or shutil.which("chimera")
    if not binary:
        raise FileNotFoundError(
            "the chimera command is needed on every node: give chimera_bin=, set CHIMERA_BIN, "
            "or put chimera on the PATH (cargo install --path .)"
        )
    return binary


def match_task(chimera_bin, name, rules_text, args, start, end):
    """Plays pairs ``start`` to ``end - 1`` of the match ``args`` describes
    (``chimera match --pairs START..END --json``) and returns the games'
    JSON lines. Pure for players without a clock or time (each game is
    decided by its number and the seed); a retried task's games replace its
    first run's, never add to them."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        rules = Path(d) / f"{name}.toml"
        rules.write_text(rules_text)
        out = subprocess.run(
            [chimera_bin, "match", str(rules), *args, "--pairs", f"{start}..{end}", "--json"],
            capture_output=True,
            text=True,
        )
    if out.returncode != 0:
        raise RuntimeError(f"chimera match failed ({out.returncode}): {out.stderr.strip()}")
    return [line for line in out.stdout.splitlines() if '"game"' in line]


@dataclass
class MatchReport:
    """A match played over Ray: its games' JSON lines (one per game, in
    order of their numbers) and the summary ``chimera match --tally`` makes
    of them — word for word what a local ``chimera match`` prints."""

    games: list
    summary: dict
    text: str

    @property
    def played(self):
        return len(self.games)


def _tally(chimera_bin, rules, args, games, as_json):
    import subprocess
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        f.write("\n".join(games) + "\n")
        path = f.name
    try:
        cmd = [chimera_bin, "match", str(rules), *args, "--tally", path]
        if as_json:
            cmd.append("--json")
        out = subprocess.run(cmd, capture_output=True, text=True)
    finally:
        Path(path).unlink(missing_ok=True)
    if out.returncode != 0:
        raise RuntimeError(f"chimera match --tally failed: {out.stderr.strip()}")
    return out.stdout


def match(
    rules,
    a="engine:depth=2",
    b="random",
    games=200,
    *,
    sprt=None,
    seed=1,
    random_plies=2,
    balance=100,
    tc=None,
    max_moves=600,
    pairs_per_task=2,
    in_flight=None,
    chimera_bin=None,
    ray_address=None,
    max_retries=3,
    progress=None,
):
    """``chimera match`` spread over a Ray cluster: the match's pairs in
    tasks of ``pairs_per_task`` pairs, each played by the ``chimera``
    command on whichever node runs it (``chimera_bin``, else ``CHIMERA_BIN``
    or the PATH; every node needs it). ``rules`` is a rules file's path
    (its text is sent to the nodes; its name is the variant's for external
    engines). The options are ``chimera match``'s; ``sprt`` is its
    ``elo0=…,elo1=…``: then at most ``in_flight`` tasks run at once
    (default: twice the cluster's CPUs) and no new one starts once the test
    decides. A worker lost mid-run has its tasks run again by Ray
    (``max_retries``); each task's games are kept once, under their game
    numbers, so nothing is counted twice or lost. The summary is
    ``chimera match --tally`` of the games: the same text and figures a
    local run of those games prints. ``progress(done, total, line)`` is
    called as tasks finish, ``line`` the running score."""
    progress = _progress(progress)
    import json

    binary = _chimera_binary(chimera_bin)
    rules = Path(rules)
    rules_text = rules.read_text()
    args = [
        "--a", a, "--b", b, "--games", str(games), "--seed", str(seed),
        "--random-plies", str(random_plies), "--balance", str(balance), "--max-moves", str(max_moves),
    ]
    if tc:
        args += ["--tc", str(tc)]
    if sprt:
        args += ["--sprt", sprt]
    pairs = (games + 1) // 2
    step = max(1, pairs_per_task)
    chunks = [(i, min(i + step, pairs)) for i in range(0, pairs, step)]
    ray = _ray(ray_address)
    task = ray.remote(max_retries=max_retries)(match_task)
    limit = in_flight or max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
    if not sprt:
        limit = len(chunks)
    results = {}
    pending = list(chunks)
    running = {}
    decided = False
    while pending or running:
        while pending and len(running) < limit and not decided:
            c = pending.pop(0)
            running[task.remote(binary, rules.stem, rules_text, args, *c)] = c
        if not running:
            break
        ready, _ = ray.wait(list(running), num_returns=1)
        for r in ready:
            c = running.pop(r)
            # One result a task, however often Ray ran it.
            results[c] = ray.get(r)
        games_so_far = [g for c in sorted(results) for g in results[c]]
        line = ""
        if sprt or progress:
            s = json.loads(_tally(binary, rules, args, games_so_far, True))
            line = (
                f"A {s['wins']}-{s['draws']}-{s['losses']}"
                + (f", LLR {s['sprt']['llr']:.2f}" if s.get("sprt") else "")
            )
            if s.get("sprt") and s["sprt"]["verdict"] in ("H0", "H1"):
                decided = True
        if progress:
            progress(len(results), len(chunks), line)
    games_played = [g for c in sorted(results) for g in results[c]]
    summary = json.loads(_tally(binary, rules, args, games_played, True))
    text = _tally(binary, rules, args, games_played, False)
    return MatchReport(games=games_played, summary=summary, text=text)


__all__ = [
    "BalanceReport",
    "MatchReport",
    "match",
    "match_task",
    "TuneReport",
    "balance_report",
    "game_task",
    "perft",
    "perft_task",
    "split",
    "summarise",
    "train",
    "train_task",
    "tune",
    "tune_task",
]
