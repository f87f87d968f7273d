"""``saboteur journal``: a tournament journal's result so far, as the tournament prints it, with
the paired comparison of two bots (it replaced scripts/ladder.py and scripts/paired_journal.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from saboteur.cli import cli


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def _tournament(journal: Path, *extra: str) -> dict[str, object]:
    args = ["tournament", "--players", "3", "--bots", "heuristic,random", "--seed", "4"]
    done = _run(*args, "--workers", "1", "--json", "--out", str(journal), *extra)
    assert done.exit_code == 0, done.output
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_a_finished_journal_gives_the_tournament_s_own_result(tmp_path: Path) -> None:
    journal = tmp_path / "t.jsonl"
    played = _tournament(journal, "--games", "6")
    paired = played["paired_difference"]
    assert isinstance(paired, dict)
    assert paired["of"] == ["heuristic", "random"] and paired["blocks"] == 3
    with journal.open("a", encoding="utf-8") as out:
        out.write('{"game": 6, "seats": [')  # a line cut short by an interruption: left out
    before = journal.read_bytes()
    done = _run("journal", str(journal), "--json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.output) == played
    assert journal.read_bytes() == before  # read, not repaired or written
    text = _run("journal", str(journal)).output
    assert "6 games, 3 players, classic (seed 4), from t.jsonl" in text
    assert "heuristic minus random, paired over 3 deals" in text
    digger = paired["digger"]
    assert f"as digger: {100 * digger[0]:+.1f} points ({100 * digger[1]:+.1f} to" in text


def test_a_tournament_run_again_with_more_games_extends_its_journal(tmp_path: Path) -> None:
    """The same tournament with a larger ``--games`` into the same journal keeps the games in it
    and plays on: the same result and lines as the larger tournament played at once (its first
    line now planning the larger number)."""
    at_once, extended = tmp_path / "once.jsonl", tmp_path / "extended.jsonl"
    whole = _tournament(at_once, "--games", "6")
    _tournament(extended, "--games", "4")
    kept = extended.read_text(encoding="utf-8").splitlines()
    assert _tournament(extended, "--games", "6") == whole
    lines = extended.read_text(encoding="utf-8").splitlines()
    assert lines[1 : len(kept)] == kept[1:] and len(lines) == 1 + 6
    assert [json.loads(text[0])["tournament"]["games"] for text in (kept, lines)] == [4, 6]

    def games(path: Path) -> list[tuple[int, object]]:
        played = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
        return sorted((game["game"], game["outcomes"]) for game in played)

    assert games(extended) == games(at_once)


def test_an_interrupted_tournament_resumes_from_its_journal_alone(tmp_path: Path) -> None:
    """``tournament --resume FILE`` takes ruleset, players, options, bots, seed and the games
    planned from the journal: interrupted after three games, it plays the other three and
    gives the result of the six played at once; ``--games`` plans more (and says so in the
    journal)."""
    at_once, resumed = tmp_path / "once.jsonl", tmp_path / "resumed.jsonl"
    whole = _tournament(at_once, "--games", "6", "--option", "rounds=1")
    lines = at_once.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["tournament"]["games"] == 6
    resumed.write_text("\n".join(lines[:4]) + "\n", encoding="utf-8")  # header + 3 games
    assert "3 of 6 games, 3 players" in _run("journal", str(resumed)).output
    done = _run("tournament", "--resume", str(resumed), "--workers", "1", "--json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout) == whole
    assert len(resumed.read_text(encoding="utf-8").splitlines()) == 1 + 6
    eight = _tournament(tmp_path / "eight.jsonl", "--games", "8", "--option", "rounds=1")
    done = _run("tournament", "--resume", str(resumed), "--games", "8", "--workers", "1", "--json")
    assert json.loads(done.stdout) == eight
    header = json.loads(resumed.read_text(encoding="utf-8").splitlines()[0])["tournament"]
    assert header["games"] == 8 and header["options"] == {"rounds": 1}
    # a smaller --games reports fewer games and keeps the plan
    done = _run("tournament", "--resume", str(resumed), "--games", "6", "--workers", "1", "--json")
    assert json.loads(done.stdout) == whole
    assert (
        json.loads(resumed.read_text(encoding="utf-8").splitlines()[0])["tournament"]["games"] == 8
    )


def test_resume_refuses_what_the_journal_says_and_journals_it_cannot_go_on_with(
    tmp_path: Path,
) -> None:
    journal = tmp_path / "t.jsonl"
    _tournament(journal, "--games", "2")
    before = journal.read_bytes()
    for extra in (["--bots", "random,heuristic"], ["--seed", "5"], ["--out", str(journal)]):
        done = _run("tournament", "--resume", str(journal), *extra)
        assert done.exit_code != 0 and "leave out " + extra[0] in done.output, done.output
    done = _run("tournament", "--resume", str(journal), "--games", "0")
    assert done.exit_code != 0 and "at least 1 game, not 0" in done.output, done.output
    assert journal.read_bytes() == before
    lines = journal.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    del header["tournament"]["games"]  # a journal from before the plan was written down
    old = tmp_path / "old.jsonl"
    old.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    done = _run("tournament", "--resume", str(old))
    assert done.exit_code != 0 and "give --games" in done.output
    done = _run("tournament", "--resume", str(old), "--games", "2", "--workers", "1", "--json")
    assert done.exit_code == 0, done.output
    assert json.loads(old.read_text(encoding="utf-8").splitlines()[0])["tournament"]["games"] == 2
    header["tournament"]["bots"] = "heuristic"
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(header) + "\n", encoding="utf-8")
    not_one = tmp_path / "notes.jsonl"
    not_one.write_text("hello\n", encoding="utf-8")
    for path, message in ((bad, "is not a tournament"), (not_one, "not a tournament journal")):
        done = _run("tournament", "--resume", str(path), "--games", "2")
        assert done.exit_code != 0 and message in done.output, done.output
        assert "Traceback" not in done.output


def test_the_paired_difference_counts_complete_deals_only(tmp_path: Path) -> None:
    journal = tmp_path / "t.jsonl"
    _tournament(journal, "--games", "5")  # the third deal's second game is missing
    out = json.loads(_run("journal", str(journal), "--json").output)
    assert out["games"] == 5 and out["paired_difference"]["blocks"] == 2
    rates = out["bots"]
    for role in ("digger", "saboteur"):
        difference, low, high = out["paired_difference"][role]
        assert low <= difference <= high
        assert all(rates[bot][role]["rounds"] > 0 for bot in ("heuristic", "random"))


def test_every_look_at_the_paired_difference(tmp_path: Path) -> None:
    """``--every 2``: the comparison after 2 and 4 deals and after the last (5 of them; the
    sixth is incomplete); the last look is the whole journal's comparison."""
    journal = tmp_path / "t.jsonl"
    _tournament(journal, "--games", "11")
    whole = json.loads(_run("journal", str(journal), "--json").output)["paired_difference"]
    done = _run("journal", str(journal), "--every", "2", "--json")
    assert done.exit_code == 0, done.output
    out = json.loads(done.output)
    assert out["of"] == ["heuristic", "random"]
    assert [look["deals"] for look in out["looks"]] == [2, 4, 5]
    last = out["looks"][-1]
    assert {role: last[role] for role in ("digger", "saboteur")} == {
        role: whole[role] for role in ("digger", "saboteur")
    }
    first = json.loads(_run("journal", str(journal), "--every", "9", "--json").output)["looks"]
    assert [look["deals"] for look in first] == [5]
    text = _run("journal", str(journal), "--every", "2").output
    assert "heuristic minus random, paired" in text
    digger = last["digger"]
    assert f"{100 * digger[0]:+.1f} ({100 * digger[1]:+.1f} to {100 * digger[2]:+.1f})" in text
    for wrong in (["--every", "0"], ["--every", "2", "--plot", str(tmp_path / "p.png")]):
        refused = _run("journal", str(journal), *wrong)
        assert refused.exit_code == 2 and "--every" in refused.output, refused.output


