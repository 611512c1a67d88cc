/**
 * The error screen the spec asks for ("Unexpected Application Error!" and the
 * message), shown in place of one broken island while the rest of the page keeps
 * working. Plain DOM and inline styles: the theme, or React itself, may be what
 * failed. ErrorScreen.tsx draws the same screen from React.
 */
export const UNEXPECTED_ERROR = "Unexpected Application Error!";

export const ERROR_STYLES = {
  box: "padding: 2rem; font-family: system-ui, sans-serif; color: #081326",
  title: "font-size: 1.5rem; font-weight: 700",
  message: "font-style: italic; margin: 0.75rem 0",
  stack: "padding: 0.5rem; background: rgba(200, 200, 200, 0.5); overflow-x: auto; font-size: 0.85rem",
} as const;

export function showIslandError(island: HTMLElement, failure: unknown) {
  const error = failure instanceof Error ? failure : new Error(String(failure));
  console.error(error);
  const box = document.createElement("div");
  box.setAttribute("role", "alert");
  box.style.cssText = ERROR_STYLES.box;
  const part = (tag: string, style: string, text: string) => {
    const element = document.createElement(tag);
    element.style.cssText = style;
    element.textContent = text;
    return element;
  };
  box.append(
    part("h2", ERROR_STYLES.title, UNEXPECTED_ERROR),
    part("h3", ERROR_STYLES.message, error.message),
    part("pre", ERROR_STYLES.stack, error.stack ?? ""),
  );
  island.replaceChildren(box);
}
