/**
 * Campaign attribution: the utm_ tags a visitor arrived with are kept for the visit
 * (sessionStorage: a campaign's name, not an identifier of the visitor) and carried
 * onto links to named targets (booking, course) as they are followed, so the booking
 * or course platform credits the campaign. Tags the link already has are kept.
 */
import { TARGET_ATTRIBUTE } from "./events.ts";

const KEY = "campaign";
const TAGS = /^utm_[a-z]+$/;

export function rememberCampaign() {
  const params = [...new URLSearchParams(location.search)].filter(([name]) => TAGS.test(name));
  if (!params.length) return;
  try {
    sessionStorage.setItem(KEY, new URLSearchParams(params).toString());
  } catch {
    // Storage refused (private mode, full): the tags still reach links of this page below.
  }
}

function campaign(): URLSearchParams {
  let stored: string | null = null;
  try {
    stored = sessionStorage.getItem(KEY);
  } catch {
    stored = null;
  }
  const fromUrl = [...new URLSearchParams(location.search)].filter(([name]) => TAGS.test(name));
  return fromUrl.length ? new URLSearchParams(fromUrl) : new URLSearchParams(stored ?? "");
}

/** Adds the visit's utm_ tags to a link to a named target, leaving its own query and fragment as they are. */
export function carryCampaign(event: Event) {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(`a[${TARGET_ATTRIBUTE}]`);
  if (!link) return;
  const tags = campaign();
  if (![...tags.keys()].length) return;
  let url: URL;
  try {
    url = new URL(link.href);
  } catch {
    return;
  }
  let changed = false;
  for (const [name, value] of tags) {
    if (url.searchParams.has(name)) continue;
    url.searchParams.append(name, value);
    changed = true;
  }
  if (changed) link.href = url.href;
}
