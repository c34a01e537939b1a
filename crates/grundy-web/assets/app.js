// grundy's page: a thin shell over the JSON API (/api/...). It knows no game by
// name: the games come from /api/catalogue and /api/served, boards are drawn from
// the grid /api/board gives, and every answer is the CLI's --json object.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

// Requests in flight, shown as "computing…" in the header.
let inFlight = 0;
function busy(delta) {
  inFlight += delta;
  const b = document.getElementById("busy");
  if (b) b.textContent = inFlight > 0 ? "computing…" : "";
}

async function api(endpoint, fields) {
  busy(1);
  let response, data;
  try {
    response = await fetch("/api/" + endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(fields || {}),
    });
    data = await response.json();
  } finally {
    busy(-1);
  }
  if (!response.ok) {
    throw new Error(data && data.error ? data.error : "HTTP " + response.status);
  }
  return data;
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
}

function svg(tag, attrs) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

function showError(id, e) {
  $(id).textContent = e ? forThePage(String(e.message || e)) : "";
}

// A text of the API in the page's words: a command-line flag (--max-heap) is the
// control or field of that name (max heap), and advice to raise a limit of the
// server's, which the page cannot change, is left out.
function forThePage(text) {
  return text.replace(/\s*\(raise --[a-z-]+\)/g, "").replace(/--([a-z][a-z-]*)/g, (_, flag) => flag.replace(/-/g, " "));
}

// Only the latest call of each loader draws: an answer that comes back after a
// newer question (a double click, a tab that loads while the user types) is dropped.
const generations = {};
function begin(name) {
  const g = (generations[name] = (generations[name] || 0) + 1);
  return () => generations[name] !== g;
}

// ---------- tabs ----------
for (const b of document.querySelectorAll("#tabs button")) {
  b.addEventListener("click", () => {
    for (const o of document.querySelectorAll("#tabs button")) o.classList.toggle("active", o === b);
    for (const t of document.querySelectorAll(".tab")) t.classList.toggle("active", t.id === b.dataset.tab);
    // A page shows its default question the first time it is opened.
    const load = autoload[b.dataset.tab];
    if (load && document.body.dataset.ready === "1") {
      delete autoload[b.dataset.tab];
      load();
    }
  });
}
const autoload = {};

// ---------- the games ----------
let families = [];
let served = [];

// One option per game of the catalogue that has an example (or a served file),
// whose value is the game text and the start position.
function fillSelect(select, keep) {
  clear(select);
  const games = [];
  for (const g of served) {
    // A served game starts at its start: its position is left to the server.
    if (keep(g)) games.push({ label: g.name + " (file)", game: g.name, position: "", info: g });
  }
  for (const f of families) {
    if (f.example && keep(f)) {
      games.push({ label: f.name + " — " + f.summary, game: f.example.game, position: f.example.position, info: f });
    }
  }
  games.forEach((g, i) => select.append(el("option", { value: String(i) }, g.label)));
  select.games = games;
  return games;
}

function selected(select) {
  return select.games ? select.games[Number(select.value)] : null;
}

// ---------- play ----------
const play = {
  game: "",
  partizan: false,
  history: [], // positions, as the API writes them
  index: 0, // the position shown: history[index]
  cache: new Map(), // key -> promise of an API answer
  pick: null, // the first cell of a move chosen in two clicks
  busy: false,
};

function cached(endpoint, fields) {
  const key = endpoint + " " + JSON.stringify(fields);
  if (!play.cache.has(key)) {
    const p = api(endpoint, fields);
    p.catch(() => play.cache.delete(key));
    play.cache.set(key, p);
  }
  return play.cache.get(key);
}

// The side to move at step `i` of a partizan game (Left and Right alternate from
// the chosen first player); for other games the position says who moves.
function sideAt(i) {
  const first = $("play-first").value;
  const other = first === "left" ? "right" : "left";
  return i % 2 === 0 ? first : other;
}

function fields(position, i) {
  const f = { game: play.game, position: position, misere: $("play-misere").checked };
  if (play.partizan) f.first = sideAt(i);
  return f;
}

// The mover's result of a move: it wins when the position it leaves is lost for
// the player to move there.
function moveClass(m) {
  if (m.wins) return "win";
  if (m.outcome === "draw") return "draw";
  return "lose";
}

function remotenessText(r) {
  return r === null || r === undefined ? "remoteness unknown" : "remoteness " + r;
}

// The perfect player's choice: the fastest win, else a draw, else the slowest loss.
function bestMove(moves) {
  const score = (m) => {
    const r = m.remoteness === null || m.remoteness === undefined ? 1e9 : m.remoteness;
    if (m.wins) return 3e9 - r;
    if (m.outcome === "draw") return 1e9;
    return r;
  };
  let best = null;
  for (const m of moves) if (best === null || score(m) > score(best)) best = m;
  return best;
}

