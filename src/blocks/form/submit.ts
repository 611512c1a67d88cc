/** What the form does on submit, kept apart from the component so it can be tested alone. */

export interface FieldValue {
  label: string;
  value: string;
}

/** A mailto: URL addressed to the firm with the visitor's details as the body. */
export function mailtoUrl(address: string, subject: string | undefined, values: FieldValue[]): string {
  const to = mailAddress(address);
  const body = values.map(({ label, value }) => `${label}: ${value}`).join("\n");
  const params = [subject && `subject=${encodeURIComponent(subject)}`, body && `body=${encodeURIComponent(body)}`].filter(Boolean).join("&");
  return params ? `mailto:${to}?${params}` : `mailto:${to}`;
}

/** The bare address of a mailto: link: mailto:hello@example.com?subject=Hi → hello@example.com. */
export function mailAddress(href: string): string {
  return href.replace(/^mailto:/, "").replace(/\?.*$/, "");
}

/** How long a post waits for the endpoint's answer before the visitor is told and may try again. */
export const SEND_TIMEOUT_MS = 15_000;

/**
 * What came of a post, as far as the browser can know:
 * - `sent`: a plain endpoint received it and answered. Without CORS headers its answer
 *   cannot be read, so this is all that is known, and it is enough: it arrived.
 * - `accepted`: an endpoint that answers CORS requests answered with a 2xx status, from its
 *   own origin (after any redirect).
 * - `refused`: an endpoint that answers CORS requests answered with an error status, or
 *   sent the visitor's post elsewhere: a redirect to another origin (followed, or stopped
 *   by the site's policy) is no answer of its own, and may well be an error page.
 * - `no-answer`: no answer came (no connection, or none within SEND_TIMEOUT_MS). The
 *   sign-up may or may not have arrived.
 */
export type PostOutcome = "sent" | "accepted" | "refused" | "no-answer";

export interface PostOptions {
  /** The endpoint answers CORS requests (Access-Control-Allow-Origin), so its status can be read. */
  cors?: boolean;
  timeoutMs?: number;
}

/**
 * Posts the form as a browser would (URL-encoded). A plain endpoint gets a
 * no-cors request, the kind a native form post is: nothing about it needs the
 * endpoint's permission, and a failure to read the answer is never mistaken for a
 * failure to deliver. Only an endpoint declared to answer CORS has its status read.
 */
export async function postForm(action: string, data: FormData, { cors = false, timeoutMs = SEND_TIMEOUT_MS }: PostOptions = {}): Promise<PostOutcome> {
  const body = new URLSearchParams();
  for (const [name, value] of data) body.append(name, typeof value === "string" ? value : value.name);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const redirect = watchBlockedRedirect(action);
  try {
    const response = await fetch(action, {
      method: "POST",
      body,
      mode: cors ? "cors" : "no-cors",
      // Followed, so that the answer read is the final one and its address (response.url) says where it came from.
      redirect: "follow",
      headers: cors ? { Accept: "application/json" } : undefined,
      signal: controller.signal,
    });
    if (!cors) return "sent";
    return response.ok && answeredFrom(response, action) ? "accepted" : "refused";
  } catch {
    if (!controller.signal.aborted && (await redirect.wasBlocked())) return cors ? "refused" : "sent";
    return "no-answer";
  } finally {
    clearTimeout(timer);
    redirect.stop();
  }
}

/**
 * Whether a CORS answer is the endpoint's own: readable (not opaque, not a redirect
 * left unfollowed) and, after every redirect, from the action's origin. A 200 from
 * another site after a redirect (its /error?code=500 page, say) says nothing about the sign-up.
 */
function answeredFrom(response: Response, action: string): boolean {
  if (response.type !== "cors" && response.type !== "basic") return false;
  if (!response.url) return false;
  return new URL(response.url).origin === new URL(action, location.href).origin;
}

/**
 * Whether the endpoint answered by redirecting (to a thank-you page on another
 * site) where the site's Content-Security-Policy does not let a script follow. The
 * policy allows the action's own origin (the build adds it), so a connect-src
 * violation naming the action can only be such a redirect: the post arrived.
 */
function watchBlockedRedirect(action: string) {
  let blocked = false;
  const origin = new URL(action, location.href).origin;
  const onViolation = (event: SecurityPolicyViolationEvent) => {
    if (event.effectiveDirective === "connect-src" && event.blockedURI.startsWith(origin)) blocked = true;
  };
  document.addEventListener("securitypolicyviolation", onViolation);
  return {
    // The violation is reported in a task of its own, after the request has failed.
    wasBlocked: () => new Promise<boolean>((resolve) => setTimeout(() => resolve(blocked), 0)),
    stop: () => document.removeEventListener("securitypolicyviolation", onViolation),
  };
}

/** Hands a mailto: URL to the visitor's mail program. */
export function openMailProgram(url: string) {
  window.location.href = url;
}
