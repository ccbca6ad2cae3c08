// The page's side of the worker (docs/protocol.md): boots Pyodide in a module
// worker, with a timeout, and passes messages both ways.
// How long the page waits for Pyodide and the engine before it gives up with a German
// error (a .wasm served with a wrong type, for one, makes loadPyodide hang forever).
export const BOOT_TIMEOUT_MS = /** @type {any} */ (globalThis).REVERSI_BOOT_TIMEOUT_MS ?? 30000;

export class Engine {
  /**
   * @param {import("./config.js").Config} config the page's config (where Pyodide and the Python files are)
   * @param {(message: any) => void} [onMessage] the page's handler of the worker's answers
   */
  constructor(config, onMessage = () => {}) {
    this.config = config;
    this.onMessage = onMessage;
    this.worker = null;
    /** @type {{step: number, steps: number, stage: string} | null} the boot's last stage */
    this.progress = null;
    /** @type {((progress: {step: number, steps: number, stage: string}) => void)[]} */
    this.progressListeners = [];
  }

  /** Calls `listener` with the boot's stage now (if one came) and at each next one.
   * @param {(progress: {step: number, steps: number, stage: string}) => void} listener */
  onProgress(listener) {
    this.progressListeners.push(listener);
    if (this.progress) listener(this.progress);
  }

  start(timeoutMs = BOOT_TIMEOUT_MS) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.stop();
        reject(Object.assign(new Error("timeout"), { kind: "timeout" }));
      }, timeoutMs);
      const fail = (/** @type {string} */ detail) => {
        clearTimeout(timer);
        this.stop();
        reject(Object.assign(new Error(detail), { kind: "boot" }));
      };
      try {
        this.worker = new Worker(`${this.config.app}js/worker.js`, { type: "module" });
      } catch (error) {
        fail(String(error));
        return;
      }
      this.worker.addEventListener("error", (event) => {
        event.preventDefault();
        fail(event.message || "Worker-Fehler");
      });
      this.worker.addEventListener("message", (event) => {
        const message = event.data;
        if (message.type === "ready") {
          clearTimeout(timer);
          resolve(message);
        } else if (message.type === "boot-progress") {
          this.progress = { step: message.step, steps: message.steps, stage: message.stage };
          for (const listener of this.progressListeners) listener(this.progress);
        } else if (message.type === "boot-error") {
          fail(message.message);
        } else {
          this.onMessage(message); // set by the page once it is drawn
        }
      });
      this.worker.postMessage({
        type: "boot",
        pyodide: this.config.pyodide,
        stdlib: this.config.stdlib,
        reversi: this.config.reversi,
        wasm: this.config.wasm,
        lock: this.config.lock,
        page_start: performance.timeOrigin,
      });
    });
  }

  /** @param {Record<string, unknown>} message */
  send(message) {
    this.worker.postMessage(message);
  }

  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
  }
}
