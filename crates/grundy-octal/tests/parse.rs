//! Parsing of game descriptions and error messages.

use grundy_octal::{HeapRules, OctalCode};

fn err(s: &str) -> String {
    s.parse::<HeapRules>().unwrap_err().to_string()
}

#[test]
fn codes_parse_and_print() {
    for (input, shown) in [
        ("0.137", "0.137"),
        (".07", "0.07"),
        ("4.07", "4.07"),
        ("0.6111", "0.6111"),
        ("0.770", "0.77"),
        ("0.F6", "0.F6"),
        ("0x0.16", "0x0.16"),
        ("0xc.1", "C.1"),
        ("4.", "4.0"),
        ("kayles", "0.77"),
        ("Dawson", "0.07"),
        ("grundy", "grundy"),
        ("split", "split"),
        ("S(4, 1,3,3)", "S(1,3,4)"),
        ("sub:2,5", "S(2,5)"),
    ] {
        let r: HeapRules = input.parse().unwrap();
        assert_eq!(r.to_string(), shown, "{input}");
        assert_eq!(shown.parse::<HeapRules>().unwrap(), r, "{shown}");
    }
    let c = OctalCode::parse("0.0000123").unwrap();
    assert_eq!(c.max_removed(), 7);
    assert_eq!(HeapRules::kayles().max_removed(), Some(2));
    assert_eq!(HeapRules::grundy().max_removed(), None);
}

#[test]
fn errors_are_one_line_and_name_the_part() {
    assert_eq!(err("0.18"), "invalid octal digit '8' at position 3 in \"0.18\"");
    assert_eq!(
        err("0x0.1G"),
        "invalid hexadecimal digit 'G' at position 5 in \"0x0.1G\""
    );
    assert!(err("3.07").contains("digit '3' before the point"));
    assert!(err("2.1").contains("meaningless for k = 0"));
    assert!(err("12.3").contains("more than one digit before the point"));
    assert!(err("0.1.2").contains("invalid octal digit '.'"));
    assert!(err("S(1,x)").contains("\"x\""));
    assert!(err("S(0)").contains("\"0\""));
    assert!(err("chess").starts_with("unknown game \"chess\""));
    assert_eq!(err("  "), "empty game description");
    assert!(err("0x77").contains("missing '.'"));
    for bad in ["0.18", "0x0.1G", "3.07", "S(1,x)", "chess", "0.1.2", "é.1", "0.é"] {
        let e = err(bad);
        assert!(!e.contains('\n'), "{e}");
    }
}
