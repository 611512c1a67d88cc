/**
 * The analytics chunk, loaded when the page is idle or at the visitor's first action
 * (start-later.ts): asks for consent when the provider needs it, starts the provider's
 * sender, and records the site's events: named ones (track: in pages.yaml, as
 * data-track on the element), clicks to named targets, form outcomes, a calculator's
 * first use, video plays, outbound links and the page's Core Web Vitals.
 */
import { onCLS, onINP, onLCP, type MetricType } from "web-vitals";
import type { AnalyticsClientConfig, Sender } from "./config.ts";
import { consentBanner, type Choice } from "./consent-banner.ts";
import { AUTOMATIC_EVENTS, CONSENT_SETTINGS_ATTRIBUTE, FORM_OUTCOME_EVENT, TARGET_ATTRIBUTE, TRACK_ATTRIBUTE, type FormOutcome } from "./events.ts";
import { senders } from "./providers/client.ts";
import { RECORDED } from "./start-later.ts";

/** The visitor's answer, stored by the site itself; it identifies no one. */
export const CONSENT_KEY = "analytics-consent";

export async function start(config: AnalyticsClientConfig, early: Event[], stopRecording: () => void) {
  const createSender = await senders[config.provider]();
  const sender = createSender(config.settings);
  if (config.consent) askConsent(config, sender);
  else sender.start();

  const record = (name: string, props: Record<string, string>) => {
    try {
      sender.track(name, props);
    } catch {
      // A provider that fails leaves the page as it is.
    }
  };
  const handle = eventHandler(record);
  // From here on the chunk listens itself: nothing the visitor does falls between the two.
  stopRecording();
  for (const event of early) handle(event);
  for (const type of RECORDED) document.addEventListener(type, handle, true);
  document.addEventListener("play", handle, true);

  const vital = (metric: MetricType) =>
    record(AUTOMATIC_EVENTS.webVitals, {
      metric: metric.name,
      // CLS is a score (0.05); the others are milliseconds.
      value: metric.name === "CLS" ? metric.value.toFixed(3) : String(Math.round(metric.value)),
      rating: metric.rating,
    });
  onLCP(vital);
  onINP(vital);
  onCLS(vital);
}

function askConsent(config: AnalyticsClientConfig, sender: Sender) {
  // Global Privacy Control is the visitor's no, said once for every site: it outweighs any answer given
  // here before (forgotten, with the provider's cookies), and leaves nothing to ask or to reopen.
  if ((navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true) {
    try {
      localStorage.removeItem(CONSENT_KEY);
    } catch {
      // No storage: nothing was stored either.
    }
    sender.stop?.();
    return;
  }
  const remember = (choice: Choice) => {
    try {
      localStorage.setItem(CONSENT_KEY, choice);
    } catch {
      // Not stored: the banner asks again on the next page.
    }
  };
  const banner = consentBanner(config.consent!, (choice) => {
    remember(choice);
    if (choice === "granted") sender.start();
    else sender.stop?.();
  });
  for (const button of document.querySelectorAll<HTMLElement>(`[${CONSENT_SETTINGS_ATTRIBUTE}]`)) {
    button.hidden = false;
    button.addEventListener("click", () => banner.show(true));
  }
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(CONSENT_KEY);
  } catch {
    stored = null;
  }
  if (stored === "granted") sender.start();
  else if (stored !== "denied") banner.show(false);
}

type Record_ = (name: string, props: Record<string, string>) => void;

function eventHandler(record: Record_) {
  const usedCalculators = new WeakSet<Element>();
  const played = new WeakSet<Element>();
  const islands = islandRecords();
  return (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    if (event.type === "click" || event.type === "auxclick") {
      if (event.type === "auxclick" && (event as MouseEvent).button !== 1) return;
      const tracked = target.closest<HTMLElement>(`[${TRACK_ATTRIBUTE}]`);
      const link = target.closest<HTMLAnchorElement>("a[href]");
      if (tracked && (tracked.tagName === "A" || tracked.tagName === "BUTTON")) {
        record(tracked.getAttribute(TRACK_ATTRIBUTE)!, { label: labelOf(tracked), section: sectionOf(tracked), ...(link ? { url: link.href } : {}) });
      }
      if (!link) return;
      const name = link.getAttribute(TARGET_ATTRIBUTE);
      if (name) record(AUTOMATIC_EVENTS.targetClick, { target: name, label: labelOf(link), section: sectionOf(link) });
      else if (/^https?:$/.test(link.protocol) && link.host !== location.host) record(AUTOMATIC_EVENTS.outboundClick, { url: link.href });
      return;
    }
    if (event.type === "input") {
      const island = target.closest<HTMLElement>("[data-island]");
      const info = island && islands.get(island.dataset.island!);
      if (!island || !info?.name.endsWith("-calculator") || usedCalculators.has(island)) return;
      usedCalculators.add(island);
      const section = sectionOf(target);
      record(AUTOMATIC_EVENTS.calculatorUse, { calculator: info.name, section });
      if (info.track) record(info.track, { calculator: info.name, section });
      return;
    }
    if (event.type === FORM_OUTCOME_EVENT) {
      const outcome = (event as CustomEvent<{ outcome: FormOutcome }>).detail?.outcome ?? "sent";
      const island = target.closest<HTMLElement>("[data-island]");
      const info = island && islands.get(island.dataset.island!);
      const section = sectionOf(target);
      record(AUTOMATIC_EVENTS.formSubmit, { form: section, outcome });
      if (info?.track) record(info.track, { form: section, outcome });
      return;
    }
    if (event.type === "play" && target instanceof HTMLMediaElement && !played.has(target)) {
      played.add(target);
      record(AUTOMATIC_EVENTS.videoPlay, {
        video: target.getAttribute("title") ?? target.getAttribute("aria-label") ?? target.currentSrc,
        section: sectionOf(target),
      });
    }
  };
}

/** The page's islands by id: their block and the event their content names. */
function islandRecords(): Map<string, { name: string; track?: string }> {
  const records = new Map<string, { name: string; track?: string }>();
  try {
    const payload = JSON.parse(document.getElementById("islands")?.textContent ?? "{}") as {
      islands?: { id: number; name: string; props?: { track?: unknown } }[];
    };
    for (const island of payload.islands ?? [])
      records.set(String(island.id), { name: island.name, ...(typeof island.props?.track === "string" ? { track: island.props.track } : {}) });
  } catch {
    // No islands data: calculators and forms are still recorded by their automatic events' absence of a name.
  }
  return records;
}

/** What the visitor read on the button: its text without what only screen readers hear. */
function labelOf(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll("[data-new-tab]")) hidden.remove();
  return (copy.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 100);
}

/** Where on the page: the section's id, else header, footer or the section's place (section-3). */
function sectionOf(element: Element): string {
  if (element.closest("header")) return "header";
  if (element.closest("footer")) return "footer";
  const section = element.closest("section");
  if (!section) return "page";
  if (section.id) return section.id;
  const all = [...document.querySelectorAll("main section")].filter((candidate) => !candidate.parentElement?.closest("section"));
  return `section-${all.indexOf(section) + 1}`;
}
