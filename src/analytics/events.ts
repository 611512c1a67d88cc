/**
 * Events every site with analytics records without any YAML, beside the ones its
 * content names (`analytics.events` in content/site.yaml, `track:` in pages.yaml).
 * Their names are reserved: the content cannot declare an event of the same name.
 */
export const AUTOMATIC_EVENTS = {
  /** A click on a link to a named target (booking, course): props target, label, section. */
  targetClick: "target-click",
  /** A sign-up form sent: props form (its section), outcome (sent, failed, no-answer, email). */
  formSubmit: "form-submit",
  /** The first change to a calculator's inputs on a page: props calculator, section. */
  calculatorUse: "calculator-use",
  /** A video started playing: props video (its title or source), section. */
  videoPlay: "video-play",
  /** A click on a link to another site: props url. */
  outboundClick: "outbound-click",
  /** A Core Web Vital measured on the visitor's device: props metric (LCP, INP, CLS), value, rating. */
  webVitals: "web-vitals",
} as const;

export const RESERVED_EVENT_NAMES: readonly string[] = Object.values(AUTOMATIC_EVENTS);

/** The DOM contract between the prerendered pages and the analytics script. */
export const TRACK_ATTRIBUTE = "data-track";
/** On a link to a named target: the target's name. */
export const TARGET_ATTRIBUTE = "data-target";
/** On the footer's button that reopens the consent banner. */
export const CONSENT_SETTINGS_ATTRIBUTE = "data-consent-settings";
/** Dispatched on a form element by the form island once its outcome is known; detail: { outcome }. */
export const FORM_OUTCOME_EVENT = "site:form-outcome";

export type FormOutcome = "sent" | "failed" | "no-answer" | "email";