async function startGame() {
  const stale = begin("play");
  showError("play-error", null);
  const game = $("play-game").value.trim();
  const position = $("play-position").value.trim();
  try {
    play.pick = null;
    // A partizan game's answer says who moves (to_move): then the sides alternate.
    // An impartial game's normal-play answer has a nim-value: then heaps are tokens.
    const probe = await api("solve", { game, position: position || undefined });
    if (stale()) return;
    const partizan = probe.to_move !== undefined;
    const solve = await api("solve", { game, position: probe.position, misere: $("play-misere").checked, first: partizan ? sideAt(0) : undefined });
    if (stale()) return;
    // The game, its kind and its history change together: a render in between
    // never mixes one game's name with another's positions.
    play.cache.clear();
    play.game = game;
    play.partizan = partizan;
    play.impartial = probe.nimber !== null && probe.nimber !== undefined;
    play.history = [solve.position];
    if (!position) $("play-position").value = solve.position;
    play.index = 0;
    $("play-first-label").style.display = play.partizan ? "" : "none";
    await render();
    if (stale()) return;
  } catch (e) {
    showError("play-error", e);
  }
}

async function render() {
  const stale = begin("render");
  const i = play.index;
  const position = play.history[i];
  const f = fields(position, i);
  showError("play-error", null);
  let solve, moves, board, owners;
  try {
    let drawn;
    [solve, moves, drawn, owners] = await Promise.all([cached("solve", f), cached("moves", f), cached("board", { game: play.game, position }), piecesPlaced(i)]);
    if (stale()) return;
    board = drawn.board;
  } catch (e) {
    showError("play-error", e);
    return;
  }
  play.moves = moves.moves;
  play.board = board;
  const mover = play.partizan ? (sideAt(i) === "left" ? "Left" : "Right") : "Player " + ((i % 2) + 1);
  // The board's own note says who moves in its words (x, o, Blue), when it has one.
  const note = board && board.notes ? board.notes.find((n) => / to move/.test(n)) : null;
  $("play-summary").textContent = play.game + " · move " + i + " · " + mover + " to move" + (note ? " (" + note + ")" : "");
  const status = $("play-status");
  if (moves.moves.length === 0) {
    status.textContent = "Game over: " + describe(solve, mover);
  } else {
    status.textContent = describe(solve, mover);
  }
  const w = $("play-winning-moves");
  w.textContent = $("play-winning").checked
    ? "winning moves: " + (solve.winning_moves === null ? "not listed" : solve.winning_moves.length ? solve.winning_moves.join("  ") : "none")
    : "";
  clear($("play-tree"));
  // Heaps are drawn as tokens in an impartial game whose position is a list of
  // numbers and that draws no board of its own.
  drawPosition(board, position, play.impartial, owners);
  drawMoves(moves.moves);
  drawHistory();
  $("play-undo").disabled = i === 0;
  $("play-redo").disabled = i >= play.history.length - 1;
  // For tests and scripts: what is shown.
  document.body.dataset.index = String(i);
  document.body.dataset.game = play.game;
  document.body.dataset.position = position;
  document.body.dataset.over = moves.moves.length === 0 ? "1" : "0";
  maybeOpponent();
}

function describe(solve, mover) {
  const outcome = solve.outcome;
  let text;
  if (outcome === "draw") text = "a draw with perfect play";
  else text = mover + (outcome === "win" ? " wins" : " loses") + " with perfect play";
  if (solve.remoteness !== null && solve.remoteness !== undefined) text += " (remoteness " + solve.remoteness + ")";
  if (solve.nimber !== null && solve.nimber !== undefined) text += ", nim-value " + solve.nimber;
  if (solve.value !== undefined && solve.value !== null) text += ", value " + solve.value;
  return text;
}

function drawMoves(moves) {
  const box = $("play-moves");
  clear(box);
  const colour = $("play-values").checked;
  const best = $("play-winning").checked ? bestMove(moves) : null;
  for (const m of moves) {
    const cls = colour ? moveClass(m) : "";
    const b = el("button", {
      class: cls + (best === m && m.wins ? " best" : ""),
      title: (m.move ? m.move + " → " : "") + m.position + ": " + moveClass(m) + " for the mover, " + remotenessText(m.remoteness),
      "data-position": m.position,
      "data-result": moveClass(m),
      onclick: () => makeMove(m),
    }, m.move || m.position);
    box.append(b);
  }
  if (moves.length === 0) box.append(el("span", {}, "no moves"));
}

function makeMove(m) {
  play.history = play.history.slice(0, play.index + 1);
  play.history.push(m.position);
  play.index += 1;
  play.pick = null;
  render();
}

// Who the perfect opponent plays: player 1 moves at even steps.
function opponentToMove() {
  const who = $("play-opponent").value;
  if (who === "none") return false;
  const player = (play.index % 2) + 1;
  return String(player) === who;
}

let opponentTimer = null;
function maybeOpponent() {
  clearTimeout(opponentTimer);
  if (!play.moves || play.moves.length === 0 || !opponentToMove()) return;
  if (play.index < play.history.length - 1) return; // not while replaying: redo goes on
  opponentTimer = setTimeout(() => {
    if (!opponentToMove()) return;
    const m = bestMove(play.moves);
    if (m) makeMove(m);
  }, 250);
}

