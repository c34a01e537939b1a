//! `grundy calc` speaks CGSuite: its names of values both ways, ordinal sums,
//! Norton products, multiples, nimbers of any size, and `grundy help calc`.

use crate::common;

use common::{fails, json, ok};

#[test]
fn calc_reads_and_prints_cgsuite_names() {
    for (expression, value) in [
        ("Tiny(2)", "Tiny(2)"),
        ("{0||0|-2}", "Tiny(2)"),
        ("Miny(1/2)", "Miny(1/2)"),
        ("{0||0|v*}", "{0|^<2>}"),
        ("^<2> + ^", "^[2]"),
        ("{0|*||*|||*||||*}", "^[4]"),
        ("v[3]", "v[3]"),
        ("+-{1,2}", "±2"),
        ("{2|1||-1|-2}", "±(3/2±1/2)"),
        ("1:1", "2"),
        ("1:-1", "1/2"),
        ("*:*", "*2"),
        ("^.^", "{^^*||0|v4}"),
        ("3*{1|0}", "3/2±1/2"),
        ("{1|0}*3", "3/2±1/2"),
        ("3*2", "3*2"),
        ("*100000", "*100000"),
        ("*12345 + *678", "*12959"),
        ("^ + *99999", "^*99999"),
        ("*100000 + *100000 == 0", "true"),
        ("overheat({1|0}, *, 1)", "{1*|-1}"),
    ] {
        assert_eq!(ok(&["calc", expression]), format!("{value}\n"), "{expression}");
    }
    assert_eq!(ok(&["calc", "--unicode", "v<3>"]), "↓<3>\n");
    assert_eq!(ok(&["calc", "--unicode", "^ + *99999"]), "↑*99999\n");
    // The JSON's value is the same text.
    assert_eq!(json(&["calc", "--json", "*100000 + ^"])["value"], "^*100000");
    // The printed text reads back.
    assert_eq!(ok(&["calc", "Tiny(2) == {0||0|-2}"]), "true\n");
}

#[test]
fn calc_errors_are_one_line_with_a_column() {
    let e = fails(&["calc", "*100000 + {1|0}"]);
    assert!(e.contains("too large to build") && e.contains("column 9"), "{e}");
    let e = fails(&["calc", "^<0>"]);
    assert!(e.contains("column 2"), "{e}");
    let e = fails(&["calc", "frobnicate"]);
    assert!(
        e.contains("cool") && e.contains("Tiny") && e.contains("loopy values"),
        "{e}"
    );
    let e = fails(&["calc", "frobnicate(1)"]);
    assert!(e.contains("functions: cool"), "{e}");
}

#[test]
fn help_calc_lists_every_function_and_notation() {
    let help = ok(&["help", "calc"]);
    for (what, _) in grundy_cgt::calc::FUNCTIONS
        .iter()
        .chain(grundy_cgt::calc::NOTATION)
    {
        assert!(help.contains(what), "{what} missing from:\n{help}");
    }
    for name in [
        "^<n>",
        "^[n]",
        "Tiny(G)",
        "G:H",
        "G.U",
        "3*G",
        "*100000",
        "on off over",
    ] {
        assert!(help.contains(name), "{name} missing from:\n{help}");
    }
}
