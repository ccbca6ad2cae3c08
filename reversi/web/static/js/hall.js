// The hall: leaderboards (/rangliste), milestones (/meilensteine), the duels in the
// Bilanz, the milestone notice, and what this device sends the server (docs/api.md):
// computer games from its queue and the settings, at start, when back online and
// after each game.
import { h, t } from "./i18n.js";
import * as store from "./store.js";

const PERIODS = ["week", "month", "year"];
const MILESTONES = ["first_game", "first_win", "three_opponents", "five_wins", "twenty_five_wins"];
const BATCH = 50;

// Calls that may make a new player (the first one sets the cookie) go one at a time:
// two at once from a device without a cookie would make two players.
let writes = Promise.resolve();

function call(path, options = {}) {
  const reads = !options.method || options.method === "GET";
  if (reads && path !== "/api/me") return request(path, options);
  const run = writes.then(() => request(path, options));
  writes = run.catch(() => {});
  return run;
}

async function request(path, { method = "GET", body } = {}) {
  const init = { method, credentials: "same-origin", cache: "no-store" };
  if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = new Error(data?.message || `HTTP ${response.status}`);
    error.code = data?.error || "http";
    error.status = response.status;
    throw error;
  }
  return data;
}

export const star = (level) => `⭐ ${level}`;
const pointsText = (n) => (n === 1 ? t("hall.points.one") : t("hall.points.many", { n }));

function levelCell(level) {
  return h("span", { class: "level" }, h("span", { "aria-hidden": "true" }, star(level)),
    h("span", { class: "visually-hidden" }, t("hall.level.sr", { n: level })));
}

// --- what the device sends -------------------------------------------------------------

let sending = null;
let again = false;

// Sends the queued computer games; an entry leaves the queue only once acknowledged.
// Asked again while a send runs, it sends once more afterwards.
export function sendResults() {
  if (sending) {
    again = true;
    return sending;
  }
  again = false;
  sending = (async () => {
    for (let round = 0; round < 20; round += 1) {
      const queue = store.outbox().slice(0, BATCH);
      if (!queue.length) return;
      let answer;
      try {
        answer = await call("/api/results", { method: "POST", body: { results: queue } });
      } catch (error) {
        // a refused entry would block the queue forever: drop what the server refused
        if (error.status === 400 && queue.length === 1) store.acknowledge([queue[0].id]);
        else if (error.status === 400) {
          for (const entry of queue) {
            try {
              await call("/api/results", { method: "POST", body: { results: [entry] } });
              store.acknowledge([entry.id]);
            } catch (single) {
              if (single.status === 400) store.acknowledge([entry.id]);
              else return;
            }
          }
          continue;
        }
        return;
      }
      store.acknowledge(answer.acknowledged || []);
    }
  })().finally(() => {
    sending = null;
    if (again) sendResults();
  });
  return sending;
}

// Loads the server's settings and takes them when they are newer (another device,
// a transfer); then tells the server about newer ones of this device.
export async function syncSettings() {
  try {
    const server = await call("/api/settings");
    const local = store.settingsChangedAt();
    if (server.settings && server.changed_at > local) {
      store.adoptSettings(server.settings, server.changed_at);
    } else if (local > 0 && local > (server.changed_at || 0)) {
      await call("/api/settings", { method: "PUT", body: { settings: store.storedSettings(), changed_at: local } });
    }
  } catch {
    // offline: the device's settings stay; the next game end or start tries again
  }
}

async function saveSettings() {
  const local = store.settingsChangedAt();
  if (!local) return;
  try {
    await call("/api/settings", { method: "PUT", body: { settings: store.storedSettings(), changed_at: local } });
  } catch {
    // offline: sent at the next start
  }
}

// --- the milestone notice ----------------------------------------------------------------

export async function checkMilestones() {
  let data;
  try {
    data = await call("/api/milestones");
  } catch {
    return;
  }
  if (!data.new_milestones?.length) return;
  showNotice(data.new_milestones, data.level);
  call("/api/milestones/seen", { method: "POST", body: { ids: data.new_milestones } }).catch(() => {});
}

