// Ctrl+Z takes a move back, Ctrl+Y (or Ctrl+Shift+Z) plays it again (⌘ on a Mac);
// typing in a field keeps its own undo.

/** @param {(redo: boolean) => void} act */
export function listenUndoKeys(act) {
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
    const key = event.key.toLowerCase();
    if (key !== "z" && key !== "y") return;
    event.preventDefault();
    act(key === "y" || event.shiftKey);
  });
}
