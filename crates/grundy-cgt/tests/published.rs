//! Values published in the repository's docs read back with what the README says
//! of them.

use grundy_cgt::{OutcomeClass, Universe};

/// The empty 4x10 Domineering board (computed by `grundy value
/// domineering:rows=4,cols=10 start`, 907 s): the file is the value in CGSuite's
/// notation, and the README quotes its class, stops, mean, temperature, birthday
/// and reduced form.
#[test]
fn the_published_4x10_domineering_value_reads_back() {
    let text = include_str!("../../../docs/domineering-4x10-value.txt").trim();
    let mut u = Universe::new();
    u.set_memory_limit(1 << 30);
    let g = u.parse(text).expect("the published value parses");
    assert_eq!(u.outcome(g), OutcomeClass::R);
    let show = |u: &mut Universe, x| u.display(x, false);
    let (ls, rs) = (u.left_stop(g), u.right_stop(g));
    let (mean, temperature) = (u.mean(g), u.temperature(g));
    let stops = [ls, rs, mean, temperature].map(|d| {
        let x = u.number(d);
        show(&mut u, x)
    });
    assert_eq!(stops, ["-1/2", "-1", "-5/8", "9/8"]);
    assert_eq!(u.birthday(g), 18);
    let reduced = u.reduced(g);
    assert_eq!(show(&mut u, reduced), "{3/2|-1/2||-1,-5/4±3/4|-5/2}");
    // The notation round-trips (printed with CGSuite's names, such as Tiny(2)).
    let shown = show(&mut u, g);
    assert!(shown.contains("Tiny(2)"), "{shown}");
    assert_eq!(u.parse(&shown), Ok(g));
}
