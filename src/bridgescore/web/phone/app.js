// The table's page: players score their table's boards on a phone, with or without a connection.
//
// Every result entered is first written to IndexedDB with an id made here, then sent; it leaves
// the queue only when the server has answered that it has it (stored, or kept for the director,
// after its commit), so a result is never lost and a result sent twice is stored once. The page
// shows what is waiting. It learns of a change to its table (a hand-over, the director's
// answer, a correction) from the server's event stream; without one it asks now and then with
// the ETag of the state it has, and a 304 says nothing changed.
//
// At a Swiss event the table plays one match a round (at teams, one of its two rooms): the page
// also shows the match (both rooms' boards, the IMPs and VPs once it is complete) and, once the
// round is in at this table, waits for the director's draw of the next one.
"use strict";

// The page's messages in the phone's language (the server chose it from the browser's
// Accept-Language and put its catalogue in the page, which the service worker keeps): a
// message missing from it is shown as written, in English.
const MESSAGES = (() => {
  const found = document.getElementById("messages");
  try {
    return found ? JSON.parse(found.textContent) : {};
  } catch (error) {
    return {};
  }
})();

// A message in the page's language, its %(name)s placeholders filled from the names and values
// that follow it: _("Board %(board)s", "board", 7). (Pairs rather than an object: Babel reads
// the messages inside a template literal's ${…} only when no brace is in them.)
function _(message, ...pairs) {
  const text = MESSAGES[message] || message;
  if (!pairs.length) return text;
  const values = {};
  for (let i = 0; i + 1 < pairs.length; i += 2) values[pairs[i]] = pairs[i + 1];
  return text.replace(/%\((\w+)\)s/g, (all, name) => (name in values ? String(values[name]) : all));
}

// A location and what is said of it ("Round 1: …"), each already escaped HTML: the message puts
// the colon as the language writes it ("Tour 1 : …" in French).
function located(where, what) {
  return _("%(where)s: %(what)s", "where", where, "what", what);
}

const DB_NAME = "bridgescore-table";
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣", N: _("NT") };
const STRAINS = ["C", "D", "H", "S", "N"];
const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
const SEATS = { N: _("North"), E: _("East"), S: _("South"), W: _("West") };
const POLL_MS = 10000; // asking for the table's state when its event stream is down
const SWISS_POLL_MS = 3000; // asking for a Swiss match while the other room finishes

const ui = {
  pass: null, // {token, code, card, table, session, role}
  state: null, // the table's state from the server (kept in IndexedDB for offline use)
  scores: null, // the contract score table
  queue: [], // results waiting to be sent: {client_id, token, payload, label, refused}
  screen: "loading",
  round: null, // the round the players confirmed
  draft: null, // the result being entered
  traveller: null,
  message: null,
  online: navigator.onLine,
  etag: null, // the ETag of the state shown: the same again means nothing changed
  streaming: false, // the table's event stream is open
  ended: false, // the session's results are published: scoring is over
  swiss: null, // at a Swiss event: this table's matches (/t/api/swiss)
  swissTag: null,
  handingTo: null, // the phone this one is about to hand the scoring to (asked once more)
};

// --- IndexedDB ----------------------------------------------------------------------------------

let dbPromise = null;
function db() {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      const open = indexedDB.open(DB_NAME, 1);
      open.onupgradeneeded = () => {
        open.result.createObjectStore("kv");
        open.result.createObjectStore("queue", { keyPath: "client_id" });
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
  }
  return dbPromise;
}

async function tx(store, mode, work) {
  const handle = await db();
  return new Promise((resolve, reject) => {
    const t = handle.transaction(store, mode);
    const result = work(t.objectStore(store));
    t.oncomplete = () => resolve(result && "result" in result ? result.result : undefined);
    t.onerror = () => reject(t.error);
    t.onabort = () => reject(t.error);
  });
}

const kvGet = (key) => tx("kv", "readonly", (s) => s.get(key));
const kvPut = (key, value) => tx("kv", "readwrite", (s) => s.put(value, key));
const queueAll = () => tx("queue", "readonly", (s) => s.getAll());
const queuePut = (item) => tx("queue", "readwrite", (s) => s.put(item));
const queueDelete = (id) => tx("queue", "readwrite", (s) => s.delete(id));

// --- small helpers ------------------------------------------------------------------------------

function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}

function newId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes); // works without HTTPS, unlike crypto.randomUUID
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function strainHtml(strain) {
  const cls = strain === "H" || strain === "D" ? ` class="suit-${strain.toLowerCase()}"` : "";
  return `<span${cls} aria-hidden="true">${SUITS[strain]}</span>`;
}

const STRAIN_WORDS = {
  C: _("clubs"), D: _("diamonds"), H: _("hearts"), S: _("spades"), N: _("no trumps"),
};

// A card's rank as the players' language writes it: the honours' letters are the language's
// (R, D, V for the king, queen and jack in French; H, V, B in Dutch), the ten is 10.
const HONOURS = {
  A: _("the ace's letter: A"), K: _("the king's letter: K"),
  Q: _("the queen's letter: Q"), J: _("the jack's letter: J"),
};

function rankText(rank) {
  if (rank === "T") return "10";
  const letter = HONOURS[rank];
  return letter ? letter.slice(letter.lastIndexOf(" ") + 1) : rank;
}

function cardText(lead) {
  if (!lead) return "";
  return `${SUITS[lead[0]]}${rankText(lead[1])}`;
}

// A figure the server wrote with a decimal point ("12.50–7.50", VPs) as the phone's language
// writes it ("12,50–7,50" in French and Dutch): the catalogue's "the decimal mark: ." ends with
// the language's mark.
const DECIMAL_SAID = _("the decimal mark: .");
const DECIMAL_MARK = DECIMAL_SAID.slice(DECIMAL_SAID.lastIndexOf(" ") + 1);