function showNotice(ids, level) {
  document.getElementById("milestone-notice")?.remove();
  const names = ids.map((id) => t(`hall.milestone.${id}`)).join(", ");
  const box = h("div", { class: "milestone-notice", id: "milestone-notice", role: "status" },
    h("p", {}, h("strong", {}, t(ids.length > 1 ? "hall.notice.many" : "hall.notice.one")), " ", names, ". ",
      t("hall.notice.level", { level: star(level) })),
    h("p", { class: "milestone-notice-actions" },
      h("a", { href: "/meilensteine" }, t("hall.notice.link")),
      h("button", { type: "button", class: "link", onclick: () => box.remove() }, t("hall.notice.close"))));
  document.getElementById("main")?.prepend(box);
}

let settingsLoaded = Promise.resolve();

// A game page waits briefly for the server's settings: longer on a device without
// settings of its own (e.g. right after a transfer); a server that is gone fails fast.
export function waitForSettings() {
  const wait = store.settingsChangedAt() ? 1500 : 5000;
  return Promise.race([settingsLoaded, new Promise((resolve) => { setTimeout(resolve, wait); })]);
}

// Starts the device's part: call once per page. Resolves when the settings are in.
export function startHall() {
  const settings = syncSettings();
  settingsLoaded = settings;
  const afterSettings = settings.then(() => {
    sendResults();
    checkMilestones();
  });
  addEventListener("online", () => { syncSettings(); sendResults(); });
  // a finished game (store.saveResult): its result and the settings go to the server
  addEventListener("reversi:result", () => { sendResults(); saveSettings(); });
  // a finished duel (duel.js, as the table's "ended" event comes): new points, perhaps a
  // milestone; the settings are saved too
  addEventListener("reversi:duel-ended", () => { saveSettings(); checkMilestones(); });
  afterSettings.catch(() => {});
  return settings;
}

// --- pages ---------------------------------------------------------------------------------

const fmtDay = (iso) => new Date(`${iso}T12:00:00`).toLocaleDateString("de-DE", { day: "2-digit", month: "2-digit", year: "numeric" });

function periodTitle(board) {
  const [year, rest] = board.key.split("-");
  if (board.period === "week") return t("hall.period.week.title", { week: Number(rest.slice(1)), year, from: fmtDay(board.first_day), to: fmtDay(board.last_day) });
  if (board.period === "month") {
    const name = new Date(`${board.first_day}T12:00:00`).toLocaleDateString("de-DE", { month: "long" });
    return t("hall.period.month.title", { month: name, year });
  }
  return t("hall.period.year.title", { year });
}

function boardRow(row) {
  return h("tr", { class: row.you ? "you" : null, "aria-current": row.you ? "true" : null },
    h("td", { class: "rank" }, String(row.rank)),
    h("th", { scope: "row", class: "name" }, row.nickname,
      row.you ? h("span", { class: "you-tag" }, ` (${t("hall.you")})`) : null),
    h("td", { class: "level-cell" }, levelCell(row.level)),
    h("td", { class: "points" }, String(row.points)));
}

