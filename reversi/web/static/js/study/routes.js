// The study pages by path, for the hall's router (app.js): tips, openings, puzzles;
// each page is loaded only when it is opened.
/** @type {{match: (path: string) => boolean, page: (main: HTMLElement) => Promise<void>}[]} */
export const STUDY_ROUTES = [
  { match: (path) => path === "/tipps", page: async (main) => (await import("./tips.js")).tipsPage(main) },
  { match: (path) => path === "/eroeffnungen", page: async (main) => (await import("./openings.js")).openingsPage(main) },
  { match: (path) => path === "/eroeffnungstrainer", page: async (main) => (await import("./trainerpage.js")).trainerPage(main) },
  { match: (path) => path === "/aufgaben", page: async (main) => (await import("./puzzles.js")).puzzlesPage(main) },
];