function figure(text) {
  return DECIMAL_MARK === "." ? text : String(text).replace(/(\d)\.(\d)/g, `$1${DECIMAL_MARK}$2`);
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function resultText(d) {
  if (d.special === "PASS") return _("Passed out");
  if (d.special === "NP") return _("Not played");
  const made = d.tricks === "=" ? "=" : d.tricks.replace("-", "−");
  const contract = `${d.level}${SUITS[d.strain]}${d.doubling}`;
  const values = ["contract", contract, "declarer", SEATS[d.declarer], "made", made];
  return d.lead ? _("%(contract)s by %(declarer)s, %(made)s, lead %(lead)s", ...values, "lead", cardText(d.lead))
    : _("%(contract)s by %(declarer)s, %(made)s", ...values);
}

function nsScore(d, board) {
  if (d.special === "PASS") return 0;
  if (d.special === "NP" || !ui.scores) return null;
  const taken = d.level + 6 + (d.tricks === "=" ? 0 : parseInt(d.tricks, 10));
  const vulnerable = ui.scores.vulnerable_seats[board.vulnerability].includes(d.declarer);
  const row = ui.scores.scores[`${d.level}${d.strain}${d.doubling}`][vulnerable ? "v" : "nv"];
  const score = row[taken];
  return d.declarer === "N" || d.declarer === "S" ? score : -score;
}

function roundOf(number) {
  return ui.state && ui.state.rounds.find((r) => r.round === number);
}

function boardOf(round, board) {
  const r = roundOf(round);
  return r && r.boards.find((b) => b.board === board);
}

function queuedFor(round, board) {
  return ui.queue.find((q) => q.payload.round === round && q.payload.board === board && !q.refused);
}

function doneAt(round, board) {
  const b = boardOf(round, board);
  return Boolean((b && b.result) || queuedFor(round, board));
}

function swissMatch(number) {
  return ui.state && ui.state.swiss && ui.swiss && ui.swiss.rounds.find((r) => r.round === number);
}

function roundComplete(number) {
  const r = roundOf(number);
  return Boolean(r) && r.boards.every((b) => doneAt(number, b.board));
}

function firstOpenRound() {
  if (!ui.state) return null;
  const open = ui.state.rounds.find((r) => !r.sit_out && !roundComplete(r.round));
  return open ? open.round : ui.state.rounds[ui.state.rounds.length - 1].round;
}

// --- talking to the server ----------------------------------------------------------------------

async function api(path, options = {}, token = ui.pass && ui.pass.token) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10000);
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body) headers["Content-Type"] = "application/json";
  try {
    const response = await fetch(path, {
      method: options.method || "GET",
      headers,
      body: options.body ? JSON.stringify(options.body) : undefined,
      signal: controller.signal,
      // The table's state is revalidated by the browser with its ETag (a 304 from the server
      // costs it next to nothing); everything else is never kept.
      cache: options.revalidate ? "no-cache" : "no-store",
    });
    const data = await response.json().catch(() => ({}));
    return { status: response.status, data, etag: response.headers.get("ETag") };
  } finally {
    clearTimeout(timer);
  }
}

function problemOf(answer) {
  return (answer.data && answer.data.error && answer.data.error.message) || _("error %(status)s", "status", answer.status);
}

// The table card's QR code carries its key after the "#" (never sent in a request's address):
// joined with it, a phone may score the table; with the code alone it watches.
function cardKey() {
  return location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : "";
}

async function join(code, card) {
  const answer = await api("/t/api/join", { method: "POST", body: { code, card } }, null);
  if (answer.status !== 201) throw new Error(problemOf(answer));
  ui.pass = { ...answer.data, code, card };
  await kvPut("pass", ui.pass);
  ui.state = null;
  ui.etag = null;
  ui.swiss = null;
  ui.swissTag = null;
  ui.ended = false;
  ui.round = null;
  await kvPut("round", null);
}

// The table's state, and at a Swiss event its matches: true when the matches changed (they are
// a second answer, which may come when the state's did not, or after it).
async function refresh() {
  if (!ui.pass) return false;
  try {
    const answer = await api("/t/api/state", { revalidate: true });
    setOnline(true);
    if (answer.status === 401) {
      ui.message = { problem: problemOf(answer) };
      ui.pass = { ...ui.pass, invalid: true };
    } else if (answer.status === 410) {
      ui.ended = true; // published: the page links to the results
    } else if (answer.status === 200 && (answer.etag !== ui.etag || !answer.etag)) {
      const before = ui.state;
      ui.state = answer.data;
      ui.etag = answer.etag;
      ui.ended = false;
      ui.pass = { ...ui.pass, role: answer.data.role, invalid: false };
      await kvPut("state", ui.state);
      if (before && before.role !== "scorer" && ui.state.role === "scorer") {
        // scoring handed to this phone: it opens at the table's current round
        ui.round = ui.state.current_round;
        ui.screen = "boards";
        ui.message = { note: _("This phone now scores for the table.") };
        await kvPut("round", ui.round);
      } else if (before && before.role === "scorer" && ui.state.role !== "scorer") {
        const scorer = (ui.state.phones || []).find((p) => p.role === "scorer");
        ui.message = {
          note: scorer ? _("This phone now watches: phone %(phone)s scores for the table.", "phone", scorer.id)
            : _("This phone now watches: another phone scores for the table."),
        };
      }
    }
  } catch (error) {
    setOnline(false);
  }
  const swissChanged = Boolean(ui.state && ui.state.swiss && !ui.ended && await refreshSwiss());
  if (!ui.scores) {
    try {
      const answer = await api("/t/api/scores", {}, null);
      if (answer.status === 200) {
        ui.scores = answer.data;
        await kvPut("scores", ui.scores);
      }
    } catch (error) { /* offline: the copy kept in IndexedDB is used */ }
  }
  return swissChanged;
}

// A Swiss event's matches at this table; true when they changed.
async function refreshSwiss() {
  try {
    const answer = await api("/t/api/swiss", { revalidate: true });
    if (answer.status !== 200 || (answer.etag && answer.etag === ui.swissTag)) return false;
    ui.swiss = answer.data;
    ui.swissTag = answer.etag;
    await kvPut("swiss", ui.swiss);
    return true;
  } catch (error) {
    setOnline(false);
    return false;
  }
}

