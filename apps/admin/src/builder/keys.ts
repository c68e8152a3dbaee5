/** Whether a key pressed here is a text field's own (its undo, its arrows), not the editor's. */
export function inTextInput(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element?.closest) return false;
  return element.closest('input, textarea, select, [contenteditable="true"], [role="textbox"]') !== null;
}

/** Ctrl/Cmd+Z is undo; Ctrl/Cmd+Shift+Z and Ctrl/Cmd+Y are redo; anything else is neither. */
export function historyKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }) {
  if (!(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y') return 'redo';
  return null;
}