// ----- drawing a position generically -----
function cellsOf(board) {
  return board ? board.rows.map((r) => r.cells.map((c) => c.glyph)) : null;
}

function drawPosition(board, position, tokens, owners) {
  const box = $("play-board");
  clear(box);
  if (board && board.rows && board.rows.length) {
    box.append(drawGrid(board, (r, c, td) => clickCell(r, c), owners));
    return;
  }
  const heaps = tokens ? heapsOf(position) : null;
  if (heaps) {
    box.append(drawHeaps(heaps));
    return;
  }
  box.append(el("div", { class: "textpos" }, position));
}

// The board's grid; `owners` (optional) names the side whose move filled a cell
// ("left" or "right", as a key "row,col"), for the pieces that the position does
// not mark with their owner.
function drawGrid(board, onclick, owners) {
  const table = el("table", {});
  let placed = false;
  board.rows.forEach((row, r) => {
    const tr = el("tr", {}, el("td", { class: "label" }, row.label || ""));
    row.cells.forEach((cell, c) => {
      const cls = ["cell"];
      if (cell.owner) cls.push(cell.owner);
      const side = !cell.owner && cell.glyph !== "." && owners ? owners.get(r + "," + c) : null;
      if (side) {
        cls.push("by-" + side);
        placed = true;
      }
      if (cell.last) cls.push("last");
      const attrs = { class: cls.join(" "), "data-row": String(r), "data-col": String(c) };
      if (side) attrs.title = "placed by " + sideName(side);
      const td = el("td", attrs, cell.glyph === "." ? "" : cell.glyph);
      td.addEventListener("click", () => onclick(r, c, td));
      tr.append(td);
    });
    table.append(tr);
  });
  if (board.columns && board.columns.length) {
    const tr = el("tr", {}, el("td", {}));
    for (const c of board.columns) tr.append(el("th", {}, c));
    table.append(tr);
  }
  const wrap = el("div", {}, table);
  if (placed) wrap.append(el("div", { class: "notes" }, el("span", { class: "by-left" }, "Left's pieces"), " ", el("span", { class: "by-right" }, "Right's pieces")));
  for (const n of board.notes || []) wrap.append(el("div", { class: "notes" }, n));
  return wrap;
}

function sideName(side) {
  return side === "left" ? "Left" : "Right";
}

// Who placed each piece on the board shown at step `upto` of a partizan game: the
// cells each move of the history changed, with the side that moved. A position
// says only that a cell is filled (a domino's two cells); the history says by
// whom. null for other games, whose boards mark their owners themselves.
async function piecesPlaced(upto) {
  if (!play.partizan || upto === 0) return null;
  const game = play.game;
  const boards = await Promise.all(play.history.slice(0, upto + 1).map((position) => cached("board", { game, position })));
  const owners = new Map();
  for (let k = 0; k < upto; k++) {
    for (const [r, c] of diff(cellsOf(boards[k].board), cellsOf(boards[k + 1].board))) owners.set(r + "," + c, sideAt(k));
  }
  return owners;
}

// A position that is a list of numbers (heaps): [3, 4, 5] or 3,4,5 or 3 4 5.
function heapsOf(position) {
  const text = String(position).replace(/^[\[(]|[\])]$/g, "").trim();
  if (!/^\d+([\s,]+\d+)*$/.test(text)) return null;
  const heaps = text.split(/[\s,]+/).map(Number);
  if (heaps.some((h) => h > 200)) return null;
  return heaps;
}

function drawHeaps(heaps) {
  const box = el("div", { class: "heaps" });
  heaps.forEach((h, i) => {
    const row = el("div", { class: "heap" }, el("span", { class: "label" }, "heap " + (i + 1) + ": " + h));
    for (let k = 0; k < h; k++) {
      const t = el("span", { class: "token", title: "leave " + k + " in heap " + (i + 1), "data-heap": String(i), "data-token": String(k) });
      t.addEventListener("click", () => clickToken(heaps, i, k));
      t.addEventListener("mouseenter", () => row.querySelectorAll(".token").forEach((x, j) => x.classList.toggle("hover", j >= k)));
      t.addEventListener("mouseleave", () => row.querySelectorAll(".token").forEach((x) => x.classList.remove("hover")));
      row.append(t);
    }
    box.append(row);
  });
  return box;
}

// A click on token k of heap i: the move that leaves heap i with k tokens and the
// others as they are (compared as multisets: a game may sort its heaps).
function clickToken(heaps, i, k) {
  const want = heaps.slice();
  want[i] = k;
  const key = (hs) => hs.filter((h) => h > 0).sort((a, b) => a - b).join(",");
  const target = key(want);
  const m = (play.moves || []).find((m) => {
    const hs = heapsOf(m.position);
    return hs && key(hs) === target;
  });
  if (m) makeMove(m);
  else showError("play-error", "no move leaves " + k + " in heap " + (i + 1) + "; pick one from the list of moves");
}