let flushing = false;
let retry = null;
async function flush() {
  if (flushing) return;
  flushing = true;
  clearTimeout(retry);
  let delivered = false;
  try {
    for (const item of await queueAll()) {
      if (item.refused) continue;
      let answer;
      try {
        answer = await api("/t/api/results", { method: "POST", body: item.payload }, item.token);
      } catch (error) {
        setOnline(false);
        break; // no connection: try again soon, everything stays queued
      }
      setOnline(true);
      if (answer.status === 200 || answer.status === 201 || answer.status === 202) {
        await queueDelete(item.client_id); // the server has it: stored, or kept for the director
        delivered = true;
        if (answer.data.status === "held") {
          const held = answer.data.held;
          ui.message = { note: _("Board %(board)s: your %(result)s is kept for the director (%(reason)s).", "board", item.payload.board, "result", held.result, "reason", held.reason) };
        } else if (answer.data.lead_problem) {
          ui.message = { note: _("Board %(board)s: %(problem)s. The director has been told.", "board", item.payload.board, "problem", answer.data.lead_problem) };
        }
      } else if (answer.status >= 500 || answer.status === 429) {
        break;
      } else {
        // Refused (the pass ended, or the result cannot be stored): kept and shown, never dropped.
        await queuePut({ ...item, refused: problemOf(answer) });
      }
    }
  } finally {
    flushing = false;
    ui.queue = await queueAll();
    if (ui.queue.some((q) => !q.refused)) retry = setTimeout(flush, 4000);
    if (delivered) await refresh();
    render();
  }
}

function setOnline(value) {
  if (ui.online !== value) {
    ui.online = value;
    renderStatus();
  }
}

// --- actions ------------------------------------------------------------------------------------

const actions = {
  async join() {
    const input = document.getElementById("code");
    const code = input ? input.value : "";
    try {
      await join(code, ""); // typed: this phone watches until it is handed the scoring
      await refresh();
      ui.message = null;
      ui.screen = "round";
      ui.round = firstOpenRound();
    } catch (error) {
      ui.message = { problem: error.message === "Failed to fetch" ? _("No connection: joining needs one. Try again in a moment.") : error.message };
    }
    render();
  },
  confirmRound() {
    ui.screen = "boards";
    kvPut("round", ui.round);
    render();
  },
  otherRound(el) {
    ui.round = Number(el.dataset.round);
    ui.screen = "round";
    render();
  },
  pickBoard(el) {
    const board = Number(el.dataset.board);
    const stored = boardOf(ui.round, board).result;
    ui.draft = {
      board, round: ui.round, level: null, strain: null, doubling: "", declarer: null,
      lead: null, leadSuit: null, tricks: null, special: null,
      replaces: el.dataset.replaces ? Number(el.dataset.replaces) : null,
      was: el.dataset.replaces && stored ? stored.result : null,
      step: "contract", problem: null,
    };
    ui.screen = "entry";
    render();
  },
  level(el) { ui.draft.level = Number(el.dataset.value); ui.draft.tricks = null; render(); },
  strain(el) { ui.draft.strain = el.dataset.value; render(); },
  doubling(el) { ui.draft.doubling = el.dataset.value; render(); },
  special(el) {
    Object.assign(ui.draft, { special: el.dataset.value, step: "summary" });
    render();
  },
  toDeclarer() { ui.draft.step = "declarer"; render(); },
  declarer(el) { ui.draft.declarer = el.dataset.value; ui.draft.step = "lead"; render(); },
  leadSuit(el) { ui.draft.leadSuit = el.dataset.value; render(); },
  async leadRank(el) {
    ui.draft.lead = ui.draft.leadSuit + el.dataset.value;
    await checkLead();
  },
  noLead() { ui.draft.lead = null; ui.draft.problem = null; ui.draft.step = "tricks"; render(); },
  tricks(el) { ui.draft.tricks = el.dataset.value; ui.draft.step = "summary"; render(); },
  back() {
    const d = ui.draft;
    const order = ["contract", "declarer", "lead", "tricks", "summary", "agree"];
    if (d.special && d.step === "summary") { d.special = null; d.step = "contract"; }
    else if (d.step === "contract") { ui.draft = null; ui.screen = "boards"; }
    else d.step = order[order.indexOf(d.step) - 1];
    render();
  },
  toAgree() { ui.draft.step = "agree"; render(); },
  async agree() { await enqueue(); },
  nextBoard() { ui.traveller = null; ui.screen = "boards"; render(); },
  async showBoard(el) {
    // A board this table has played: its traveller so far and its deal (the server shows
    // neither before the table has a result on the board).
    const board = Number(el.dataset.board);
    ui.traveller = { board, round: ui.round, label: _("Board %(board)s", "board", board), client_id: null, seen: true };
    ui.screen = "sent";
    render();
    try {
      const answer = await api(`/t/api/boards/${board}`);
      setOnline(true);
      if (answer.status === 200) ui.traveller = { ...ui.traveller, data: answer.data };
      else ui.message = { problem: problemOf(answer) };
    } catch (error) {
      setOnline(false);
      ui.message = { problem: _("No connection: the traveller needs one.") };
    }
    render();
  },
  nextRound() {
    const next = ui.state.rounds.find((r) => r.round > ui.round && !r.sit_out);
    ui.round = next ? next.round : ui.round;
    ui.screen = "round";
    render();
  },
  async call() {
    try {
      const answer = await api("/t/api/call", { method: "POST", body: {} });
      ui.message = answer.status === 201
        ? { note: _("The director has been called to this table.") }
        : { problem: problemOf(answer) };
      await refresh();
    } catch (error) {
      ui.message = { problem: _("No connection: the director could not be called from this phone. Please fetch the director.") };
    }
    render();
  },
  async dismiss(el) {
    // The server refused this result and does not have it: removed only once the director
    // has seen it, and only when the players say so.
    if (!window.confirm(_("Has the director seen this result? It will be removed from this phone."))) return;
    await queueDelete(el.dataset.id);
    ui.queue = await queueAll();
    render();
  },
  rejoin() { ui.pass = null; ui.screen = "join"; render(); },
  handTo(el) { ui.handingTo = Number(el.dataset.device); render(); },
  keepScoring() { ui.handingTo = null; render(); },
  async handOver() {
    const device = ui.handingTo;
    ui.handingTo = null;
    try {
      const answer = await api("/t/api/handover", { method: "POST", body: { device } });
      if (answer.status !== 200) ui.message = { problem: problemOf(answer) };
      await refresh(); // says "this phone now watches", as any hand-over away from it
    } catch (error) {
      ui.message = { problem: _("No connection: the scoring stays on this phone for now.") };
    }
    render();
  },
};

