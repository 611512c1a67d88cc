/**
 * The consent banner, for a provider that stores identifiers. A bar fixed to the bottom of
 * the screen (it covers part of the page's end, never pushes the page, never shifts it),
 * a sentence and two buttons of equal weight. It is a labelled region, not a modal: the
 * page stays usable, and it comes right after the skip link in the tab order so a keyboard
 * reaches it at once.
 *
 * Written for this site rather than taken from a consent library: the two buttons, the
 * footer link and one stored choice are all the site needs, in under 2 KB with its styles,
 * where a library adds its preferences dialog, categories and stylesheet (tens of KB) and
 * a modal's semantics on what is here a bar.
 */
import { PAGE_IDS, SCRIPT_IDS } from "../content/page-ids.ts";
import type { ConsentTexts } from "./config.ts";

export type Choice = "granted" | "denied";

/** In the scripts' own namespace: a section's id can never be this one and keep the styles out. */
const STYLE_ID = SCRIPT_IDS.consentStyle;
const CSS = `
.consent-bar{position:fixed;z-index:1400;left:0;right:0;bottom:0;box-sizing:border-box;max-height:40vh;overflow:auto;
  background:var(--chakra-colors-surface-darkest,#081326);color:#fff;border-top:1px solid var(--chakra-colors-navy-700,#1b3866);
  box-shadow:0 -4px 16px rgba(8,19,38,.25);padding:12px 16px calc(12px + env(safe-area-inset-bottom));
  font:14px/1.45 var(--chakra-fonts-body,system-ui,sans-serif)}
.consent-bar[hidden]{display:none}
.consent-inner{max-width:72rem;margin:0 auto;display:flex;flex-wrap:wrap;align-items:center;gap:8px 24px}
.consent-text{flex:1 1 20rem;margin:0}
.consent-text a{color:#fff;text-decoration:underline}
.consent-actions{display:flex;gap:8px;flex:1 1 auto;justify-content:flex-end;max-width:100%}
.consent-actions button{flex:1 1 0;min-width:7rem;min-height:44px;padding:8px 16px;border-radius:6px;border:2px solid #fff;
  background:#fff;color:var(--chakra-colors-navy-950,#081326);font:inherit;font-weight:600;cursor:pointer}
.consent-actions button:hover{background:var(--chakra-colors-navy-50,#eef3fa)}
.consent-bar :focus-visible{outline:3px solid var(--chakra-colors-gold-400,#e8ab35);outline-offset:2px}
@media (min-width:48em){.consent-actions{flex:0 0 auto}}
`;

export interface Banner {
  /** Shows the banner; `focus` moves the keyboard into it (when the visitor asked for it). */
  show(focus: boolean): void;
}

export function consentBanner(texts: ConsentTexts, onChoice: (choice: Choice) => void): Banner {
  let bar: HTMLElement | undefined;
  let returnFocus: HTMLElement | null = null;

  const build = () => {
    if (!(document.getElementById(STYLE_ID) instanceof HTMLStyleElement)) {
      const style = document.createElement("style");
      style.id = STYLE_ID;
      style.textContent = CSS;
      document.head.append(style);
    }
    const region = document.createElement("div");
    region.className = "consent-bar";
    region.setAttribute("role", "region");
    region.setAttribute("aria-label", texts.label);
    region.hidden = true;
    const inner = document.createElement("div");
    inner.className = "consent-inner";
    const text = document.createElement("p");
    text.className = "consent-text";
    text.textContent = texts.message;
    if (texts.policy) {
      const link = document.createElement("a");
      link.href = texts.policy.href;
      link.textContent = texts.policy.label;
      text.append(" ", link);
    }
    const actions = document.createElement("div");
    actions.className = "consent-actions";
    const button = (label: string, choice: Choice) => {
      const element = document.createElement("button");
      element.type = "button";
      element.textContent = label;
      element.dataset.consent = choice;
      element.addEventListener("click", () => {
        region.hidden = true;
        onChoice(choice);
        if (returnFocus?.isConnected) returnFocus.focus();
        returnFocus = null;
      });
      return element;
    };
    // Same look, same size, side by side: neither answer is the easier one.
    actions.append(button(texts.reject, "denied"), button(texts.accept, "granted"));
    inner.append(text, actions);
    region.append(inner);
    // Right after the skip link, so the keyboard reaches it next, even from a skip link focused before it
    // appeared (a first in the document would be behind that visitor); fixed, so it takes no room in the page.
    const skipLink = document.querySelector(`body a[href="#${PAGE_IDS.main}"]`);
    if (skipLink) skipLink.after(region);
    else document.body.prepend(region);
    return region;
  };

  return {
    show(focus) {
      bar ??= build();
      bar.hidden = false;
      if (focus) {
        returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        bar.querySelector("button")?.focus();
      }
    },
  };
}