// The cells where two grids differ.
function diff(a, b) {
  const out = [];
  if (!a || !b || a.length !== b.length) return out;
  for (let r = 0; r < a.length; r++) {
    if (a[r].length !== b[r].length) return [];
    for (let c = 0; c < a[r].length; c++) if (a[r][c] !== b[r][c]) out.push([r, c]);
  }
  return out;
}

// A click on a cell: the move whose board differs from this one there. When
// several do (a piece that can go more than one way), the cell is picked and the
// next click on one of the other changed cells chooses.
async function clickCell(r, c) {
  if (!play.moves) return;
  // A cell that names its moves (an edge to cut, a cake cut there): the side to
  // move's move of that name.
  const named = ((play.board.rows[r] || {}).cells || [])[c];
  if (named && named.moves && named.moves.length) {
    const m = play.moves.find((x) => x.move && named.moves.includes(x.move));
    if (m) makeMove(m);
    else showError("play-error", "no move there for the side to move; pick one from the list of moves");
    return;
  }
  const here = cellsOf(play.board);
  let changes;
  try {
    changes = await Promise.all(play.moves.map(async (m) => diff(here, cellsOf((await cached("board", { game: play.game, position: m.position })).board))));
  } catch (e) {
    showError("play-error", e);
    return;
  }
  const touches = (d, rr, cc) => d.some(([x, y]) => x === rr && y === cc);
  let candidates = play.moves.map((m, k) => ({ m, d: changes[k] }));
  if (play.pick) {
    const [pr, pc] = play.pick;
    const both = candidates.filter((x) => touches(x.d, pr, pc) && touches(x.d, r, c));
    if (both.length >= 1) {
      makeMove(both[0].m);
      return;
    }
    play.pick = null;
  }
  let hit = candidates.filter((x) => touches(x.d, r, c));
  if (hit.length === 0) {
    // No move changes this cell: a move in its column (a piece dropped), else its row.
    hit = candidates.filter((x) => x.d.length && x.d.every(([, y]) => y === c));
    if (hit.length !== 1) hit = candidates.filter((x) => x.d.length && x.d.every(([xx]) => xx === r));
  }
  if (hit.length === 1) {
    makeMove(hit[0].m);
    return;
  }
  if (hit.length > 1) {
    // The move whose first changed cell (reading order) is this one, if one only.
    const first = hit.filter((x) => x.d.length && x.d[0][0] === r && x.d[0][1] === c);
    if (first.length === 1 && hit.every((x) => x.d.length === first[0].d.length && x.d[0][0] * 1e4 + x.d[0][1] <= first[0].d[0][0] * 1e4 + first[0].d[0][1])) {
      makeMove(first[0].m);
      return;
    }
    play.pick = [r, c];
    const cells = document.querySelectorAll("#play-board td.cell");
    cells.forEach((td) => {
      const rr = Number(td.dataset.row), cc = Number(td.dataset.col);
      td.classList.toggle("pick", rr === r && cc === c);
      td.classList.toggle("target", hit.some((x) => touches(x.d, rr, cc) && !(rr === r && cc === c)));
    });
    showError("play-error", "several moves change this cell: click the second cell of the move, or pick one from the list");
    return;
  }
  showError("play-error", "no move there; pick one from the list of moves");
}

// ----- the value history: remoteness after each move, signed for player 1 -----
async function drawHistory() {
  const box = $("play-history");
  const upto = play.history.slice(0, play.index + 1);
  let solves;
  try {
    solves = await Promise.all(upto.map((p, i) => cached("solve", fields(p, i))));
  } catch (e) {
    return;
  }
  clear(box);
  const W = Number(box.getAttribute("width")), H = Number(box.getAttribute("height"));
  const points = solves.map((s, i) => {
    // Positive: good for the first player (player 1 or the first side).
    const r = s.remoteness === null || s.remoteness === undefined ? 0 : s.remoteness;
    let v = s.outcome === "draw" ? 0 : s.outcome === "win" ? r + 1 : -(r + 1);
    if (i % 2 === 1) v = -v;
    return { i, v, s };
  });
  const maxV = Math.max(2, ...points.map((p) => Math.abs(p.v)));
  const n = Math.max(points.length - 1, 8);
  const x = (i) => 30 + (i * (W - 40)) / n;
  const y = (v) => H / 2 - (v * (H / 2 - 15)) / maxV;
  box.append(svg("line", { x1: 30, y1: y(0), x2: W - 10, y2: y(0), stroke: "#e5b820", "stroke-width": 2 }));
  const label = (text, yy) => {
    const t = svg("text", { x: 2, y: yy, "font-size": 10, fill: "#555" });
    t.textContent = text;
    box.append(t);
  };
  const firstName = play.partizan ? (sideAt(0) === "left" ? "Left" : "Right") : "P1";
  const secondName = play.partizan ? (sideAt(1) === "left" ? "Left" : "Right") : "P2";
  label(firstName + " wins", 12);
  label("draw", y(0) - 3);
  label(secondName + " wins", H - 4);
  box.append(svg("polyline", { points: points.map((p) => x(p.i) + "," + y(p.v)).join(" "), fill: "none", stroke: "#2b3a55", "stroke-width": 2 }));
  for (const p of points) {
    const dot = svg("circle", { cx: x(p.i), cy: y(p.v), r: 4, fill: p.v > 0 ? "#2e9d4a" : p.v < 0 ? "#c0392b" : "#e5b820" });
    const t = svg("title");
    t.textContent = "after move " + p.i + ": " + p.s.outcome + " for the player to move, " + remotenessText(p.s.remoteness);
    dot.append(t);
    box.append(dot);
  }
}