async function checkLead() {
  const d = ui.draft;
  d.problem = null;
  try {
    const answer = await api("/t/api/check", { method: "POST", body: payload(d) });
    setOnline(true);
    if (answer.status === 200 && answer.data.lead_problem) d.problem = answer.data.lead_problem;
    else if (answer.status !== 200) d.problem = problemOf(answer);
  } catch (error) {
    setOnline(false); // offline: the director is told on arrival if the lead was not in the hand
  }
  if (!d.problem) d.step = "tricks";
  render();
}

function payload(d) {
  const body = { board: d.board, round: d.round, lead: d.lead || "" };
  if (d.special) return { ...body, contract: d.special, declarer: "", tricks: "" };
  return {
    ...body,
    contract: `${d.level}${d.strain === "N" ? "NT" : d.strain}${d.doubling}`,
    declarer: d.declarer || "",
    tricks: d.tricks || "",
  };
}

async function enqueue() {
  const d = ui.draft;
  const item = {
    client_id: newId(),
    token: ui.pass.token,
    payload: { ...payload(d), client_id: "", replaces: d.replaces ?? "" },
    label: _("Board %(board)s: %(result)s", "board", d.board, "result", resultText(d)),
    result: resultText(d),
    made: Date.now(),
  };
  item.payload.client_id = item.client_id;
  await queuePut(item); // on the phone before anything is sent
  ui.queue = await queueAll();
  ui.draft = null;
  ui.screen = "sent";
  ui.traveller = { board: d.board, round: d.round, label: item.label, client_id: item.client_id };
  render();
  await flush();
  if (ui.traveller && !ui.state.swiss && !ui.queue.find((q) => q.client_id === item.client_id)) {
    try {
      const answer = await api(`/t/api/boards/${d.board}`);
      if (answer.status === 200) ui.traveller = { ...ui.traveller, data: answer.data };
    } catch (error) { /* shown when there is a connection */ }
  }
  render();
}

// --- rendering ----------------------------------------------------------------------------------

function renderStatus() {
  const status = document.getElementById("status");
  const waiting = ui.queue.filter((q) => !q.refused);
  const refused = ui.queue.filter((q) => q.refused);
  let html = ui.online ? _("Connected.") : _("No connection.");
  if (waiting.length) {
    const noun = waiting.length === 1 ? _("1 result is waiting to be sent") : _("%(count)s results are waiting to be sent", "count", waiting.length);
    html += ` <strong>${esc(noun)}</strong> — ${esc(_("kept on this phone until the server has them."))}<ul>${waiting.map((q) => `<li>${esc(q.label)}</li>`).join("")}</ul>`;
  } else if (refused.length) {
    const noun = refused.length === 1 ? _("1 result was not accepted") : _("%(count)s results were not accepted", "count", refused.length);
    const others = esc(_("the others have been sent."));
    html += ` ${located(`<strong>${esc(noun)}</strong>`, others)}`;
  } else {
    html += ` ${esc(_("Every result entered here has been sent."))}`;
  }
  if (refused.length) {
    html += `<p class="problem">${esc(_("Not accepted by the server — show the director:"))}</p><ul>${refused.map((q) => `<li>${located(esc(q.label), esc(q.refused))} <button type="button" data-action="dismiss" data-id="${esc(q.client_id)}">${esc(_("Done"))}</button></li>`).join("")}</ul>`;
  }
  status.className = waiting.length || refused.length ? "status waiting" : "status";
  status.innerHTML = html;
}

function header() {
  const where = document.getElementById("where");
  const call = document.getElementById("call");
  if (ui.pass && ui.state) {
    // The phone's number is the one the director's page shows ("phone 5").
    where.textContent = [
      _("Table %(table)s", "table", ui.state.table),
      ...(ui.round ? [_("Round %(round)s", "round", ui.round)] : []),
      _("Phone %(phone)s", "phone", ui.state.device),
    ].join(" · ");
    call.hidden = ui.ended; // scoring is over: nobody to call from here
    call.classList.toggle("waiting", Boolean(ui.state.open_call));
    call.textContent = ui.state.open_call ? _("Director called") : _("Call the director");
  } else {
    where.textContent = "bridgescore";
    call.hidden = true;
  }
}

function messageHtml() {
  if (!ui.message) return "";
  if (ui.message.problem) return `<p class="problem" role="alert">${esc(ui.message.problem)}</p>`;
  return `<p class="note">${esc(ui.message.note)}</p>`;
}

function pairHtml(pair) {
  if (!pair) return "";
  const teams = ui.state && ui.state.swiss === "teams";
  // "2 NS": the pair's number and its line, the line in the phone's language
  const label = pair.line ? `${pair.number} ${_(pair.line)}` : pair.label;
  const who = teams ? _("Team %(team)s", "team", label) : _("Pair %(pair)s", "pair", label);
  return `${esc(who)}${pair.name ? ` — ${esc(pair.name)}` : ""}`;
}

// --- a Swiss event's match ----------------------------------------------------------------------

function teamText(team) {
  const who = ui.state.swiss === "teams" ? _("Team %(team)s", "team", team.number)
    : _("Pair %(pair)s", "pair", team.number);
  return `${who}${team.name ? ` ${team.name}` : ""}`;
}

function swissWhere(r) {
  const m = swissMatch(r.round);
  if (!m || !m.room) return "";
  return `<p class="note">${esc(_("Match %(match)s, room %(room)s: the other room is table %(table)s.", "match", m.match, "room", m.room, "table", m.other_table))}</p>`;
}

function swissCard(r) {
  const m = swissMatch(r.round);
  if (!m) return "";
  const teams = Boolean(m.room);
  const rows = m.boards.map((b) => {
    const shown = b.results.map((x) => `<td>${x ? esc(x) : `<span class="muted">${esc(_("to come"))}</span>`}</td>`).join("");
    const won = b.won ? esc(_("%(imps)s to %(team)s", "imps", figure(b.won.imps), "team", teamText({ number: b.won.team }))) : b.compared ? "0" : "";
    return `<tr><td>${b.board}</td>${shown}<td>${won}</td></tr>`;
  }).join("");
  const heads = teams ? `<th scope="col">${esc(_("Room %(room)s", "room", 1))}</th><th scope="col">${esc(_("Room %(room)s", "room", 2))}</th>` : `<th scope="col">${esc(_("Result"))}</th>`;
  const score = m.complete
    ? `<p class="match-score"><strong>${esc(_("IMPs %(score)s", "score", figure(m.score_text)))}</strong> · <strong>${esc(_("VPs %(score)s", "score", figure(m.vps_text)))}</strong></p>`
    : "";
  return `<div class="card" id="match"><h3>${esc(_("Match %(match)s: %(home)s (home) v %(away)s", "match", m.match, "home", teamText(m.home), "away", teamText(m.away)))}</h3>
    <table><caption class="visually-hidden">${esc(_("The match's boards"))}</caption><thead><tr><th scope="col">${esc(_("Board"))}</th>${heads}<th scope="col">${esc(_("IMPs"))}</th></tr></thead><tbody>${rows}</tbody></table>${score}</div>`;
}