export function leaderboardPage(main) {
  document.title = `${t("hall.board.heading")} – ${t("hall.title")}`;
  const params = new URLSearchParams(location.search);
  const state = {
    period: PERIODS.includes(params.get("zeitraum")) ? params.get("zeitraum") : "week",
    at: /^\d{4}-\d{2}-\d{2}$/.test(params.get("am") || "") ? params.get("am") : null,
  };
  const tabs = {};
  const tablist = h("div", { class: "tabs", role: "tablist", "aria-label": t("hall.board.periods") },
    PERIODS.map((p) => {
      tabs[p] = h("button", { type: "button", role: "tab", id: `tab-${p}`, "aria-controls": "board-panel",
        onclick: () => { state.period = p; state.at = null; load(); },
        onkeydown: (event) => {
          const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
          if (!step) return;
          const next = PERIODS[(PERIODS.indexOf(p) + step + PERIODS.length) % PERIODS.length];
          tabs[next].focus();
          tabs[next].click();
        } }, t(`hall.period.${p}`));
      return tabs[p];
    }));
  const title = h("h2", { id: "board-title" });
  const earlier = h("button", { type: "button", id: "board-earlier", onclick: () => { state.at = state.board?.previous; load(); } }, t("hall.board.earlier"));
  const later = h("button", { type: "button", id: "board-later", onclick: () => { state.at = state.board?.next; load(); } }, t("hall.board.later"));
  const current = h("button", { type: "button", class: "link", id: "board-current", onclick: () => { state.at = null; load(); } }, t("hall.board.current"));
  const body = h("div", { id: "board-body", "aria-live": "polite" }, h("p", {}, t("hall.loading")));
  const panel = h("div", { id: "board-panel", role: "tabpanel", tabindex: "0" },
    title, h("div", { class: "period-nav" }, earlier, current, later), body);
  main.replaceChildren(h("section", { class: "hall-board", "aria-labelledby": "board-heading" },
    h("h1", { id: "board-heading" }, t("hall.board.heading")),
    h("p", {}, t("hall.board.intro")), tablist, panel));

  async function load() {
    for (const p of PERIODS) {
      tabs[p].setAttribute("aria-selected", String(p === state.period));
      tabs[p].tabIndex = p === state.period ? 0 : -1;
    }
    panel.setAttribute("aria-labelledby", `tab-${state.period}`);
    const query = new URLSearchParams({ zeitraum: state.period });
    if (state.at) query.set("am", state.at);
    history.replaceState(null, "", `/rangliste?${query}`);
    const api = new URLSearchParams({ period: state.period });
    if (state.at) api.set("at", state.at);
    let board;
    try {
      board = await call(`/api/leaderboard?${api}`);
    } catch {
      body.replaceChildren(h("p", { class: "error" }, t("hall.offline")));
      return;
    }
    state.board = board;
    main.dataset.period = board.key;
    title.textContent = periodTitle(board);
    later.disabled = !board.next;
    current.hidden = board.current;
    if (!board.rows.length) {
      body.replaceChildren(h("p", { id: "board-empty" }, t("hall.board.empty")),
        ...(board.current ? [h("p", {}, h("a", { href: "/" }, t("hall.board.play")))] : []));
      return;
    }
    const rows = board.rows.map(boardRow);
    if (board.you && !board.rows.some((r) => r.you)) {
      rows.push(h("tr", { class: "gap", "aria-hidden": "true" }, h("td", { colspan: "4" }, "…")));
      rows.push(boardRow(board.you));
    }
    const mine = board.you
      ? h("p", { id: "board-you" }, t("hall.board.you", { rank: board.you.rank, points: pointsText(board.you.points), players: board.players }))
      : h("p", { id: "board-you" }, t("hall.board.you.none"));
    body.replaceChildren(mine,
      h("div", { class: "table-wrap" }, h("table", { id: "board-table", class: "board-table" },
        h("caption", { class: "visually-hidden" }, periodTitle(board)),
        h("thead", {}, h("tr", {},
          h("th", { scope: "col" }, t("hall.col.rank")), h("th", { scope: "col" }, t("hall.col.name")),
          h("th", { scope: "col" }, t("hall.col.level")), h("th", { scope: "col" }, t("hall.col.points")))),
        h("tbody", {}, rows))),
      h("p", { class: "hint" }, t("hall.board.rules")));
  }
  load();
}

function milestoneItem(m) {
  const name = t(`hall.milestone.${m.id}`);
  return h("li", { class: m.done ? "milestone done" : "milestone", "data-milestone": m.id },
    h("span", { class: "milestone-mark", "aria-hidden": "true" }, m.done ? "✓" : "○"),
    h("div", { class: "milestone-main" },
      h("span", { class: "milestone-name" }, name),
      h("progress", { max: String(m.goal), value: String(m.progress), "aria-label": name }),
      h("span", { class: "milestone-progress" },
        m.done ? t("hall.milestone.done") : t("hall.milestone.progress", { n: m.progress, goal: m.goal }))));
}

export function milestonesPage(main) {
  document.title = `${t("hall.milestones.heading")} – ${t("hall.title")}`;
  const body = h("div", { id: "milestones-body" }, h("p", {}, t("hall.loading")));
  main.replaceChildren(h("section", { class: "hall-milestones", "aria-labelledby": "milestones-heading" },
    h("h1", { id: "milestones-heading" }, t("hall.milestones.heading")),
    h("p", {}, t("hall.milestones.intro")), body));
  call("/api/me").then((me) => {
    const reached = me.milestones.filter((m) => m.done).length;
    body.replaceChildren(
      h("p", { class: "my-level", id: "my-level" }, t("hall.milestones.level", { name: me.nickname, level: star(me.level) })),
      h("p", {}, t("hall.milestones.count", { n: reached, all: MILESTONES.length })),
      h("ol", { class: "milestones", id: "milestones" }, me.milestones.map(milestoneItem)),
      pointsSummary(me));
  }).catch(() => body.replaceChildren(h("p", { class: "error" }, t("hall.offline"))));
}

