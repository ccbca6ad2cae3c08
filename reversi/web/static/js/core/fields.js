// What the text fields share: a paste longer than the field takes is said, not cut silently.

/**
 * Whether this paste into a field with a `maxlength` loses characters.
 * @param {ClipboardEvent} event the field's paste
 */
export function pasteIsCut(event) {
  const field = /** @type {HTMLInputElement} */ (event.currentTarget);
  const pasted = event.clipboardData?.getData("text") ?? "";
  const selected = (field.selectionEnd ?? 0) - (field.selectionStart ?? 0);
  return field.maxLength > 0 && field.value.length - selected + pasted.length > field.maxLength;
}