function swissEnd(r) {
  const m = swissMatch(r.round);
  let match = "";
  if (m && !m.complete) {
    match = m.room
      ? `<p>${esc(_("Waiting for the other room (table %(table)s): %(entered)s of %(boards)s boards in.", "table", m.other_table, "entered", m.entered[m.room === 1 ? 1 : 0], "boards", m.boards.length))}</p>`
      : `<p>${esc(_("The match's IMPs are known once every table of the round is in."))}</p>`;
  }
  const next = ui.state.rounds.find((x) => x.round > r.round && !x.sit_out);
  const last = ui.swiss && ui.swiss.next === "over" && !next;
  const then = next ? nextRoundButton(r)
    : last ? `<p>${esc(_("That was the last round at this table. Thank you!"))}</p>`
      : `<p>${esc(_("The director draws round %(round)s once every match is in: this page shows it by itself.", "round", r.round + 1))}</p>`;
  return `<div class="card"><h3>${esc(_("Round %(round)s is complete at this table", "round", r.round))}</h3>${match}</div>${then}`;
}

function screens() {
  if (ui.pass && ui.ended) return endedScreen();
  if (!ui.pass || ui.pass.invalid) return joinScreen();
  if (!ui.state) return `<p>${esc(_("Waiting for the table's details: this needs a connection the first time."))}</p>`;
  if (ui.screen === "entry" && ui.draft) return entryScreen();
  if (ui.screen === "sent" && ui.traveller) return sentScreen();
  if (ui.screen === "boards") return boardsScreen();
  return roundScreen();
}

function endedScreen() {
  const session = (ui.state && ui.state.session) || ui.pass.session || {};
  const url = `/results/${encodeURIComponent(session.id)}/`;
  const published = session.title ? _("The director has published the results of %(event)s.", "event", session.title)
    : _("The director has published the results.");
  return `<h2>${esc(_("Scoring is over"))}</h2>
    <p>${esc(published)}</p>
    <a class="button" href="${esc(url)}">${esc(_("See the results"))}</a>`;
}

function joinScreen() {
  const code = (location.pathname.match(/^\/t\/([A-Za-z0-9-]+)$/) || [])[1] || (ui.pass && ui.pass.code) || "";
  return `<h2>${esc(_("Join your table"))}</h2>
    <p>${esc(_("Scan the QR code on the table card with this phone's camera to score the table. With the code printed under it typed here, this phone watches the table."))}</p>
    <label class="code" for="code">${esc(_("Table code"))}</label>
    <input id="code" class="code" autocomplete="off" autocapitalize="characters" value="${esc(code)}">
    <button type="button" class="primary wide" data-action="join">${esc(_("Join the table"))}</button>`;
}

function roundScreen() {
  const r = roundOf(ui.round) || roundOf(firstOpenRound());
  ui.round = r.round;
  if (r.sit_out) {
    return `<h2>${esc(_("Round %(round)s: this table sits out", "round", r.round))}</h2>${nextRoundButton(r)}`;
  }
  const boards = r.boards.map((b) => b.board).join(", ");
  const rest = ui.state.rounds.filter((x) => x.round !== r.round && !x.sit_out);
  return `<h2>${esc(_("Is this table %(table)s, round %(round)s?", "table", ui.state.table, "round", r.round))}</h2>
    <dl class="pairs card">
      <dt>${esc(_("North–South"))}</dt><dd>${pairHtml(r.ns)}</dd>
      <dt>${esc(_("East–West"))}</dt><dd>${pairHtml(r.ew)}</dd>
      <dt>${esc(_("Boards"))}</dt><dd>${esc(boards)}</dd>
    </dl>
    ${r.arrow_switched ? `<p class="note">${esc(_("Arrow switch: the pair sitting North–South plays the East–West cards this round."))}</p>` : ""}
    ${swissWhere(r)}
    <button type="button" class="primary wide" data-action="confirmRound">${esc(_("Yes: start round %(round)s", "round", r.round))}</button>
    <details><summary>${esc(_("Another round"))}</summary>
      <div class="grid g4">${rest.map((x) => `<button type="button" data-action="otherRound" data-round="${x.round}">${esc(_("Round %(round)s", "round", x.round))}</button>`).join("")}</div>
    </details>`;
}

