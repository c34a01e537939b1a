"""End to end: the page of `grundy serve` in Debian's headless Chromium.

Run by .ci/web, which starts the server and sets GRUNDY_URL (the page) and
GRUNDY_BIN (the grundy binary, whose --json answers the page must agree with).
Screenshots are saved under target/web-screenshots/.
"""

import json
import os
from urllib.parse import quote
import pathlib
import subprocess
import tempfile
import urllib.request

import pytest
from playwright.sync_api import expect, sync_playwright

URL = os.environ.get("GRUNDY_URL", "http://127.0.0.1:8080/")
GRUNDY = os.environ.get("GRUNDY_BIN", "target/debug/grundy")
SERVED = os.environ.get("GRUNDY_SERVED", "").split()
SHOTS = pathlib.Path("target/web-screenshots")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def grundy_json(*args):
    out = subprocess.run([GRUNDY, *args, "--json"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def browser():
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        # A fresh profile of its own (Playwright's temporary user data directory).
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS, headless=True)
        yield browser
        browser.close()


def new_page(browser, bypass_csp):
    context = browser.new_context(viewport={"width": 1280, "height": 860}, bypass_csp=bypass_csp)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return context, page, errors


@pytest.fixture
def page(browser):
    # The page forbids eval by its Content-Security-Policy; the tests' own
    # wait_for_function needs it (test_the_page_keeps_its_policy runs without).
    context, page, errors = new_page(browser, True)
    yield page
    context.close()
    assert not errors, errors


def test_the_page_keeps_its_policy(browser):
    context, page, errors = new_page(browser, False)
    page.goto(f"{URL}?game=nim&position=3,4,5")
    expect(page.locator("#play-moves button")).to_have_count(len(grundy_json("moves", "nim", "3,4,5")["moves"]))
    page.click("#tabs button[data-tab='calc']")
    page.click("#calc-go")
    expect(page.locator("#calc-thermo .wall")).to_have_count(2)
    context.close()
    assert not errors, errors


def open_game(page, game, position):
    # Quoted: a '+' (Hackenbush stalks, Cutcake pieces) is a space in a query.
    page.goto(f"{URL}?game={quote(game)}&position={quote(position)}")
    page.wait_for_function("document.body.dataset.index === '0'")


def wait_turn(page, index):
    page.wait_for_function(f"document.body.dataset.index === '{index}'")


def test_every_tab_opens_on_a_working_example(page):
    page.goto(URL)
    # Play: tic-tac-toe from its start, its nine cells empty and nine moves.
    page.wait_for_function("document.body.dataset.index === '0'")
    start = grundy_json("solve", "tictactoe", "start")["position"]
    assert page.evaluate("document.body.dataset.game") == "tictactoe"
    assert page.evaluate("document.body.dataset.position") == start
    expect(page.locator("#play-board td.cell")).to_have_count(9)
    expect(page.locator("#play-moves button")).to_have_count(9)
    expect(page.locator("#play-error")).to_have_text("")
    # The other tabs answer their first question without an error.
    page.click("#tabs button[data-tab='sequence']")
    expect(page.locator("#seq-period")).to_contain_text("period")
    expect(page.locator("#seq-error")).to_have_text("")
    assert page.locator("#seq-plot circle").count() > 0
    page.click("#tabs button[data-tab='calc']")
    expect(page.locator("#calc-thermo .wall")).to_have_count(2)
    expect(page.locator("#calc-error")).to_have_text("")
    page.click("#tabs button[data-tab='value']")
    expect(page.locator("#value-canonical")).not_to_be_empty()
    expect(page.locator("#value-error")).to_have_text("")
    page.click("#tabs button[data-tab='quotient']")
    expect(page.locator("#quot-order")).not_to_be_empty()
    expect(page.locator("#quot-error")).to_have_text("")
    page.screenshot(path=str(SHOTS / "opening.png"), full_page=True)


def test_tictactoe_against_the_opponent_is_a_draw(page):
    open_game(page, "tictactoe", "start")
    page.select_option("#play-opponent", "2")
    index = 0
    while True:
        wait_turn(page, index)
        if page.evaluate("document.body.dataset.over") == "1":
            break
        # Player 1's turn: the moves are coloured; no move of the empty board wins,
        # so a perfect player keeps the draw. Play one that draws by clicking the
        # board's cell that the move fills.
        buttons = page.locator("#play-moves button")
        expect(buttons.first).to_be_visible()
        results = buttons.evaluate_all("bs => bs.map(b => [b.dataset.position, b.dataset.result])")
        assert not any(r == "win" for _, r in results) or index > 0
        good = [p for p, r in results if r in ("win", "draw")]
        assert good, results
        here = page.evaluate("document.body.dataset.position")
        target = good[0]
        cell = next(k for k in range(9) if here[k] != target[k])
        page.locator(f"#play-board td.cell[data-row='{cell // 3}'][data-col='{cell % 3}']").click()
        wait_turn(page, index + 1)
        # The opponent answers (unless the game ended).
        if page.evaluate("document.body.dataset.over") == "1":
            index += 1
            break
        index += 2
    status = page.locator("#play-status").inner_text()
    assert "Game over" in status and "draw" in status, status
    assert index == 9, index
    page.screenshot(path=str(SHOTS / "tictactoe-draw.png"), full_page=True)


def test_connect4_colours_match_the_cli(page):
    game = "connect4:width=4,height=4"
    open_game(page, game, "start")
    page.select_option("#play-opponent", "none")
    wait_turn(page, 0)
    cli = grundy_json("moves", game, "start")
    want = {}
    for m in cli["moves"]:
        want[m["position"]] = "win" if m["wins"] else "draw" if m["outcome"] == "draw" else "lose"
    buttons = page.locator("#play-moves button")
    expect(buttons).to_have_count(len(want))
    got = dict(buttons.evaluate_all("bs => bs.map(b => [b.dataset.position, b.className.split(' ')[0]])"))
    assert got == want, (got, want)
    # The colours drawn are the classes': green, yellow or red backgrounds.
    colours = {
        "win": "rgb(46, 157, 74)",
        "draw": "rgb(229, 184, 32)",
        "lose": "rgb(192, 57, 43)",
    }
    for position, result in want.items():
        b = page.locator(f"#play-moves button[data-position='{position}']")
        assert b.evaluate("b => getComputedStyle(b).backgroundColor") == colours[result]
    # A click on the top of column 1 drops a piece there: the CLI's position "1";
    # then column 2, where one of the replies loses for the mover.
    page.locator("#play-board td.cell[data-row='0'][data-col='0']").click()
    wait_turn(page, 1)
    assert page.evaluate("document.body.dataset.position") == grundy_json("solve", game, "1")["position"]
    page.locator("#play-board td.cell[data-row='3'][data-col='1']").click()
    wait_turn(page, 2)
    assert page.evaluate("document.body.dataset.position") == grundy_json("solve", game, "12")["position"]
    expect(page.locator("#play-moves button")).to_have_count(len(grundy_json("moves", game, "12")["moves"]))
    for m in grundy_json("moves", game, "12")["moves"]:
        want = "win" if m["wins"] else "draw" if m["outcome"] == "draw" else "lose"
        b = page.locator(f"#play-moves button[data-position='{m['position']}']")
        assert b.get_attribute("class").split(" ")[0] == want, m
    page.screenshot(path=str(SHOTS / "connect4-4x4.png"), full_page=True)
    page.locator("#play-undo").click()
    wait_turn(page, 1)


def test_nim_heaps_by_tokens(page):
    open_game(page, "nim", "3,4,5")
    page.select_option("#play-opponent", "2")
    page.check("#play-winning")
    wait_turn(page, 0)
    # The one winning move leaves 1 in the first heap: a click on its second token.
    assert grundy_json("solve", "nim", "3,4,5")["winning_moves"] == ["1,4,5"]
    page.locator("#play-board .token[data-heap='0'][data-token='1']").click()
    wait_turn(page, 1)
    assert page.evaluate("document.body.dataset.position") == "1,4,5"
    # The perfect opponent answers, and every answer to it loses again.
    wait_turn(page, 2)
    position = page.evaluate("document.body.dataset.position")
    assert grundy_json("solve", "nim", position)["outcome"] == "win"
    expect(page.locator("#play-moves button.win").first).to_be_visible()
    expect(page.locator("#play-history circle")).to_have_count(3)
    page.screenshot(path=str(SHOTS / "nim-play.png"), clip={"x": 0, "y": 0, "width": 1200, "height": 500})


def test_tictactoe_colours_and_winning_moves(page):
    # The catalogue's example: o to move must block x's diagonal.
    open_game(page, "tictactoe", "x.o.x....")
    page.select_option("#play-opponent", "none")
    page.check("#play-winning")
    wait_turn(page, 0)
    cli = grundy_json("moves", "tictactoe", "x.o.x....")
    for m in cli["moves"]:
        want = "win" if m["wins"] else "draw" if m["outcome"] == "draw" else "lose"
        b = page.locator(f"#play-moves button[data-position='{m['position']}']")
        assert b.get_attribute("class").split(" ")[0] == want, m
        assert str(m["remoteness"]) in b.get_attribute("title"), m
    solve = grundy_json("solve", "tictactoe", "x.o.x....")
    expect(page.locator("#play-winning-moves")).to_contain_text("winning moves:")
    for w in solve["winning_moves"]:
        expect(page.locator("#play-winning-moves")).to_contain_text(w)
    page.screenshot(path=str(SHOTS / "play.png"), clip={"x": 0, "y": 0, "width": 900, "height": 420})


def test_domineering_board_value(page):
    game = "domineering:rows=3,cols=3"
    page.goto(URL)
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.click("#tabs button[data-tab='value']")
    page.fill("#value-game", game)
    page.fill("#value-position", "start")
    page.click("#value-load")
    empty = grundy_json("value", game, "start")
    expect(page.locator("#value-canonical")).to_have_text(empty["canonical"])
    # Fill the middle cell by clicking it.
    page.locator("#value-board td.cell[data-row='1'][data-col='1']").click()
    expect(page.locator("#value-position")).to_have_value("...|.#.|...")
    filled = grundy_json("value", game, "...|.#.|...")
    expect(page.locator("#value-canonical")).to_have_text(filled["canonical"])
    expect(page.locator("#value-temperature")).to_have_text(str(filled["temperature"]))
    page.screenshot(path=str(SHOTS / "domineering-value.png"), full_page=True)


def test_calculator(page):
    page.goto(URL)
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.click("#tabs button[data-tab='calc']")
    page.fill("#calc-expr", "{1|-1} + ^*")
    page.click("#calc-go")
    want = grundy_json("calc", "{1|-1} + ^*")["value"]
    expect(page.locator("#calc-result")).to_have_text(want)
    expect(page.locator("#calc-thermo .wall")).to_have_count(2)
    page.screenshot(path=str(SHOTS / "calculator.png"), full_page=True)


def test_nim_sequence(page):
    page.goto(URL)
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.click("#tabs button[data-tab='sequence']")
    page.fill("#seq-game", "kayles")
    page.fill("#seq-from", "0")
    page.fill("#seq-to", "100")
    page.click("#seq-go")
    expect(page.locator("#seq-plot circle")).to_have_count(101)
    period = grundy_json("period", "kayles")
    expect(page.locator("#seq-period")).to_contain_text(f"period {period['period']}")
    page.screenshot(path=str(SHOTS / "nim-sequence.png"), full_page=True)


def test_misere_quotient(page):
    page.goto(URL)
    page.wait_for_function("document.body.dataset.ready === '1'")
    page.click("#tabs button[data-tab='quotient']")
    page.fill("#quot-game", "dawson")
    page.fill("#quot-max", "12")
    page.click("#quot-go")
    q = grundy_json("quotient", "dawson", "--max-heap", "12")
    expect(page.locator("#quot-order")).to_have_text(str(q["order"]))
    expect(page.locator("#quot-heaps div")).to_have_count(len(q["heaps"]))
    page.screenshot(path=str(SHOTS / "quotient.png"), full_page=True)


def test_explain(page):
    open_game(page, "nim", "1,2,4")
    page.select_option("#play-opponent", "none")
    wait_turn(page, 0)
    page.click("#play-explain")
    tree = grundy_json("explain", "nim", "1,2,4")
    expect(page.locator("#play-tree li").first).to_contain_text(tree["rule"] or tree["position"])
    # Forwards, in the move's name: the move to play from here, not the position
    # it leaves before the position it is played from.
    name = next(m["move"] for m in grundy_json("moves", "nim", "1,2,4")["moves"] if m["position"] == tree["move"])
    expect(page.locator("#play-tree li").first).to_contain_text("play " + name)
    # A partizan tree's positions say who moves there; the names are found all the same.
    game = "domineering:rows=3,cols=3"
    open_game(page, game, "start")
    page.select_option("#play-opponent", "none")
    wait_turn(page, 0)
    page.click("#play-explain")
    tree = grundy_json("explain", game, "start")
    leaves = tree["move"].split(" (")[0]
    name = next(m["move"] for m in grundy_json("moves", game, "start")["moves"] if m["position"] == leaves)
    expect(page.locator("#play-tree li").first).to_contain_text("play " + name)


def test_served_game_files(page):
    served = json.load(urllib.request.urlopen(URL + "api/served"))
    assert [g["name"] for g in served] and len(served) == len(SERVED), (served, SERVED)
    page.goto(URL)
    page.wait_for_function("document.body.dataset.index === '0'")
    for file, game in zip(SERVED, served):
        label = game["name"] + " (file)"
        value = page.locator("#play-family option", has_text=label).first.get_attribute("value")
        page.select_option("#play-opponent", "none")
        page.select_option("#play-family", value)
        page.wait_for_function(f"document.body.dataset.game === {json.dumps(game['name'])} && document.body.dataset.index === '0'")
        cli = grundy_json("moves", file, page.evaluate("document.body.dataset.position"))
        expect(page.locator("#play-moves button")).to_have_count(len(cli["moves"]))


def test_domineering_against_the_opponent_left_wins(page):
    game = "domineering:rows=3,cols=3"
    open_game(page, game, "start")
    page.select_option("#play-opponent", "2")
    wait_turn(page, 0)
    assert grundy_json("solve", game, "start", "--first", "left")["winner"] == "left"
    # Left's first winning move by a click on the top cell of its domino (b1).
    page.locator("#play-board td.cell[data-row='0'][data-col='1']").click()
    wait_turn(page, 1)
    assert page.evaluate("document.body.dataset.position") == ".#.|.#.|..."
    # The domino is drawn as Left's.
    for row in (0, 1):
        expect(page.locator(f"#play-board td.cell[data-row='{row}'][data-col='1']")).to_have_class("cell by-left")
    index = 1
    while True:
        # Right (the opponent) answers; then Left plays a winning move, if any.
        wait_turn(page, index + 1)
        index += 1
        if page.evaluate("document.body.dataset.over") == "1":
            break
        page.locator("#play-moves button.win").first.click()
        wait_turn(page, index + 1)
        index += 1
        if page.evaluate("document.body.dataset.over") == "1":
            break
    status = page.locator("#play-status").inner_text()
    assert "Game over: Right loses" in status, status
    page.screenshot(path=str(SHOTS / "domineering-play.png"), full_page=True)


def test_misere_colours_match_the_cli(page):
    open_game(page, "nim", "1,1,2")
    page.select_option("#play-opponent", "none")
    page.check("#play-misere")
    page.wait_for_function("document.body.dataset.index === '0'")
    cli = grundy_json("moves", "nim", "1,1,2", "--misere")
    expect(page.locator("#play-moves button")).to_have_count(len(cli["moves"]))
    for m in cli["moves"]:
        want = "win" if m["wins"] else "draw" if m["outcome"] == "draw" else "lose"
        b = page.locator(f"#play-moves button[data-position='{m['position']}']")
        expect(b).to_have_class(want)


def click_plays(page, game, position, row, col, leaves):
    """With no opponent, a click on the cell at (row, col) plays the move that leaves `leaves`."""
    open_game(page, game, position)
    page.select_option("#play-opponent", "none")
    page.locator(f"#play-board td.cell[data-row='{row}'][data-col='{col}']").click()
    wait_turn(page, 1)
    assert page.evaluate("document.body.dataset.position") == leaves


def test_hackenbush_and_cutcake_are_played_by_clicks(page):
    # Hackenbush: the board's bottom-left cell is edge 1 (the first stalk's L);
    # a click cuts it and the stalk falls.
    click_plays(page, "hackenbush", "LRG+L(R,G)", 2, 0, "L(R,G)")
    page.screenshot(path=str(SHOTS / "hackenbush-play.png"), full_page=True)
    # Cutcake: Left cuts just left of the cell clicked.
    click_plays(page, "cutcake", "3x2", 0, 1, "1x2+2x2")


def test_the_digit_game_is_played_by_clicking_a_digit(page):
    click_plays(page, "digits:turns=3", "1234", 0, 1, "1334,1,1234")