def test_a_solo_journal_gives_mean_scores(tmp_path: Path) -> None:
    journal = tmp_path / "solo.jsonl"
    args = ["tournament", "--ruleset", "solo", "--bots", "random", "--games", "3", "--seed", "2"]
    done = _run(*args, "--workers", "1", "--json", "--out", str(journal))
    assert done.exit_code == 0, done.output
    again = _run("journal", str(journal), "--json")
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout) == json.loads(done.stdout)
    plotted = _run("journal", str(journal), "--plot", str(tmp_path / "x.png"))
    assert plotted.exit_code != 0 and "mean scores, not win rates" in plotted.output


def test_the_chart_is_drawn(tmp_path: Path) -> None:
    journal = tmp_path / "t.jsonl"
    _tournament(journal, "--games", "2")
    chart = tmp_path / "chart.png"
    done = _run("journal", str(journal), "--plot", str(chart))
    assert done.exit_code == 0, done.output
    assert chart.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is empty, not a tournament journal"),
        ("hello\n", "is not a tournament journal"),
        ('{"tournament": {"ruleset": "chess", "bots": ["random"]}}\n', "chess"),
        ('{"tournament": {"ruleset": "classic"}}\n', "its first line is not a tournament"),
        ('{"tournament": {"ruleset": "classic", "bots": ["a"]}}\nnot json\n{}\n', "line 2"),
    ],
)
def test_a_file_that_is_no_journal_is_one_clear_error(
    tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    done = _run("journal", str(path))
    assert done.exit_code == 2 and message in done.output, done.output
    assert "Traceback" not in done.output and path.read_text(encoding="utf-8") == text


# -- one bot before and after, over the same deals (--before) -------------------------------------


Tallies = dict[int, dict[str, dict[str, list[int]]]]  # deal -> bot -> role -> [wins, rounds]


def _deal_tallies(journal: Path, seed: int, bots: int) -> Tallies:
    """Per deal, per bot, per role: [wins, rounds], read straight from the journal's lines."""
    deals: Tallies = {}
    for line in journal.read_text(encoding="utf-8").splitlines()[1:]:
        game = json.loads(line)
        deal = deals.setdefault(seed + game["game"] // bots, {})
        for seat, role, how in game["outcomes"]:
            tally = deal.setdefault(game["seats"][seat], {}).setdefault(role, [0, 0])
            tally[0] += how == "win"
            tally[1] += 1
    return deals


def _chunks(folder: Path, deals: Tallies, players: int) -> None:
    """Write ``deals`` as the retired ladder script's chunk files, one deal each."""
    folder.mkdir()
    for number, (seed, bots) in enumerate(sorted(deals.items())):
        command = f"saboteur tournament --players {players} --bots heuristic,random --games 2 "
        result = {
            name: {role: {"wins": w, "rounds": r} for role, (w, r) in roles.items()}
            for name, roles in bots.items()
        }
        chunk = {"command": command + f"--seed {seed} --json", "seed": seed}
        chunk["result"] = {"games": 2, "bots": result}
        (folder / f"chunk-{number:04d}.json").write_text(json.dumps(chunk), encoding="utf-8")


def test_a_bot_before_and_after_is_paired_by_deal(tmp_path: Path) -> None:
    from saboteur.bots.tournament import paired_difference

    now = tmp_path / "now.jsonl"
    _tournament(now, "--games", "6")  # deals 4, 5, 6
    same = _run("journal", str(now), "--before", str(now), "--json")
    assert same.exit_code == 0, same.output
    out = json.loads(same.output)
    assert out["bot"] == "heuristic" and out["deals"] == 3
    assert out["digger"] == [0.0, 0.0, 0.0] and out["saboteur"] == [0.0, 0.0, 0.0]

    deals = _deal_tallies(now, seed=4, bots=2)
    then = {seed: {bot: {r: list(t) for r, t in roles.items()} for bot, roles in bots.items()}
            for seed, bots in deals.items() if seed != 6}  # fmt: skip
    then[5]["heuristic"]["digger"][0] -= 1  # one digger round fewer won then, in deal 5
    _chunks(tmp_path / "then", then, players=3)
    done = _run("journal", str(now), "--before", str(tmp_path / "then"), "--json")
    assert done.exit_code == 0, done.output
    out = json.loads(done.output)
    assert out["deals"] == 2  # deal 6 was not played then
    for role in ("digger", "saboteur"):
        blocks = [
            (*deals[seed]["heuristic"][role], *then[seed]["heuristic"][role]) for seed in (4, 5)
        ]
        assert out[role] == list(paired_difference(blocks))  # type: ignore[arg-type]
    assert out["digger"][0] > 0 and out["saboteur"][0] == 0.0
    text = _run("journal", str(now), "--before", str(tmp_path / "then"), "--bot", "random").output
    assert "random now minus before, paired over 2 deals (95% bootstrap interval):" in text
    assert "as digger: +0.0 points (+0.0 to +0.0)" in text


def test_a_bot_named_otherwise_before_is_compared_by_its_old_name(tmp_path: Path) -> None:
    """``--before-bot``: the bot's name in the earlier run, where a setting was spelt out since
    (``ismcts:seconds=1`` then, ``ismcts:seconds=1:width=16`` now)."""
    now = tmp_path / "now.jsonl"
    _tournament(now, "--games", "4")
    deals = _deal_tallies(now, seed=4, bots=2)
    renamed = {seed: {("heuristic:old" if bot == "heuristic" else bot): roles
                      for bot, roles in bots.items()} for seed, bots in deals.items()}  # fmt: skip
    renamed[4]["heuristic:old"]["digger"][0] -= 1
    _chunks(tmp_path / "then", renamed, players=3)
    then = str(tmp_path / "then")
    missing = _run("journal", str(now), "--before", then)
    assert missing.exit_code == 2 and "no bot 'heuristic'" in missing.output, missing.output
    done = _run("journal", str(now), "--before", then, "--before-bot", "heuristic:old", "--json")
    assert done.exit_code == 0, done.output
    out = json.loads(done.output)
    assert out["bot"] == "heuristic" and out["before_bot"] == "heuristic:old"
    assert out["deals"] == 2 and out["digger"][0] > 0
    text = _run("journal", str(now), "--before", then, "--before-bot", "heuristic:old").output
    assert "heuristic now minus heuristic:old before, paired over 2 deals" in text
    alone = _run("journal", str(now), "--before-bot", "heuristic:old")
    assert alone.exit_code == 2 and "give --before too" in alone.output, alone.output


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("players", "plays {'ruleset': 'classic', 'players': 4}"),
        ("rounds", "not the same deals"),
        ("garbage", "is not a chunk file"),
        ("empty", "holds no chunk files"),
    ],
)
def test_before_and_after_refuses_what_is_not_the_same_tournament(
    tmp_path: Path, change: str, message: str
) -> None:
    now = tmp_path / "now.jsonl"
    _tournament(now, "--games", "4")
    deals = _deal_tallies(now, seed=4, bots=2)
    if change == "rounds":
        deals[4]["heuristic"]["digger"][1] += 1
    folder = tmp_path / "then"
    _chunks(folder, deals, players=4 if change == "players" else 3)
    if change == "garbage":
        (folder / "chunk-0001.json").write_text('{"seed": "x"}', encoding="utf-8")
    if change == "empty":
        for chunk in folder.iterdir():
            chunk.unlink()
    done = _run("journal", str(now), "--before", str(folder))
    assert done.exit_code == 2 and message in done.output, done.output
    assert "Traceback" not in done.output
    unknown = _run("journal", str(now), "--before", str(now), "--bot", "ismcts")
    assert unknown.exit_code == 2 and "no bot 'ismcts' in the journal" in unknown.output


