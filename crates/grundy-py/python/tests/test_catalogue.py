"""Every family of the catalogue answers in Python exactly as `grundy ... --json`."""

import grundy
from conftest import cli_json


def families():
    return [f for f in grundy.catalogue() if f.example is not None]


def test_every_family_solves_and_moves_as_the_cli():
    compared = 0
    for f in families():
        text, position = f.example.game, f.example.position
        g = grundy.game(text)
        assert g.solve(position) == cli_json("solve", text, position), text
        assert g.moves(position) == cli_json("moves", text, position), text
        compared += 2
        if f.heap_values:
            assert g.values(to=20) == cli_json("values", text, "--to", "20"), text
            compared += 1
        if f.sequence:
            assert g.period(max=2000) == cli_json("period", text, "--max", "2000"), text
            compared += 1
        if f.partizan:
            assert g.value(position) == cli_json("value", text, position), text
            compared += 1
    print(f"{compared} answers equal to the CLI's JSON")
    assert compared >= 2 * len(families())


def test_explain_quotient_and_calc_as_the_cli():
    k = grundy.game("kayles")
    assert k.explain("4,5") == cli_json("explain", "kayles", "4,5")
    assert k.quotient(max_heap=8) == cli_json("quotient", "kayles", "--max-heap", "8")
    assert k.misere_value(5) == cli_json("value", "kayles", "5", "--misere")
    assert k.misere_value(5).genus == "4^146"
    assert grundy.calc("{1|-1} + ^*") == cli_json("calc", "{1|-1} + ^*")
    d = grundy.game("domineering")
    assert d.solve("..|..", first="right") == cli_json("solve", "domineering", "..|..", "--first", "right")


def test_game_files_load_by_path():
    from conftest import example

    toml = grundy.game(example("kayles.toml"))
    assert toml.solve(7).nimber == grundy.game("kayles").solve(7).nimber


def test_tables_build_and_answer_as_the_cli(tmp_path):
    g = grundy.game("tictactoe")
    built = g.build(tmp_path / "ttt.db")
    assert built.positions == 6046 and built.checksum == "182bd58cc156f9e9"
    t = grundy.table(tmp_path / "ttt.db")
    assert t.solve("start")["outcome"] == "draw"
    assert t.solve("x........")["outcome"] == cli_json("solve", "tictactoe", "x........")["outcome"]
    kayles = grundy.game("kayles").build(tmp_path / "k.db", start="4,5")
    assert kayles.reachable_from == "4,5" and kayles.numbered == "positions"


def test_a_checkpointed_solve_carries_on(tmp_path):
    """``solve(checkpoint=...)`` is ``solve --checkpoint``: a search stopped by its
    budget carries on from the file, in a game loaded afresh each time (so that
    only the file remembers), to the CLI's answer; another board's file is refused."""
    text = "domineering:rows=7,cols=7"
    path = str(tmp_path / "7x7.ckpt")
    stops = 0
    while True:
        try:
            answer = grundy.game(text, max_work=300).solve("start", checkpoint=path)
            break
        except grundy.BudgetError:
            stops += 1
            assert stops < 20, "no end"
    assert stops >= 2
    want = cli_json("solve", text, "start")
    for key in ("outcome", "outcome_class", "winner"):
        assert answer[key] == want[key], key
    try:
        grundy.game("domineering:rows=6,cols=7").solve("start", checkpoint=path)
        raise AssertionError("another board's checkpoint was taken")
    except grundy.InputError as e:
        assert "7x7 board, not 6x7" in str(e)