function boardsScreen() {
  const r = roundOf(ui.round);
  const scorer = ui.pass.role === "scorer";
  const canCorrect = r.round >= ui.state.corrections_from_round;
  const items = r.boards.map((b) => {
    const queued = queuedFor(r.round, b.board);
    let what;
    let button = "";
    if (queued) {
      what = `${esc(queued.result || queued.label)} <span class="muted">(${esc(_("waiting to be sent"))})</span>`;
    } else if (b.result) {
      what = `${esc(b.result.result)} <span class="muted">${esc(_("NS"))} ${b.result.ns_score === null ? "—" : signed(b.result.ns_score)}</span>
        <br><button type="button" class="link" data-action="showBoard" data-board="${b.board}">${esc(_("Traveller and deal"))}</button>`;
      if (scorer && canCorrect) {
        const correct = _("Correct board %(board)s", "board", b.board);
        button = `<button type="button" data-action="pickBoard" data-board="${b.board}" data-replaces="${b.result.id}" aria-label="${esc(correct)}">${esc(_("Correct"))}</button>`;
      }
    } else {
      what = `<span class="muted">${esc(_("to play"))}</span>`;
      if (scorer) button = `<button type="button" class="primary" data-action="pickBoard" data-board="${b.board}">${esc(_("Enter board %(board)s", "board", b.board))}</button>`;
    }
    return `<li><span class="what"><strong>${esc(_("Board %(board)s", "board", b.board))}</strong><br>${what}</span>${button}</li>`;
  }).join("");
  const phones = ui.state.phones || [];
  const scoring = phones.find((p) => p.role === "scorer");
  const watching = scorer ? "" : scoring
    ? `<p class="note">${esc(_("This phone (%(phone)s) is watching: table %(table)s is scored on phone %(scorer)s. That phone can hand the scoring to this one, or the director can.", "phone", ui.state.device, "table", ui.state.table, "scorer", scoring.id))}</p>`
    : `<p class="note">${esc(_("This phone (%(phone)s) is watching: no phone scores table %(table)s. To score on this one, scan the QR code on the table card, or ask the director.", "phone", ui.state.device, "table", ui.state.table))}</p>`;
  const others = scorer ? phones.filter((p) => p.id !== ui.state.device) : [];
  const handing = others.find((p) => p.id === ui.handingTo);
  const handover = !others.length ? "" : handing
    ? `<div class="card"><p>${esc(_("Hand the scoring to phone %(phone)s? This phone will only watch.", "phone", handing.id))}</p>
        <button type="button" class="primary" data-action="handOver">${esc(_("Yes: phone %(phone)s scores", "phone", handing.id))}</button>
        <button type="button" data-action="keepScoring">${esc(_("No"))}</button></div>`
    : `<details><summary>${esc(_("Other phones at this table"))}</summary><ul class="boards">${others.map((p) => `<li><span class="what">${esc(_("Phone %(phone)s (watching)", "phone", p.id))}</span><button type="button" data-action="handTo" data-device="${p.id}">${esc(_("Let phone %(phone)s score", "phone", p.id))}</button></li>`).join("")}</ul></details>`;
  const conflicts = ui.state.conflicts.map((c) => {
    const sent = c.stored ? _("Board %(board)s: %(result)s (stored: %(stored)s)", "board", c.board, "result", c.result, "stored", c.stored)
      : _("Board %(board)s: %(result)s", "board", c.board, "result", c.result);
    return `<li>${esc(sent)} — ${esc(_("kept for the director, who will decide (%(reason)s).", "reason", c.reason || ""))}</li>`;
  }).join("");
  const complete = roundComplete(r.round);
  const facing = `${pairHtml(r.ns)} ${esc(_("v"))} ${pairHtml(r.ew)}`;
  const heading = located(esc(_("Round %(round)s", "round", r.round)), facing);
  return `<h2>${heading}</h2>
    ${watching}
    <ul class="boards">${items}</ul>
    ${conflicts ? `<h3>${esc(_("Waiting for the director"))}</h3><ul>${conflicts}</ul>` : ""}
    ${swissCard(r)}
    ${complete ? endOfRound(r) : ""}
    ${r.round < ui.state.corrections_from_round ? `<p class="muted">${esc(_("Round %(round)s is over: corrections to it go to the director.", "round", r.round))}</p>` : ""}
    ${handover}`;
}

function endOfRound(r) {
  if (ui.state.swiss) return swissEnd(r);
  const moves = r.next.map((m) => {
    const who = _("Pair %(pair)s", "pair", `${m.pair}${m.line ? ` ${_(m.line)}` : ""}`);
    if (m.done) return `<li>${esc(_("%(pair)s: that was the last round.", "pair", who))}</li>`;
    if (m.sit_out) return `<li>${esc(_("%(pair)s: sits out next round.", "pair", who))}</li>`;
    const line = (side) => (side === "NS" ? _("North–South") : _("East–West"));
    const goes = m.cards !== m.direction
      ? _("table %(table)s, %(line)s (playing the %(cards)s cards), boards %(boards)s", "table", m.table, "line", line(m.direction), "cards", line(m.cards), "boards", m.boards.join(", "))
      : _("table %(table)s, %(line)s, boards %(boards)s", "table", m.table, "line", line(m.direction), "boards", m.boards.join(", "));
    return `<li><strong>${esc(who)}</strong> → ${esc(goes)}</li>`;
  }).join("");
  return `<div class="card"><h3>${esc(_("Round %(round)s is complete", "round", r.round))}</h3><p>${esc(_("Where each pair goes next:"))}</p><ul>${moves}</ul></div>
    ${nextRoundButton(r)}`;
}

function nextRoundButton(r) {
  const next = ui.state.rounds.find((x) => x.round > r.round && !x.sit_out);
  return next ? `<button type="button" class="primary wide" data-action="nextRound">${esc(_("Go to round %(round)s", "round", next.round))}</button>` : `<p>${esc(_("That was the last round at this table. Thank you!"))}</p>`;
}

function pressed(value, current) {
  return `aria-pressed="${value === current ? "true" : "false"}"`;
}