# -- which code played the games ---------------------------------------------------------------


def test_every_game_names_the_code_that_played_it(tmp_path: Path) -> None:
    """Each journal line holds the id of the code that played it; ``saboteur journal`` says which
    versions played which games, and a tournament resumed from a journal with games of other code
    says so on standard error (and still plays on)."""
    from saboteur.bots.provenance import code_id

    journal = tmp_path / "t.jsonl"
    _tournament(journal, "--games", "4")
    lines = journal.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["code"] for line in lines[1:]] == [code_id()] * 4
    assert (
        _run("journal", str(journal))
        .output.rstrip()
        .endswith(f"code {code_id()} played all 4 games")
    )

    games = [json.loads(line) for line in lines[1:]]
    games[0]["code"] = "0123456789ab"
    del games[1]["code"]  # (a journal written before the code was recorded)
    journal.write_text("\n".join([lines[0], *map(json.dumps, games)]) + "\n", encoding="utf-8")
    text = _run("journal", str(journal)).output
    assert (
        f"3 versions of the code played: 0123456789ab (game 0), unrecorded (game 1), "
        f"{code_id()} (games 2-3)"
    ) in text
    args = ["tournament", "--players", "3", "--bots", "heuristic,random", "--seed", "4"]
    resumed = _run(*args, "--workers", "1", "--games", "6", "--out", str(journal))
    assert resumed.exit_code == 0, resumed.output
    assert (
        f"holds games played by other code (0123456789ab, unrecorded; this is {code_id()})"
        in resumed.stderr
    )
    assert len(journal.read_text(encoding="utf-8").splitlines()) == 1 + 6
    # no terminal: progress in plain lines on stderr, the last one at the end
    assert resumed.stderr.splitlines()[-1].startswith("6 of 6 games (2 this run), ")


def test_the_code_id_follows_the_sources_that_decide_a_game(tmp_path: Path) -> None:
    from saboteur.bots.provenance import sources_id

    package = tmp_path / "saboteur"
    for folder in ("engine", "bots", "server"):
        (package / folder).mkdir(parents=True)
        (package / folder / "rules.py").write_text("X = 1\n", encoding="utf-8")
    first = sources_id(package)
    (package / "server" / "rules.py").write_text("X = 2\n", encoding="utf-8")
    assert sources_id(package) == first  # the server does not decide a game
    (package / "engine" / "rules.py").write_text("X = 2\n", encoding="utf-8")
    changed = sources_id(package)
    assert changed != first and len(changed) == 12
    (package / "bots" / "data.json").write_text("{}", encoding="utf-8")
    assert sources_id(package) != changed