// The strategy tree of `explain`, read forwards in the game's move names: the
// move to play, then each reply to it and the answer to that. A node of the tree
// is a position, its result for the player to move there, and in `move` the
// position that the move to play leaves; its replies are the positions the
// opponent can leave after it.
async function explainPosition() {
  const box = $("play-tree");
  clear(box);
  try {
    const i = play.index;
    const tree = await api("explain", Object.assign(fields(play.history[i], i), { depth: 2, replies: 6 }));
    box.append(el("ul", {}, await treeNode(tree, i, null)));
  } catch (e) {
    box.append(el("p", { class: "error" }, forThePage(e.message)));
  }
}

// The name of the move from `from` (at step i of the game) to `to`; the position
// it leaves when the game does not name its moves (or it is not found).
async function moveName(from, to, i) {
  // A partizan tree's positions say who moves there: "... (Left to move)".
  const plain = (p) => p.replace(/ \([^()]* to move\)$/, "");
  try {
    const found = (await cached("moves", fields(plain(from), i))).moves.find((m) => m.position === plain(to));
    return found && found.move ? found.move : plain(to);
  } catch (e) {
    return plain(to);
  }
}

// A node reached by `reply` (the opponent's move's name; null at the root), at
// step i: "reply: win in 3 — play c3 (rule)", then its replies.
async function treeNode(n, i, reply) {
  const result = n.outcome + (n.remoteness !== null && n.remoteness !== undefined ? " in " + n.remoteness : "");
  let text = (reply ? "if the reply is " + reply + ": " : n.position + ": ") + result + " for the player to move";
  if (n.move) text += " — play " + (await moveName(n.position, n.move, i));
  const li = el("li", {}, el("span", { class: "pos" }, text), n.rule ? " (" + forThePage(n.rule) + ")" : "");
  if (n.move && n.replies && n.replies.length) {
    const ul = el("ul", {});
    for (const r of n.replies) ul.append(await treeNode(r, i + 2, await moveName(n.move, r.position, i + 1)));
    if (n.omitted) ul.append(el("li", {}, "… " + n.omitted + " more replies"));
    li.append(ul);
  }
  return li;
}
$("play-explain").addEventListener("click", explainPosition);

$("play-family").addEventListener("change", () => {
  const g = selected($("play-family"));
  if (!g) return;
  $("play-game").value = g.game;
  $("play-position").value = g.position;
  startGame();
});
$("play-start").addEventListener("click", startGame);
$("play-undo").addEventListener("click", () => {
  if (play.index > 0) {
    // Against the opponent, undo goes back to the last position where you moved.
    play.index -= 1;
    if ($("play-opponent").value !== "none" && play.index > 0 && opponentToMove()) play.index -= 1;
    render();
  }
});
$("play-redo").addEventListener("click", () => {
  if (play.index < play.history.length - 1) {
    play.index += 1;
    render();
  }
});
for (const id of ["play-misere", "play-first"]) $(id).addEventListener("change", startGame);
for (const id of ["play-game", "play-position"]) {
  $(id).addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") startGame();
  });
}
// The arrow keys walk the game (undo, redo) when the Play page is shown and no
// field has the keyboard.
document.addEventListener("keydown", (ev) => {
  if (!$("play").classList.contains("active") || ["INPUT", "SELECT"].includes(document.activeElement.tagName)) return;
  if (ev.key === "ArrowLeft") $("play-undo").click();
  if (ev.key === "ArrowRight") $("play-redo").click();
});
for (const id of ["play-values", "play-winning", "play-opponent"]) $(id).addEventListener("change", render);

// ---------- the nim-sequence ----------
const seq = { values: [], period: null };

async function plotSequence() {
  const stale = begin("seq");
  showError("seq-error", null);
  const game = $("seq-game").value.trim();
  const from = Math.max(0, Number($("seq-from").value) || 0);
  const to = Math.max(from, Number($("seq-to").value) || 0);
  try {
    const values = await api("values", { game, from, to });
    if (stale()) return;
    seq.values = values.values;
    drawSequence();
    const shown = values.values.slice(0, 1000).map((v) => v.nimber).join(" ");
    $("seq-values").textContent = "G(" + from + "…" + to + ") = " + shown + (values.values.length > 1000 ? " …" : "");
  } catch (e) {
    showError("seq-error", e);
    return;
  }
  try {
    const period = await api("period", { game });
    if (stale()) return;
    seq.period = period;
    let text = period.period ? (period.proved ? "Proved: " : "Apparent: ") + "preperiod " + period.preperiod + ", period " + period.period + ", saltus " + period.saltus : "No period found (checked to " + period.checked_to + ")";
    if (period.rule) text += ". " + forThePage(period.rule);
    $("seq-period").textContent = text;
  } catch (e) {
    seq.period = null;
    $("seq-period").textContent = "Period: " + forThePage(e.message);
  }
  drawSequence();
}

