//! `grundy plot`: every kind as a valid PNG of the requested size and as well-formed
//! SVG; snapshots of the SVG structure (element names and counts, not coordinates).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

fn grundy(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn out_path(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("plot-tests");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Plot to `name`; the written file.
fn plot(game: &str, kind: &str, name: &str, extra: &[&str]) -> Vec<u8> {
    let path = out_path(name);
    let _ = std::fs::remove_file(&path);
    let p = path.to_str().unwrap();
    let mut args = vec!["plot", game, "--kind", kind, "--out", p];
    args.extend_from_slice(extra);
    let (code, out, err) = grundy(&args);
    assert_eq!(code, 0, "{args:?}: {err}");
    assert!(out.starts_with(&format!("wrote {p}")), "{out}");
    std::fs::read(&path).unwrap()
}

/// Decode a PNG: its size, and whether it has more than one colour.
fn png_info(bytes: &[u8]) -> (u32, u32, bool) {
    let decoder = png::Decoder::new(bytes);
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut buf).expect("PNG data");
    let data = &buf[..frame.buffer_size()];
    let first = &data[..3];
    let varied = data.chunks(3).any(|px| px != first);
    (frame.width, frame.height, varied)
}

/// Element names and counts of an SVG, as a snapshot-friendly listing; the texts.
fn svg_structure(bytes: &[u8]) -> (String, Vec<String>) {
    let text = std::str::from_utf8(bytes).expect("UTF-8 SVG");
    let doc = roxmltree::Document::parse(text).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut texts = Vec::new();
    for node in doc.descendants().filter(|n| n.is_element()) {
        *counts.entry(node.tag_name().name().to_string()).or_default() += 1;
        if node.tag_name().name() == "text" {
            texts.push(node.text().unwrap_or("").trim().to_string());
        }
    }
    let size = format!(
        "svg {}x{}\n",
        root.attribute("width").unwrap_or("?"),
        root.attribute("height").unwrap_or("?")
    );
    let listing: String = counts.iter().map(|(k, v)| format!("{k}: {v}\n")).collect();
    (size + &listing, texts)
}

const KINDS: [(&str, &str, &[&str]); 5] = [
    ("subtraction:1,3,4", "sequence", &["--to", "60"]),
    ("nim", "sequence", &["--to", "20"]),
    ("euclid", "map", &["--to", "40"]),
    ("wythoff", "map", &["--to", "40"]),
    ("digits:width=1", "table", &["--to", "12"]),
];

#[test]
fn every_kind_is_a_png_of_the_requested_size() {
    for (i, (game, kind, extra)) in KINDS.iter().enumerate() {
        let mut args = extra.to_vec();
        args.extend_from_slice(&["--size", "640x480"]);
        let bytes = plot(game, kind, &format!("k{i}.png"), &args);
        assert_eq!(png_info(&bytes), (640, 480, true), "{game} {kind}");
        // The default size.
        let bytes = plot(game, kind, &format!("k{i}-default.png"), extra);
        assert_eq!(png_info(&bytes), (800, 600, true), "{game} {kind}");
    }
}

#[test]
fn every_kind_is_well_formed_svg() {
    let names = ["sequence", "sequence_nim", "map_euclid", "map_wythoff", "table"];
    for (i, (game, kind, extra)) in KINDS.iter().enumerate() {
        let bytes = plot(game, kind, &format!("k{i}.svg"), extra);
        let (structure, texts) = svg_structure(&bytes);
        assert!(structure.starts_with("svg 800x600\n"), "{structure}");
        // A title, axis labels and a legend.
        let all = texts.join("\n");
        for needle in match *kind {
            "sequence" => &["nim-values", "heap size n", "nim-value G(n)"][..],
            "map" => &["outcome of (a, b)", "lose (P-position)", "win (N-position)"][..],
            _ => &["starting number", "turns M", "first player wins"][..],
        } {
            assert!(all.contains(needle), "{needle} missing from {game} {kind}: {all}");
        }
        insta::assert_snapshot!(names[i], structure);
    }
}

#[test]
fn a_proved_period_is_marked() {
    let bytes = plot("subtraction:1,3,4", "sequence", "period.svg", &["--to", "30"]);
    let (_, texts) = svg_structure(&bytes);
    assert!(texts.iter().any(|t| t == "period 7"), "{texts:?}");
    assert!(
        texts.iter().any(|t| t.contains("periodic from n = 0")),
        "{texts:?}"
    );
    let bytes = plot("grundy", "sequence", "noperiod.svg", &["--to", "10"]);
    let (_, texts) = svg_structure(&bytes);
    assert!(texts.iter().any(|t| t.contains("no period proved")), "{texts:?}");
}

#[test]
fn errors_exit_2_with_one_line() {
    let png = out_path("bad.png");
    let png = png.to_str().unwrap();
    let jpg = out_path("bad.jpg");
    let jpg = jpg.to_str().unwrap();
    let cases: Vec<Vec<&str>> = vec![
        vec!["plot", "nim", "--kind", "sequence", "--out", jpg],
        vec!["plot", "nim", "--kind", "sequence", "--out", "noextension"],
        vec![
            "plot", "nim", "--kind", "sequence", "--out", png, "--size", "0x600",
        ],
        vec![
            "plot", "nim", "--kind", "sequence", "--out", png, "--size", "800x0",
        ],
        vec![
            "plot",
            "nim",
            "--kind",
            "sequence",
            "--out",
            png,
            "--size",
            "100000x600",
        ],
        vec!["plot", "nim", "--kind", "sequence", "--out", png, "--size", "big"],
        vec!["plot", "euclid", "--kind", "sequence", "--out", png],
        vec!["plot", "nim", "--kind", "table", "--out", png],
        vec!["plot", "digits:width=4", "--kind", "table", "--out", png],
        vec![
            "plot",
            "subtraction:1,2",
            "--kind",
            "map",
            "--out",
            png,
            "--to",
            "0",
        ],
        vec!["plot", "digits:turns=3", "--kind", "map", "--out", png],
        vec![
            "plot", "nim", "--kind", "sequence", "--out", png, "--to", "99999999",
        ],
        vec!["plot", "nim", "--kind", "nosuchkind", "--out", png],
        vec![
            "plot",
            "nim",
            "--kind",
            "sequence",
            "--out",
            "/nonexistent-dir/x.png",
        ],
    ];
    for args in cases {
        let (code, _, err) = grundy(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.starts_with("error"), "{args:?}: {err}");
    }
    // Nothing was written for the refused ones.
    assert!(!std::path::Path::new(jpg).exists());
}

#[test]
fn a_game_file_of_a_heap_game_plots_like_its_builtin_twin() {
    let file = format!("{}/../../examples/games/kayles.toml", env!("CARGO_MANIFEST_DIR"));
    for (game, name) in [("kayles", "kayles.svg"), (file.as_str(), "kayles-file.svg")] {
        let bytes = plot(game, "sequence", name, &["--to", "100"]);
        let (_, texts) = svg_structure(&bytes);
        assert!(texts.iter().any(|t| t == "period 12"), "{game}: {texts:?}");
        assert!(
            texts.iter().any(|t| t.contains("periodic from n = 71")),
            "{game}: {texts:?}"
        );
    }
}
