/**
 * The only script every page loads, a few hundred bytes: it wakes each island of
 * the prerendered page (the header, calculators, forms) when the visitor is about
 * to use it. Static sections never load React.
 */
import type { IslandsPayload } from "./app/island.tsx";
import { logNotFound } from "./app/not-found-log.ts";

function startIslands() {
  const script = document.getElementById("islands");
  if (!script?.textContent) return;
  const payload = JSON.parse(script.textContent) as IslandsPayload;
  if (payload.path === "*") logNotFound(window.location.pathname);
  for (const record of payload.islands) {
    const element = document.querySelector<HTMLElement>(`[data-island="${record.id}"]`);
    if (!element) continue;
    const hydrate = once(() => void import("./app/island-runtime.tsx").then((runtime) => runtime.hydrateIsland(element, record)));
    if (record.when === "interaction") onFirstInteraction(element, hydrate);
    else onNearScreen(element, hydrate);
  }
}

function once(run: () => void): () => void {
  let done = false;
  return () => {
    if (!done) run();
    done = true;
  };
}

// Capture, because toggle (a <details> opening) does not bubble.
const INTERACTIONS = ["pointerdown", "focusin", "keydown", "toggle"] as const;

function onFirstInteraction(element: HTMLElement, run: () => void) {
  for (const type of INTERACTIONS) element.addEventListener(type, run, { capture: true, once: true });
}

/** Islands are box-less wrappers (display: contents), so their first element is what scrolls into view. */
function onNearScreen(element: HTMLElement, run: () => void) {
  const target = element.firstElementChild;
  if (!target || !("IntersectionObserver" in window)) return run();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: "400px 0px" },
  );
  observer.observe(target);
}

if (import.meta.env.DEV) void import("./dev-client.tsx").then((dev) => dev.start());
else startIslands();