function entryScreen() {
  const d = ui.draft;
  const board = boardOf(d.round, d.board);
  const vul = { None: _("None"), NS: _("North–South"), EW: _("East–West"), All: _("All") }[board.vulnerability] || board.vulnerability;
  const title = d.replaces ? _("Board %(board)s — correction", "board", d.board) : _("Board %(board)s", "board", d.board);
  const steps = [
    _("Dealer %(seat)s", "seat", SEATS[board.dealer] || board.dealer),
    _("Vulnerable: %(sides)s", "sides", vul),
    ...(d.was ? [_("was %(result)s", "result", d.was)] : []),
  ];
  const head = `<h2>${esc(title)}</h2>
    <p class="steps">${steps.map(esc).join(" · ")}</p>`;
  const back = `<button type="button" data-action="back">${esc(_("Back"))}</button>`;
  if (d.step === "contract") {
    const levels = [1, 2, 3, 4, 5, 6, 7].map((n) => `<button type="button" data-action="level" data-value="${n}" ${pressed(n, d.level)}>${n}</button>`).join("");
    const strains = STRAINS.map((s) => `<button type="button" data-action="strain" data-value="${s}" ${pressed(s, d.strain)} aria-label="${esc(STRAIN_WORDS[s])}">${strainHtml(s)}</button>`).join("");
    const doublings = [["", _("Undoubled")], ["X", _("Doubled")], ["XX", _("Redoubled")]].map(([v, w]) => `<button type="button" data-action="doubling" data-value="${v}" ${pressed(v, d.doubling)}>${esc(w)}</button>`).join("");
    const denomination = _("Denomination");
    const doubling = _("Doubling");
    return `${head}<h3 id="level-label">${esc(_("Contract"))}</h3>
      <div class="grid g4" role="group" aria-labelledby="level-label">${levels}</div>
      <div class="grid g5" role="group" aria-label="${esc(denomination)}">${strains}</div>
      <div class="grid g3" role="group" aria-label="${esc(doubling)}">${doublings}</div>
      <button type="button" class="primary wide" data-action="toDeclarer" ${d.level && d.strain ? "" : "disabled"}>${esc(_("Next: declarer"))}</button>
      <div class="grid g2">
        <button type="button" data-action="special" data-value="PASS">${esc(_("Passed out"))}</button>
        ${ui.state.not_played ? `<button type="button" data-action="special" data-value="NP">${esc(_("Not played"))}</button>` : ""}
      </div>${back}`;
  }
  if (d.step === "declarer") {
    const seats = ["N", "E", "S", "W"].map((s) => `<button type="button" data-action="declarer" data-value="${s}" ${pressed(s, d.declarer)}>${esc(SEATS[s])}</button>`).join("");
    const contract = `${d.level}${strainHtml(d.strain)}${d.doubling}`;
    return `${head}<h3>${esc(_("Who declared %(contract)s?", "contract", "\u0000")).replace("\u0000", contract)}</h3><div class="grid g4">${seats}</div>${back}`;
  }
  if (d.step === "lead") {
    const leader = { N: "E", E: "S", S: "W", W: "N" }[d.declarer];
    const suits = ["S", "H", "D", "C"].map((s) => `<button type="button" data-action="leadSuit" data-value="${s}" ${pressed(s, d.leadSuit)} aria-label="${esc(STRAIN_WORDS[s])}">${strainHtml(s)}</button>`).join("");
    const rank = _("Rank");
    const suit = _("Suit");
    const ranks = d.leadSuit ? `<div class="grid g5" role="group" aria-label="${esc(rank)}">${RANKS.map((r) => `<button type="button" data-action="leadRank" data-value="${r}">${esc(rankText(r))}</button>`).join("")}</div>` : "";
    const problem = d.problem ? `<p class="problem" role="alert">${esc(d.problem)}</p>` : "";
    return `${head}<h3>${esc(_("Opening lead by %(seat)s", "seat", SEATS[leader]))}</h3>
      <div class="grid g4" role="group" aria-label="${esc(suit)}">${suits}</div>${ranks}${problem}
      <button type="button" class="wide" data-action="noLead">${esc(_("No lead recorded"))}</button>${back}`;
  }
  if (d.step === "tricks") {
    const options = [];
    for (let over = 7 - d.level; over >= 1; over--) options.push(`+${over}`);
    options.push("=");
    for (let down = 1; down <= d.level + 6; down++) options.push(`-${down}`);
    const buttons = options.map((o) => {
      const taken = d.level + 6 + (o === "=" ? 0 : parseInt(o, 10));
      const said = o === "=" ? _("made exactly, %(tricks)s tricks", "tricks", taken)
        : o.startsWith("+") ? _("made with %(over)s over, %(tricks)s tricks", "over", o.slice(1), "tricks", taken)
          : _("down %(under)s, %(tricks)s tricks", "under", o.slice(1), "tricks", taken);
      return `<button type="button" data-action="tricks" data-value="${o}" aria-label="${esc(said)}">${o === "=" ? "=" : o.replace("-", "−")}</button>`;
    }).join("");
    const contract = `${d.level}${strainHtml(d.strain)}${d.doubling}`;
    const asked = esc(_("%(contract)s by %(declarer)s: the result", "contract", "\u0000", "declarer", SEATS[d.declarer])).replace("\u0000", contract);
    return `${head}<h3>${asked}</h3><div class="grid g5">${buttons}</div>${back}`;
  }
  const score = nsScore(d, board);
  const scoreHtml = score === null ? `<p>${esc(_("No score: the director will assign one."))}</p>`
    : `<p class="score">${esc(_("North–South"))} ${signed(score)}<br>${esc(_("East–West"))} ${signed(-score)}</p>`;
  if (d.step === "summary") {
    return `${head}<div class="card"><p><strong>${esc(resultText(d))}</strong></p>${scoreHtml}</div>
      <button type="button" class="primary wide" data-action="toAgree">${esc(_("Correct: show the opponents"))}</button>${back}`;
  }
  return `${head}<div class="card"><p>${esc(_("East–West, please check:"))}</p><p><strong>${esc(resultText(d))}</strong></p>${scoreHtml}</div>
    <button type="button" class="primary wide" data-action="agree">${esc(_("East–West agree"))}</button>
    <button type="button" class="wide" data-action="back">${esc(_("Not agreed: change it"))}</button>`;
}

function sentScreen() {
  const t = ui.traveller;
  const queued = ui.queue.find((q) => q.client_id === t.client_id);
  let body;
  if (queued) {
    body = `<p class="note">${esc(_("%(result)s is saved on this phone and will be sent as soon as there is a connection.", "result", t.label))}</p>`;
  } else if (t.data) {
    // the two pairs' numbers, North–South's first: a dash, short in every language
    const rows = t.data.results.map((row) => `<tr class="${row.this_table ? "mine" : ""}"><td>${esc(row.table)}</td><td>${esc(row.ns)}–${esc(row.ew)}</td><td>${esc(row.result)}</td><td>${row.ns_score === null ? "" : signed(row.ns_score)}</td><td>${esc(figure(row.ns_points ?? ""))}</td><td>${esc(figure(row.ew_points ?? ""))}</td></tr>`).join("");
    const mine = t.data.results.find((row) => row.this_table);
    const whyNS = mine && mine.why ? located(esc(_("NS")), esc(mine.why.NS)) : "";
    const whyEW = mine && mine.why ? located(esc(_("EW")), esc(mine.why.EW)) : "";
    const why = mine && mine.why ? `<p class="why">${whyNS}<br>${whyEW}</p>` : "";
    const sofar = _("Board %(board)s so far (provisional, top %(top)s):", "board", t.board, "top", figure(t.data.top ?? ""));
    const heads = [_("Table"), _("Pairs"), _("Result"), _("NS"), _("NS MP"), _("EW MP")];
    body = `<p>${t.seen ? "" : `${esc(_("Stored."))} `}${esc(sofar)}</p>
      <table><caption class="visually-hidden">${esc(_("Board %(board)s", "board", t.board))}</caption><thead><tr>${heads.map((h) => `<th scope="col">${esc(h)}</th>`).join("")}</tr></thead><tbody>${rows}</tbody></table>${why}${dealHtml(t.data)}`;
  } else {
    body = `<p>${esc(_("Stored: %(result)s.", "result", t.label))}</p>`;
  }
  return `<h2>${esc(_("Board %(board)s", "board", t.board))}</h2>${body}<button type="button" class="primary wide" data-action="nextBoard">${esc(t.seen ? _("Back to the boards") : _("Next board"))}</button>`;
}