function drawSequence() {
  const box = $("seq-plot");
  clear(box);
  const vals = seq.values;
  if (!vals.length) return;
  const W = Number(box.getAttribute("width")), H = Number(box.getAttribute("height"));
  const lo = vals[0].heap, hi = vals[vals.length - 1].heap;
  const maxG = Math.max(1, ...vals.map((v) => v.nimber));
  const x = (n) => 40 + ((n - lo) * (W - 60)) / Math.max(1, hi - lo);
  const y = (g) => H - 25 - (g * (H - 45)) / maxG;
  const p = seq.period;
  if (p && p.period && (hi - lo) / p.period <= 400) {
    // Shade each period after the preperiod, alternately; a red line at the preperiod.
    for (let s = p.preperiod, k = 0; s <= hi; s += p.period, k++) {
      if (s + p.period < lo) continue;
      if (k % 2 === 0) box.append(svg("rect", { x: x(Math.max(s, lo)) - 2, y: 10, width: Math.max(0, x(Math.min(s + p.period, hi)) - x(Math.max(s, lo))), height: H - 35, fill: p.proved ? "#e8f2ff" : "#f4f4f4" }));
    }
    if (p.preperiod >= lo && p.preperiod <= hi) box.append(svg("line", { x1: x(p.preperiod) - 2, y1: 10, x2: x(p.preperiod) - 2, y2: H - 25, stroke: "#c0392b", "stroke-dasharray": "4 3" }));
  }
  box.append(svg("line", { x1: 40, y1: H - 25, x2: W - 20, y2: H - 25, stroke: "#999" }));
  for (let g = 0; g <= maxG; g += Math.max(1, Math.ceil(maxG / 8))) {
    const t = svg("text", { x: 5, y: y(g) + 4, "font-size": 11, fill: "#555" });
    t.textContent = String(g);
    box.append(t);
  }
  const step = Math.max(1, Math.ceil((hi - lo) / 10));
  for (let n = lo; n <= hi; n += step) {
    const t = svg("text", { x: x(n) - 6, y: H - 8, "font-size": 11, fill: "#555" });
    t.textContent = String(n);
    box.append(t);
  }
  box.append(svg("polyline", { points: vals.map((v) => x(v.heap) + "," + y(v.nimber)).join(" "), fill: "none", stroke: "#9aa", "stroke-width": 1 }));
  const r = vals.length > 300 ? 1.5 : 3;
  // Past a few thousand values the line alone is drawn (zoom in for the points).
  for (const v of vals.length > 3000 ? [] : vals) {
    const c = svg("circle", { cx: x(v.heap), cy: y(v.nimber), r, fill: v.nimber === 0 ? "#c0392b" : "#2b3a55" });
    const t = svg("title");
    t.textContent = "G(" + v.heap + ") = " + v.nimber;
    c.append(t);
    box.append(c);
  }
}

function zoomSequence(factor, centre) {
  const from = Number($("seq-from").value) || 0, to = Number($("seq-to").value) || 0;
  const mid = centre === undefined ? (from + to) / 2 : centre;
  const half = Math.max(4, ((to - from) * factor) / 2);
  $("seq-from").value = String(Math.max(0, Math.round(mid - half)));
  $("seq-to").value = String(Math.max(Math.round(mid + half), 8));
  plotSequence();
}

$("seq-family").addEventListener("change", () => {
  const g = selected($("seq-family"));
  if (g) $("seq-game").value = g.game;
  plotSequence();
});
$("seq-go").addEventListener("click", plotSequence);
$("seq-zoom-in").addEventListener("click", () => zoomSequence(0.5));
$("seq-zoom-out").addEventListener("click", () => zoomSequence(2));
$("seq-plot").addEventListener("wheel", (ev) => {
  ev.preventDefault();
  const box = $("seq-plot");
  const W = Number(box.getAttribute("width"));
  const from = Number($("seq-from").value) || 0, to = Number($("seq-to").value) || 0;
  const at = from + ((ev.offsetX - 40) / (W - 60)) * (to - from);
  zoomSequence(ev.deltaY < 0 ? 0.7 : 1.4, at);
});

