"""What `referee show` and `referee replay` show, for all four games: hidden
hands stay hidden in text, JSON and HTML; legal moves grouped in rank order;
the result at the end of a deal; each replayed event told at its move; the
pages a club puts on a screen."""

from __future__ import annotations

import copy
import dataclasses
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from referee.check import referee_source
from referee.games import get_game
from referee.games.getaway.engine import Round
from referee.games.getaway.game import options_for
from referee.games.getaway.record import read_record
from referee.games.table import ShowError
from referee.html import html_page, show_page
from referee.source import Source
from referee.views import card_tokens, legal_lines, show_data, show_text, wrap_items

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
GAMES = ("getaway", "tjuv", "game-flip-flop", "vazhushal")
GLYPH = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
DISPUTED = {  # each game's disputed move: file, deal, move
    "getaway": (SAMPLES / "getaway" / "disputed-revoke.yaml", 1, 32),
    "tjuv": (SAMPLES / "tjuv" / "tjuv-violations.yaml", 1, 13),
    "game-flip-flop": (SAMPLES / "game-flip-flop" / "violations.yaml", 2, 3),
    "vazhushal": (SAMPLES / "vazhushal" / "violations.yaml", 1, 14),
}


def judged(text: str, name: str = "t.yaml"):
    report, document, header = referee_source(Source(name, text))
    return report, document, header, get_game(header.game)


def simulated(game: str, seed: int, players: int) -> str:
    from referee.rulesets import catalogue

    return get_game(game).simulate(preset=catalogue(game).default_preset, players=players, seed=seed, options={})


def moves_of(document, deal: int) -> int:
    return len(document.data["deals"][deal - 1].get("moves") or [])


def forms(token: str) -> set[str]:
    """Every way an output might write a card: `10C`, `TC`, `10♣`."""
    if token == "JK":
        return {"JK"}
    rank, suit = token[:-1], token[-1]
    return {token, ("T" if rank == "10" else rank) + suit, rank + GLYPH[suit]}


def held(data: dict) -> set[str]:
    """The tokens of every hand in a position's data (each game's shape)."""
    tokens: set[str] = set()
    for hand in (data.get("hands") or {}).values():
        cards = hand.get("cards", []) if isinstance(hand, dict) else hand
        tokens.update(t.split("=")[0] for t in cards)
    return tokens


def public(data: dict) -> set[str]:
    """Tokens anything but a hand shows (table, piles, melds, line, trick, flip card, wild cards)."""
    rest = {k: v for k, v in data.items() if k not in ("hands", "hand_totals")}
    return {t for text in re.findall(r"[^\"]+", json.dumps(rest)) for t in card_tokens(text.replace("=", " "))}


def hidden_outputs(report, position) -> str:
    return "\n".join((show_text(report, position), json.dumps(show_data(report, position), ensure_ascii=False),
                      show_page(report, position)))


def assert_nothing_hidden_shows(report, document, header, game, deal: int, move: int) -> int:
    """Every card only in a hand is absent from the hidden show (text, JSON, HTML); returns how many were checked."""
    open_ = game.position(document, header, deal=deal, move=move, hide_hands=False)
    closed = game.position(document, header, deal=deal, move=move, hide_hands=True)
    secret = held(dict(open_.data)) - public(dict(open_.data)) - card_tokens(open_.recorded or "")
    out = hidden_outputs(report, closed)
    leaks = [(t, f) for t in secret for f in forms(t) if re.search(rf"(?<![\w]){re.escape(f)}(?![\w])", out)]
    assert not leaks, (deal, move, leaks)
    assert not held(show_data(report, closed)["position"])  # counts only, if anything
    return len(secret)