// The deal of a board this table has played, with the par when the hand records were solved.
function dealHtml(data) {
  const hands = data && data.hands;
  if (!hands) return "";
  const seat = (s, place) => {
    const h = hands[s];
    const ranks = (holding) => (holding ? [...holding].map(rankText).join(" ") : "—");
    const lines = h ? ["spades", "hearts", "diamonds", "clubs"].map((suit, i) => `<li>${strainHtml("SHDC"[i])}<span class="visually-hidden">${esc(STRAIN_WORDS["SHDC"[i]])}</span> ${esc(ranks(h[suit]))}</li>`).join("") : `<li>${esc(_("not known"))}</li>`;
    const hand = _("%(seat)s's hand", "seat", SEATS[s]);
    return `<div class="hand ${place}"><p><strong>${esc(SEATS[s])}</strong>${h ? ` <span class="muted">${h.hcp}</span>` : ""}</p><ul aria-label="${esc(hand)}">${lines}</ul></div>`;
  };
  const dd = data.double_dummy;
  const parScore = dd ? esc(_("Par %(score)s (NS)", "score", signed(dd.par_score))) : "";
  const parWords = dd && dd.par_contracts.length ? located(parScore, dd.par_contracts.map(esc).join(", ")) : parScore;
  const par = dd ? `<p class="muted">${parWords}</p>` : "";
  return `<h3>${esc(_("The deal"))}</h3><div class="deal">${seat("N", "north")}${seat("W", "west")}${seat("E", "east")}${seat("S", "south")}</div>${par}`;
}

function render() {
  header();
  renderStatus();
  const app = document.getElementById("app");
  app.innerHTML = messageHtml() + screens();
  app.dataset.screen = ui.screen;
}

// --- start --------------------------------------------------------------------------------------

document.addEventListener("click", async (event) => {
  const el = event.target.closest("[data-action]");
  if (!el || el.disabled) return;
  event.preventDefault();
  const action = actions[el.dataset.action];
  if (action) {
    if (el.dataset.action !== "dismiss") ui.message = null;
    await action(el);
    if (["confirmRound", "pickBoard", "nextBoard", "nextRound", "toDeclarer", "declarer", "tricks", "toAgree", "special"].includes(el.dataset.action)) {
      document.getElementById("app").focus();
    }
  }
});

document.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && event.target.id === "code") actions.join();
});

window.addEventListener("online", () => { setOnline(true); flush(); });
window.addEventListener("offline", () => setOnline(false));

async function start() {
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/t/sw.js", { scope: "/t/" }).catch(() => {});
  }
  ui.pass = (await kvGet("pass")) || null;
  ui.state = (await kvGet("state")) || null;
  ui.scores = (await kvGet("scores")) || null;
  ui.round = (await kvGet("round")) || null;
  ui.swiss = (await kvGet("swiss")) || null;
  ui.queue = await queueAll();
  const code = (location.pathname.match(/^\/t\/([A-Za-z0-9-]+)$/) || [])[1];
  const card = cardKey();
  const other = ui.pass && ui.pass.code.toUpperCase() !== (code || "").toUpperCase();
  if (code && (!ui.pass || other || (card && ui.pass.card !== card))) {
    try {
      await join(code, card);
      if (card) history.replaceState(null, "", location.pathname); // the key off the screen
    } catch (error) {
      ui.message = { problem: error.message === "Failed to fetch" ? _("No connection: joining the table needs one.") : error.message };
    }
  }
  await refresh();
  if (ui.state) {
    const saved = await kvGet("round"); // the round these players confirmed, if any
    if (saved && roundOf(saved)) {
      ui.round = saved;
      ui.screen = "boards";
    } else {
      ui.round = firstOpenRound();
      ui.screen = "round";
    }
  }
  render();
  flush();
  listen();
  setInterval(() => {
    if (!ui.streaming && document.visibilityState === "visible") changed();
  }, POLL_MS);
  // At a Swiss event the other room's boards are not this table's news: while the players wait
  // for them, the match is asked for now and then (a 304 when nothing changed).
  setInterval(async () => {
    const m = ui.screen === "boards" && swissMatch(ui.round);
    if (!m || m.complete || !roundComplete(ui.round) || document.visibilityState !== "visible") return;
    if (await refreshSwiss()) render();
  }, SWISS_POLL_MS);
}

// --- hearing of changes ---------------------------------------------------------------------------

async function changed() {
  const before = ui.etag;
  const swissChanged = await refresh();
  // The screen is drawn again when something changed, unless the players are entering a result:
  // the match too, which a state already shown may be waiting for (its answer failed before).
  if (ui.etag !== before || swissChanged || ui.ended || (ui.pass && ui.pass.invalid)) {
    if (ui.screen !== "entry") render();
    else header();
  }
}

// The table's event stream: a fetch read as it arrives (an EventSource cannot send the pass).
async function listen() {
  for (;;) {
    if (!ui.pass || ui.pass.invalid || ui.ended || !window.ReadableStream) {
      await sleep(POLL_MS);
      continue;
    }
    try {
      const response = await fetch("/t/api/events", {
        headers: { Authorization: `Bearer ${ui.pass.token}`, Accept: "text/event-stream" },
        cache: "no-store",
      });
      if (!response.ok || !response.body) {
        await changed(); // a pass that ended, a session published: the state says so
        await sleep(POLL_MS);
        continue;
      }
      ui.streaming = true;
      setOnline(true);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (/^event: change$/m.test(event)) await changed();
        }
      }
    } catch (error) {
      /* no connection: the queue waits, and the stream is opened again */
    }
    ui.streaming = false;
    await sleep(1000);
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

start();