// ---------- thermographs ----------
function drawThermograph(box, t) {
  clear(box);
  if (!t || !t.left || !t.right) return;
  const W = Number(box.getAttribute("width")), H = Number(box.getAttribute("height"));
  const pts = t.left.concat(t.right);
  const temps = pts.map((p) => p[0]).concat([0, Number(t.mast_temperature || 0)]);
  const vals = pts.map((p) => p[1]).concat([Number(t.mast)]);
  const maxT = Math.max(1, ...temps) * 1.3;
  const minT = Math.min(0, ...temps.filter((v) => v >= -1));
  const lo = Math.min(...vals) - 1, hi = Math.max(...vals) + 1;
  // Values grow to the left, as thermographs are drawn.
  const x = (v) => W - 30 - ((v - lo) * (W - 60)) / (hi - lo);
  const y = (temp) => H - 30 - ((temp - minT) * (H - 50)) / (maxT - minT);
  box.append(svg("line", { x1: 20, y1: y(0), x2: W - 20, y2: y(0), stroke: "#aaa" }));
  for (let v = Math.ceil(lo); v <= hi; v++) {
    const txt = svg("text", { x: x(v) - 4, y: H - 10, "font-size": 11, fill: "#555" });
    txt.textContent = String(v);
    box.append(txt);
    box.append(svg("line", { x1: x(v), y1: y(0) - 3, x2: x(v), y2: y(0) + 3, stroke: "#aaa" }));
  }
  const wall = (points, colour) => box.append(svg("polyline", { points: points.map((p) => x(p[1]) + "," + y(p[0])).join(" "), fill: "none", stroke: colour, "stroke-width": 2.5, class: "wall" }));
  wall(t.left, "#1f5fbf");
  wall(t.right, "#c0392b");
  const top = Math.max(...pts.map((p) => p[0]), 0);
  box.append(svg("line", { x1: x(t.mast), y1: y(top), x2: x(t.mast), y2: y(maxT), stroke: "#2b3a55", "stroke-width": 2.5, class: "mast" }));
}

async function thermographSummary(t) {
  return "mean " + t.mean + ", temperature " + t.temperature;
}

// ---------- the calculator ----------
async function evaluate() {
  const stale = begin("calc");
  showError("calc-error", null);
  const expression = $("calc-expr").value;
  $("calc-result").textContent = "";
  $("calc-thermo-summary").textContent = "";
  clear($("calc-thermo"));
  try {
    const r = await api("calc", { expression, unicode: $("calc-unicode").checked });
    if (stale()) return;
    $("calc-result").textContent = String(r.value);
    if (typeof r.value === "string") {
      try {
        const ascii = $("calc-unicode").checked ? (await api("calc", { expression })).value : r.value;
        if (stale()) return;
        const t = await api("thermograph", { value: ascii });
        if (stale()) return;
        $("calc-thermo-summary").textContent = "Thermograph: " + (await thermographSummary(t));
        if (stale()) return;
        drawThermograph($("calc-thermo"), t);
      } catch (e) {
        $("calc-thermo-summary").textContent = "No thermograph: " + forThePage(e.message);
      }
    }
  } catch (e) {
    showError("calc-error", e);
  }
}
$("calc-go").addEventListener("click", evaluate);
$("calc-expr").addEventListener("keydown", (ev) => {
  if (ev.key === "Enter") evaluate();
});

// ---------- a partizan board's value ----------
const valuePage = { marks: [] };

// The position as rows of characters, when its text is rows of one character per
// cell joined by a separator and matches the board's shape; editing a cell edits
// that character. null when the text is not of that form.
function gridText(position, board) {
  if (!board || !board.rows) return null;
  const rows = board.rows.length, cols = board.rows[0] ? board.rows[0].cells.length : 0;
  for (const sep of ["|", "/", ",", ";", " "]) {
    const parts = position.split(sep);
    if (parts.length === rows && parts.every((p) => p.length === cols)) return { sep, rows: parts.map((p) => p.split("")) };
  }
  if (rows === 1 && position.length === cols) return { sep: "", rows: [position.split("")] };
  return null;
}

async function loadValue() {
  const stale = begin("value");
  showError("value-error", null);
  const game = $("value-game").value.trim();
  let position = $("value-position").value.trim();
  try {
    // The value first: its answer writes the position as the game does (start
    // becomes its rows), which is the text a click edits.
    const v = await api("value", { game, position });
    if (stale()) return;
    if (v.position && v.position !== position) {
      position = v.position;
      $("value-position").value = position;
    }
    const board = (await api("board", { game, position })).board;
    if (stale()) return;
    const grid = gridText(position, board);
    // The marks a cell cycles through: those of this position and of the family's
    // example, the empty cell first.
    // The marks a cell cycles through: the empty cell, the marks the family's
    // position help quotes ('#'), and those of this position and of its board.
    const chosen = selected($("value-family"));
    const help = chosen && chosen.info && chosen.info.position ? chosen.info.position : "";
    const marks = new Set(["."]);
    for (const m of help.matchAll(/'(.)'/g)) marks.add(m[1]);
    for (const ch of position.split("")) if (ch.trim()) marks.add(ch);
    for (const r of board ? board.rows : []) for (const c of r.cells) if (c.glyph.trim()) marks.add(c.glyph);
    valuePage.marks = [...marks].filter((m) => m.length === 1 && (!grid || m !== grid.sep));
    const box = $("value-board");
    clear(box);
    if (board) {
      box.append(drawGrid(board, (r, c) => {
        if (!grid) {
          showError("value-error", "this position is not written cell by cell; edit its text instead");
          return;
        }
        const cur = grid.rows[r][c];
        const k = valuePage.marks.indexOf(cur);
        grid.rows[r][c] = valuePage.marks[(k + 1) % valuePage.marks.length];
        $("value-position").value = grid.rows.map((row) => row.join("")).join(grid.sep);
        loadValue();
      }));
    } else {
      box.append(el("div", { class: "textpos" }, position));
    }
    const table = $("value-table");
    clear(table);
    for (const [k, val] of Object.entries(v)) {
      if (k === "game" || k === "position") continue;
      table.append(el("tr", {}, el("td", {}, k.replace(/_/g, " ")), el("td", { class: "mono", id: "value-" + k }, val === null ? "—" : String(val))));
    }
    try {
      drawThermograph($("value-thermo"), await api("thermograph", { game, position }));
      if (stale()) return;
    } catch (e) {
      clear($("value-thermo"));
    }
  } catch (e) {
    showError("value-error", e);
  }
}
$("value-family").addEventListener("change", () => {
  const g = selected($("value-family"));
  if (!g) return;
  $("value-game").value = g.game;
  $("value-position").value = g.position;
  loadValue();
});
$("value-load").addEventListener("click", loadValue);