@pytest.mark.parametrize("game", GAMES)
def test_hidden_hands_stay_hidden_in_text_json_and_html(game):
    checked = 0
    for seed, players in ((1, 3), (2, 4)):
        report, document, header, plugin = judged(simulated(game, seed, players), name=f"{game}-{seed}.yaml")
        for deal in range(1, min(2, len(document.data["deals"])) + 1):
            count = moves_of(document, deal)
            if not count:
                continue
            for move in sorted({1, 2, 3, count // 3, count // 2, count, count + 1} | set(range(5, count, 7))):
                checked += assert_nothing_hidden_shows(report, document, header, plugin, deal, max(move, 1))
    assert checked > 100  # cards in hands were really looked for


@pytest.mark.parametrize("game", GAMES)
def test_hidden_hands_at_the_disputed_move(game):
    path, deal, move = DISPUTED[game]
    report, document, header, plugin = judged(path.read_text(encoding="utf-8"), name=path.name)
    assert assert_nothing_hidden_shows(report, document, header, plugin, deal, move)
    closed = plugin.position(document, header, deal=deal, move=move, hide_hands=True)
    data = show_data(report, closed)
    assert data["recorded"] == closed.recorded and data["findings"]  # the disputed move and its ruling are shown
    named = [m for m in data["legal"] if card_tokens(m) & closed.hidden]
    assert not named
    assert sum(data["legal_hidden"].values()) + len(data["legal"]) == len(closed.legal)


def test_hidden_legal_moves_are_counted_per_player():
    path, deal, move = DISPUTED["getaway"]
    report, document, header, plugin = judged(path.read_text(), name=path.name)
    closed = plugin.position(document, header, deal=deal, move=move, hide_hands=True)
    text = show_text(report, closed)
    assert re.search(r"^  E: 6 legal moves \(cards hidden\)$", text, re.M)
    assert show_data(report, closed)["legal_hidden"] == {"E": 6} and show_data(report, closed)["legal"] == []


def test_a_ruling_naming_another_hidden_card_writes_it_as_hidden():
    from referee.findings import Finding
    from referee.views import HIDDEN_CARD, show_view

    path, deal, move = DISPUTED["getaway"]
    report, document, header, plugin = judged(path.read_text(), name=path.name)
    closed = plugin.position(document, header, deal=deal, move=move, hide_hands=True)
    extra = Finding(rule="GW-4.4", message="E plays 10D while holding 9C", deal=deal, move=move)
    view = show_view(dataclasses.replace(report, findings=(*report.findings, extra)), closed)
    messages = [f.message for f in view.findings]
    assert f"E plays 10D while holding {HIDDEN_CARD}" in messages  # the recorded card stays, 9C does not


# ------------------------------------------------------------ legal moves


def test_legal_moves_group_by_move_and_keep_the_games_order():
    lines, hidden = legal_lines(["E play 8C", "E play 9C", "E play 10C", "E play AC", "N take E", "N take E"],
                                players=("N", "E"))
    assert lines == ["E play: 8C 9C 10C AC", "N take E"] and hidden == {}
    lines, hidden = legal_lines(["Cy play QD capture 7D", "Cy play JD capture 7D", "Cy draw stock (the top card)"],
                                players=("Cy",), hidden=frozenset({"QD", "JD"}))
    assert lines == ["Cy draw stock (the top card)"] and hidden == {"Cy": 2}
    assert wrap_items(["aaaa", "bbbb", "cccc"], width=11, indent="  ") == ["  aaaa bbbb", "  cccc"]


def _parsed(text: str) -> list[str]:
    block = re.search(r"^legal moves \(\d+\):\n((?:  .*\n)*)", text, re.M)
    if block is None:
        return []
    groups: list[str] = []
    for line in block.group(1).splitlines():
        assert len(line) <= 100, line
        if line.startswith("   "):
            groups[-1] += " " + line.strip()
        else:
            groups.append(line.strip())
    moves = []
    for group in groups:
        head, colon, items = group.partition(": ")
        if not colon:
            moves.append(group)
        else:
            moves.extend(f"{head} {item}" for item in items.split(", " if ", " in items else " "))
    return moves


_RANKS = {"A": 14, "K": 13, "Q": 12, "J": 11}


@pytest.mark.parametrize("game", GAMES)
def test_legal_moves_are_grouped_in_rank_order_and_wrap_between_moves(game):
    report, document, header, plugin = judged(simulated(game, 5, 4), name=f"{game}.yaml")
    count = moves_of(document, 1)
    grouped = 0
    for move in range(1, count + 1, max(1, count // 25)):
        position = plugin.position(document, header, deal=1, move=move, hide_hands=False)
        text = show_text(report, position)
        assert sorted(_parsed(text)) == sorted(dict.fromkeys(position.legal))  # every move once, none broken
        assert sum(1 for m in position.legal if "draw stock" in m or " draw " in m and "random" in m) <= 2
        for line in re.findall(r"^  (\S+ play): (.+)$", text, re.M):
            cards = line[1].split(", ") if ", " in line[1] else line[1].split()
            firsts = [c.split()[0] for c in cards]
            grouped += 1
            for suit in "SHDC":
                ranks = [int(_RANKS.get(c[:-1], c[:-1])) for c in firsts if c.endswith(suit) and c != "JK"]
                low = {"game-flip-flop": lambda r: 1 if r == 14 else r}.get(game, lambda r: r)
                assert [low(r) for r in ranks] == sorted(low(r) for r in ranks), line
    if game in ("getaway", "tjuv"):
        assert grouped


def test_a_stock_draw_is_listed_once():
    path, deal, move = DISPUTED["game-flip-flop"]
    report, document, header, plugin = judged(path.read_text(), name=path.name)
    position = plugin.position(document, header, deal=deal, move=move, hide_hands=False)
    assert [m for m in position.legal if "draw stock" in m] == ["B draw stock (the top card)"]


# ------------------------------------------------------- the end of a deal


@pytest.mark.parametrize("game", GAMES)
def test_show_at_the_end_of_a_deal_gives_its_result(game):
    report, document, header, plugin = judged(simulated(game, 3, 3), name=f"{game}.yaml")
    count = moves_of(document, 1)
    end = plugin.position(document, header, deal=1, move=count + 1, hide_hands=False)
    assert end.recorded is None and end.data.get("result")
    assert "settled at the next event" not in show_text(report, end)
    with pytest.raises(ShowError, match=str(count + 1)):  # the message names the end's own number
        plugin.position(document, header, deal=1, move=count + 2, hide_hands=False)


def test_getaway_show_after_a_deal_ending_on_a_play():
    path = SAMPLES / "getaway" / "disputed-revoke.yaml"
    report, document, header, plugin = judged(path.read_text(), name=path.name)
    count = moves_of(document, 1)
    assert document.data["deals"][0]["moves"][-1].split()[1] == "play"
    text = show_text(report, plugin.position(document, header, deal=1, move=count + 1, hide_hands=False))
    assert re.search(r"^  result: finishing order S, W, N, E; E loses", text, re.M)


# ------------------------------------------------------ replay: each event at its move


def _escape_causes(text: str) -> tuple[list, dict[str, int]]:
    """The beats of a Getaway round, and for each seat that escapes the move
    that caused it: the first move after which (with an ended trick settled) he is out."""
    report, document, header, plugin = judged(text)
    options = options_for(header.ruleset.values)
    record = read_record(document, header.players)
    rnd = record.rounds[0]
    state = Round(options=options, players=record.players, hands=[list(h) for h in rnd.hands], deal=1,
                  removed=list(rnd.removed or ()), marked=rnd.marked)
    causes: dict[str, int] = {}
    for index, move in enumerate(rnd.moves, start=1):
        state.apply(move, index)
        ahead = copy.deepcopy(state)
        ahead.advance()
        for seat in ahead.places:
            causes.setdefault(record.players[seat], index)
    beats = [b for b in plugin.narrate(document, header) if b.deal == 1]
    return beats, causes


@pytest.mark.parametrize("source", ["seed-000-example", "match-empurra", "disputed-revoke", *range(8)])
def test_every_getaway_escape_is_told_at_the_move_that_caused_it(source):
    if isinstance(source, int):
        text = simulated("getaway", source, 3 + source % 4)
    else:
        text = (SAMPLES / "getaway" / f"{source}.yaml").read_text()
    beats, causes = _escape_causes(text)
    told: dict[str, int] = {}
    for beat in beats:
        for name in re.findall(r"(\S+) escapes", beat.outcome):
            assert name not in told, (name, beat)  # told once
            told[name] = beat.first
            assert beat.first <= causes[name] <= beat.last, (name, causes[name], beat)
    assert set(told) == set(causes)


def test_seed_000_tells_w_escaping_at_the_take_not_at_trick_22():
    beats, _ = _escape_causes((SAMPLES / "getaway" / "seed-000-example.yaml").read_text())
    trick = next(b for b in beats if b.title.startswith("Trick 22"))
    take = next(b for b in beats if b.title == "Take" and b.first == 88)
    assert "W escapes" not in trick.outcome and "W escapes" in take.outcome


def test_match_empurra_tells_dev_escaping_at_move_11():
    path = SAMPLES / "getaway" / "match-empurra.yaml"
    report, document, header, plugin = judged(path.read_text(), name=path.name)
    beats = [b for b in plugin.narrate(document, header) if b.deal == 1]
    assert [b.first for b in beats if "Dev escapes" in b.outcome] == [11]


@pytest.mark.parametrize("game", GAMES)
def test_replay_starts_each_deal_with_the_hands_as_dealt(game):
    report, document, header, plugin = judged(simulated(game, 2, 3), name=f"{game}.yaml")
    first = next(b for b in plugin.narrate(document, header) if b.deal == 1)
    dealt = document.data["deals"][0].get("hands") or {}
    assert (first.first, first.last) == (0, 0) and {who for who, _ in first.plays} == set(header.players)
    for who, cards in first.plays:
        if isinstance(dealt.get(who), str):
            assert sorted(card_tokens(cards)) == sorted(card_tokens(dealt[who]))


# ------------------------------------------------------------ the pages


def _page(*paths: Path, beats: bool = True) -> str:
    reports, told = [], {}
    for path in paths:
        report, document, header, plugin = judged(path.read_text(encoding="utf-8"), name=str(path.name))
        reports.append(report)
        told[report.file] = plugin.narrate(document, header)
    return html_page(reports, beats=told if beats else None)


def test_pages_show_no_internal_fields_and_money_as_decimals():
    every = sorted(SAMPLES.rglob("*.yaml"))
    page = _page(*every)
    for field in ("complete", "provisional", "stopped_at_deal"):
        assert f"<th>{field}</th>" not in page and f"<th>{field.replace('_', ' ')}</th>" not in page
    assert not re.search(r"<td>(True|False|None)</td>", page)
    empurra = _page(SAMPLES / "getaway" / "match-empurra.yaml")
    assert not re.search(r"(?<![\w/])[+-]?\d+/\d+(?![\w/])", re.sub(r"<[^>]+>", " ", empurra))
    assert "<td>1.50</td>" in empurra and "<td>+5.50</td>" in empurra


def test_a_stopped_session_says_so_in_words():
    page = _page(SAMPLES / "game-flip-flop" / "violations.yaml")
    assert re.search(r'<p class="note">The match is not complete: the referee stopped at deal 2\.</p>', page)


def test_player_names_are_isolated_for_right_to_left_scripts():
    text = (SAMPLES / "tjuv" / "tjuv-three-players.yaml").read_text(encoding="utf-8").replace("Anna", "\u0622\u0646\u0627")
    report, document, header, plugin = judged(text)
    page = html_page([report], beats={report.file: plugin.narrate(document, header)})
    name = "\u0622\u0646\u0627"
    assert page.count(name) == page.count(f"<bdi>{name}</bdi>") > 10
    show = show_page(report, plugin.position(document, header, deal=1, move=3, hide_hands=False))
    assert show.count(name) == show.count(f"<bdi>{name}</bdi>") > 0


def test_a_report_of_several_files_opens_with_an_index_and_a_summary():
    paths = [DISPUTED[g][0] for g in GAMES] + [SAMPLES / "getaway" / "seed-000-example.yaml"]
    page = _page(*paths, beats=False)
    index = re.search(r'<nav class="index">(.*?)</nav>', page).group(1)
    assert re.search(r"5 files: 1 legal, 4 illegal, 0 unusable", index)
    assert index.count('<a href="#file-') == 5
    for i in range(1, 6):
        assert f'<section id="file-{i}">' in page
    assert page.index('<nav class="index">') < page.index("<section")


def test_replay_pages_show_the_hands_as_dealt():
    for game in GAMES:
        page = _page(DISPUTED[game][0])
        assert "Hands as dealt" in page or re.search(r"Game 1</caption>.*?dealt ", page), game


def test_show_gives_a_page():
    path, deal, move = DISPUTED["getaway"]
    report, document, header, plugin = judged(path.read_text(), name=path.name)
    page = show_page(report, plugin.position(document, header, deal=deal, move=move, hide_hands=False))
    assert page.startswith("<!DOCTYPE html>") and "</html>" in page
    assert not re.search(r"<script|<link|src=|@import|url\(|https?://", page)
    assert '<span class="card red" title="10D">10\u2666</span>' in page  # the recorded card, as a glyph
    assert 'href="#rule-GW-4.4"' in page and 'id="rule-GW-4.4"' in page
    assert "E play: " in re.sub(r"<[^>]+>", "", page)


def test_the_show_command_speaks_html():
    path, deal, move = DISPUTED["tjuv"]
    result = subprocess.run([sys.executable, "-m", "referee", "show", str(path), "--move", str(move), "--hide-hands",
                             "--format", "html"], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert result.returncode == 1 and result.stdout.startswith("<!DOCTYPE html>")
    assert "Cecilia</bdi>: 3 legal moves (cards hidden)" in result.stdout


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed")
@pytest.mark.parametrize("which", ["show", "check"])
def test_show_and_multi_file_pages_render_in_headless_chromium(which, tmp_path):
    if which == "show":
        path, deal, move = DISPUTED["vazhushal"]
        args = ["show", str(path), "--deal", str(deal), "--move", str(move), "--hide-hands", "--format", "html"]
    else:
        args = ["check", "--format", "html", *(str(DISPUTED[g][0]) for g in GAMES)]
    html = subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120).stdout
    page = tmp_path / "page.html"
    page.write_text(html, encoding="utf-8")
    shot = tmp_path / "page.png"
    result = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={tmp_path / 'profile'}", "--enable-logging=stderr", "--v=0",
         "--window-size=1200,1600", f"--screenshot={shot}", page.as_uri()],
        capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "CONSOLE" not in result.stderr
    assert shot.exists() and shot.stat().st_size > 20_000
