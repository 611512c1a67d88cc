/**
 * Copies `text` to the clipboard; where the browser allows no copying, selects the text of
 * `shown` instead, so that copying is one keystroke away. True when it copied.
 */
export async function copyText(text: string, shown: HTMLElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const selection = window.getSelection();
    if (shown && selection) selection.selectAllChildren(shown);
    return false;
  }
}
