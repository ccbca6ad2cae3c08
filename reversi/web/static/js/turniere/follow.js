// Off to the player's next tournament table: a notice first, then the table
// (docs/protocol.md, "Tournament tables").
import { t } from "../core/i18n.js";
import { Status } from "../duel/status.js";

/** how long the notice stands before the page goes to the table */
export const TO_TABLE_MS = 1500;

/** Goes to `link` after the notice's time. @param {string} link */
export function goSoon(link) {
  setTimeout(() => location.assign(link), TO_TABLE_MS);
}

/**
 * The table page's answer to `paired`: a tournament paired this player again; once this
 * game is over, the page says so and goes to the new table.
 * @param {{table: any, you: {seat: number | null}, say: (text: string, visible: boolean) => void}} page
 * @param {{code: string, link: string}} message
 */
export function nextTable(page, message) {
  const table = page.table;
  const over = table && (table.status === Status.FINISHED || table.status === Status.ABORTED);
  if (!table?.tournament || page.you.seat === null || !over || message.code === table.code) return;
  page.say(t("duel.tournament.paired"), true);
  goSoon(message.link);
}
