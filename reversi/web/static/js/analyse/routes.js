// The analysis board's path, for the hall's router (app.js); loaded only when opened.
/** @type {{match: (path: string) => boolean, page: (main: HTMLElement) => Promise<void>}[]} */
export const ANALYSE_ROUTES = [
  { match: (path) => path === "/analyse", page: async (main) => (await import("./page.js")).analysePage(main) },
  { match: (path) => path === "/aus-fehlern-lernen", page: async (main) => (await import("./drillpage.js")).drillPage(main) },
];
