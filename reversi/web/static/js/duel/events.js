// What the table page says and does for each event of its table (docs/protocol.md,
// "Duels"): who joined, take-back and rematch answers, chat lines, the end and its
// record in the hall.
import { t } from "../core/i18n.js";
import { click } from "../board/sound.js";
import { resultText } from "./result.js";
import { Status } from "./status.js";

/**
 * @param {import("./page.js").TablePage} page
 * @param {{kind: string, version: number, data: any}} event
 */
export function tellEvent(page, event) {
  const d = event.data;
  const mine = page.you.seat;
  const name = (/** @type {number} */ seat) => page.name(seat);
  switch (event.kind) {
    case "joined": page.say(t("duel.ev.joined", { name: d.name }), true); break;
    case "started": page.say(page.startText(), false); break;
    case "rules": if (mine !== 0) page.say(t("rules.changed"), true); break;
    case "takeback_asked": if (d.seat !== mine) page.say(t("takeback.asked", { name: name(d.seat) }), true); break;
    case "takeback_declined":
      page.say(d.seat === mine ? t("takeback.you.declined") : t("takeback.declined", { name: name(d.seat) }), true);
      break;
    case "takeback": page.say(t("takeback.done"), true); break;
    case "ended":
      page.confirm.reset();
      page.focusResult = true;
      page.say(resultText(page), false);
      break;
    case "booked":
      // the hall recorded the game: its lines push the result's buttons down, so the
      // result is brought into view again; the hall looks for new points and milestones
      page.refocusResult = true;
      if (page.table.status === Status.FINISHED) dispatchEvent(new CustomEvent("reversi:duel-ended", { detail: { code: page.code } }));
      break;
    case "rematch_offered": if (d.seat !== mine) page.say(t("rematch.offered", { name: name(d.seat) }), true); break;
    case "rematch_declined": page.say(t("rematch.declined", { name: name(d.seat) }), true); break;
    case "rematch":
      page.say(t("rematch.go"), true);
      if (mine !== null) {
        page.socket.unwatch(page.code);
        location.assign(`/tisch/${d.code}`);
      }
      break;
    case "chat": page.chat.add({ seat: d.seat, text: d.text, at: d.at, id: event.version }); break;
    case "mute": page.you.muted = d.muted; break;
    case "callback": if (d.seat === mine) page.say(t("duel.callback.sent"), true); break;
    case "resumed": page.say(t("duel.resumed"), true); break;
    case "renamed": if (d.seat !== mine && d.notice !== false) page.say(t("duel.ev.renamed", { before: d.before ?? "?", name: d.name }), true); break;
    case "move": if (d.seat !== mine && page.settings.sound) click(); break;
    default: break;
  }
}
