// The learning pages by path, for the hall's router (app.js): each page is loaded only
// when it is opened.
/** @type {{match: (path: string) => boolean, page: (main: HTMLElement) => Promise<void>}[]} */
export const LEARN_ROUTES = [
  { match: (path) => path === "/regeln", page: async (main) => (await import("./rules.js")).rulesPage(main) },
  { match: (path) => path === "/lernen", page: async (main) => (await import("./lesson.js")).lessonPage(main) },
  { match: (path) => path === "/duell-ecke", page: async (main) => (await import("./duel_guide.js")).duelGuidePage(main) },
];