// ---------- the misère quotient ----------
async function computeQuotient() {
  const stale = begin("quot");
  showError("quot-error", null);
  const table = $("quot-table");
  clear(table);
  clear($("quot-heaps"));
  try {
    const q = await api("quotient", { game: $("quot-game").value.trim(), max_heap: Number($("quot-max").value) || 30 });
    if (stale()) return;
    const row = (k, v) => table.append(el("tr", {}, el("td", {}, k), el("td", { class: "mono", id: "quot-" + k.replace(/[^a-z]/gi, "") }, v)));
    row("order", String(q.order));
    row("presentation", String(q.presentation));
    if (q.generators) row("generators", q.generators.map((g) => g.letter + " = heap " + g.heap).join(", "));
    if (q.relations) row("relations", q.relations.map((r) => r.join(" = ")).join(", "));
    row("P-portion", (q.p_portion || []).join(", "));
    if (q.stats) row("search", Object.entries(q.stats).map(([k, v]) => k.replace(/_/g, " ") + " " + v).join(", "));
    if (q.heaps) {
      const box = $("quot-heaps");
      box.append(el("h3", {}, "Each heap's element"));
      for (const h of q.heaps) box.append(el("div", {}, "heap " + h.heap + ": " + h.element));
    }
  } catch (e) {
    showError("quot-error", e);
  }
}
$("quot-family").addEventListener("change", () => {
  const g = selected($("quot-family"));
  if (g) $("quot-game").value = g.game;
  computeQuotient();
});
$("quot-go").addEventListener("click", computeQuotient);

autoload.sequence = () => plotSequence();
autoload.calc = () => evaluate();
autoload.value = () => loadValue();
autoload.quotient = () => computeQuotient();

// ---------- start ----------
async function init() {
  try {
    [families, served] = await Promise.all([api("catalogue"), api("served")]);
  } catch (e) {
    showError("play-error", e);
    return;
  }
  // Each tab opens on a question it answers: the first game of its list that the
  // catalogue says has what the tab shows (a served file says less: it is listed,
  // not opened on).
  const opening = (select, games, fits) => {
    const k = Math.max(0, games.findIndex((g) => g.info.example && fits(g.info)));
    if (games.length) select.value = String(k);
    return games[k];
  };
  const playGames = fillSelect($("play-family"), () => true);
  const heapGames = fillSelect($("seq-family"), (g) => g.heap_values || g.sequence);
  const quotientGames = fillSelect($("quot-family"), (g) => g.heap_values || g.sequence);
  const partizanGames = fillSelect($("value-family"), (g) => g.partizan);
  // The nim-sequence and the quotient: a game whose sequence has a period.
  const sequence = opening($("seq-family"), heapGames, (f) => f.sequence);
  if (sequence) $("seq-game").value = sequence.game;
  const quotient = opening($("quot-family"), quotientGames, (f) => f.sequence);
  if (quotient) $("quot-game").value = quotient.game;
  const partizan = opening($("value-family"), partizanGames, () => true);
  if (partizan) {
    $("value-game").value = partizan.game;
    $("value-position").value = partizan.position;
  }
  // Play: the first board game of two players with a table of its own (tic-tac-toe
  // in the catalogue), from its start.
  const board = opening($("play-family"), playGames, (f) => f.numbered);
  const start = board && board.info.numbered ? "" : board ? board.position : "";
  // The page's address may choose the game: /?game=...&position=...
  const params = new URLSearchParams(location.search);
  $("play-game").value = params.get("game") || (board ? board.game : "");
  $("play-position").value = params.get("position") || (params.get("game") ? "" : start);
  if (params.get("game")) {
    const k = playGames.findIndex((g) => g.game === params.get("game"));
    if (k >= 0) $("play-family").value = String(k);
    else {
      $("play-family").prepend(el("option", { value: "typed" }, "(the game typed)"));
      $("play-family").value = "typed";
    }
  }
  document.body.dataset.ready = "1";
  await startGame();
}
init();
