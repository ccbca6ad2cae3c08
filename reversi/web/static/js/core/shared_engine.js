/**
 * One worker for all live boards of a page: requests carry an id the worker echoes
 * (docs/protocol.md, "Positions without a game"); the messages of the page's one game
 * against the computer go to its listener.
 */
import { config } from "./config.js";
import { Engine } from "./engine.js";

/** @typedef {import("./types.js").WorkerMessage} WorkerMessage */

class SharedEngine {
  constructor() {
    /** @type {Map<string, {resolve: (answer: any) => void, reject: (error: Error) => void}>} */
    this.pending = new Map();
    this.next = 1;
    /** @type {((message: WorkerMessage) => void) | null} the running game's, if any */
    this.gameListener = null;
    this.engine = new Engine(config, (message) => this.receive(message));
    this.ready = this.engine.start();
  }

  // One request, one answer: the worker echoes the id.
  /** @param {Record<string, unknown>} message @returns {Promise<any>} the worker's answer (docs/protocol.md) */
  async ask(message) {
    await this.ready;
    const id = `lb${this.next++}`;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.engine.send({ ...message, id });
    });
  }

  /** @param {Record<string, unknown>} message */
  async sendGame(message) {
    await this.ready;
    this.engine.send(message);
  }

  /** @param {WorkerMessage} message */
  receive(message) {
    const waiting = message.id !== undefined && this.pending.get(message.id);
    if (waiting) {
      this.pending.delete(message.id);
      if (message.type === "error") waiting.reject(new Error(message.message));
      else waiting.resolve(message);
    } else if (this.gameListener) {
      this.gameListener(message);
    } else if (message.type === "error") {
      console.error("worker:", message.message);
    }
  }
}

/** @type {SharedEngine | null} */
let shared = null;

export function sharedEngine() {
  if (!shared) shared = new SharedEngine();
  return shared;
}
