// placeholder, replaced below
export function lessonPage(main) { main.replaceChildren(); }