function pointsSummary(me) {
  return h("table", { class: "points-table", id: "my-points" },
    h("caption", {}, t("hall.points.caption")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("hall.col.period")),
      h("th", { scope: "col" }, t("hall.col.points")), h("th", { scope: "col" }, t("hall.col.rank")))),
    h("tbody", {}, PERIODS.map((p) => h("tr", { "data-period": p },
      h("th", { scope: "row" }, h("a", { href: `/rangliste?zeitraum=${p}` }, t(`hall.period.${p}`))),
      h("td", { class: "points" }, String(me.points[p].points)),
      h("td", { class: "rank" }, me.points[p].rank ? String(me.points[p].rank) : "–")))));
}

// The Bilanz's part from the server: duels, and computer games of every device.
export function bilanzHall(section) {
  const box = h("section", { class: "bilanz-duels", id: "bilanz-duels", "aria-labelledby": "duels-heading" },
    h("h2", { id: "duels-heading" }, t("hall.bilanz.duels")), h("p", {}, t("hall.loading")));
  const table = section.querySelector("#bilanz-table");
  section.insertBefore(box, table);
  section.insertBefore(h("h2", { id: "computer-heading" }, t("hall.bilanz.computer")), table);
  sendResults().finally(() => call("/api/me").then((me) => {
    const d = me.record.duels;
    const summary = h("p", { id: "duels-summary" }, t("hall.bilanz.summary", {
      level: star(me.level), week: me.points.week.points, month: me.points.month.points, year: me.points.year.points }));
    const counts = (label, o, attrs = {}) => h("tr", attrs,
      h("th", { scope: "row" }, ...label),
      h("td", { class: "games" }, String(o.games)), h("td", { class: "wins" }, String(o.wins)),
      h("td", { class: "draws" }, String(o.draws)), h("td", { class: "losses" }, String(o.losses)));
    const opponents = d.games
      ? h("div", { class: "table-wrap" }, h("table", { id: "duels-table" },
        h("caption", { class: "visually-hidden" }, t("hall.bilanz.duels")),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("hall.col.opponent")),
          h("th", { scope: "col" }, t("bilanz.games")), h("th", { scope: "col" }, t("bilanz.wins")),
          h("th", { scope: "col" }, t("bilanz.draws")), h("th", { scope: "col" }, t("bilanz.losses")))),
        h("tbody", {}, counts([t("hall.bilanz.all")], d, { class: "all", id: "duels-all" }),
          d.opponents.map((o) => counts([o.nickname, " ", levelCell(o.level)], o)))))
      : h("p", {}, t("hall.bilanz.noduels"));
    box.replaceChildren(box.firstChild, summary, opponents);
    mergeComputer(section, me.record.computer);
  }).catch(() => {
    box.replaceChildren(box.firstChild, h("p", {}, t("hall.bilanz.offline")));
  }));
}

// Computer games: the server's (every device) plus this device's not yet sent ones.
function mergeComputer(section, computer) {
  const pending = store.outbox();
  for (const row of section.querySelectorAll("#bilanz-table tbody tr[data-level]")) {
    const level = row.dataset.level;
    const counts = { ...(computer.levels[level] || { win: 0, draw: 0, loss: 0 }) };
    for (const entry of pending) if (entry.level === level && entry.outcome in counts) counts[entry.outcome] += 1;
    row.querySelector(".games").textContent = String(counts.win + counts.draw + counts.loss);
    row.querySelector(".wins").textContent = String(counts.win);
    row.querySelector(".draws").textContent = String(counts.draw);
    row.querySelector(".losses").textContent = String(counts.loss);
  }
  const note = section.querySelector("#bilanz-sync") || h("p", { id: "bilanz-sync", class: "hint" });
  note.textContent = pending.length ? t("hall.bilanz.pending", { n: pending.length }) : t("hall.bilanz.synced");
  section.querySelector("#bilanz-table")?.after(note);
}
