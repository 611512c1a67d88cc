/**
 * The part of analytics every page of a site with a provider loads at once, beside its one
 * script (preloaded): a few hundred bytes that keep the visit's campaign tags, note what the visitor
 * does before the analytics chunk arrives, and load that chunk once the page is idle or
 * at the visitor's first action, whichever comes first. Nothing here talks to the provider.
 */
import type { AnalyticsClientConfig } from "./config.ts";
import { carryCampaign, rememberCampaign } from "./campaign.ts";
import { FORM_OUTCOME_EVENT } from "./events.ts";

type StartModule = { start: (config: AnalyticsClientConfig, early: Event[], stopRecording: () => void) => Promise<void> };

/** What the chunk replays: clicks, a calculator's first input, a form's outcome. */
export const RECORDED = ["click", "auxclick", "input", FORM_OUTCOME_EVENT] as const;
const FIRST_ACTIONS = ["pointerdown", "keydown", "touchstart", "scroll"] as const;

export function scheduleAnalytics(config: AnalyticsClientConfig, load: () => Promise<StartModule>) {
  rememberCampaign();
  for (const type of ["click", "auxclick", "contextmenu"]) document.addEventListener(type, carryCampaign, true);
  const early: Event[] = [];
  const remember = (event: Event) => early.push(event);
  for (const type of RECORDED) document.addEventListener(type, remember, true);
  let loading = false;
  const run = () => {
    if (loading) return;
    loading = true;
    for (const type of FIRST_ACTIONS) window.removeEventListener(type, run, true);
    load()
      .then((module) =>
        module.start(config, early, () => {
          for (const type of RECORDED) document.removeEventListener(type, remember, true);
        }),
      )
      // A chunk that cannot load (offline, blocked) leaves the page as it is.
      .catch(() => undefined);
  };
  for (const type of FIRST_ACTIONS) window.addEventListener(type, run, { capture: true, passive: true });
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 500));
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
