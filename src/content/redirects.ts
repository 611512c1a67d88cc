/**
 * Redirects: a route lists the addresses it had before (`redirectFrom:`, like Hugo's aliases), and
 * every old address answers 301 to the route, with its query kept, on every host the build writes
 * for (`_redirects` for Cloudflare Pages and Netlify, `vercel.json`) and from `npm start`.
 *
 * Each redirect is one hop to a page: validate refuses an old address that is a page's own
 * (it would shadow that page, chain on from it, or loop back) and one listed twice.
 */
import { z } from "zod";
import { problemAt, type Problem, type ProblemText, type SourceFile } from "./problems.ts";

/** An old address: a path as links wrote it, letters of either case, digits, and - . _ ~ between slashes. */
const OLD_ADDRESS = /^(\/[A-Za-z0-9._~-]+)+$/;
export const MAX_REDIRECTS_PER_ROUTE = 50;

export const redirectFromField = () => ({
  redirectFrom: z
    .array(
      z.string().regex(OLD_ADDRESS, {
        message: "Expected an old address like /old-page or /blog/old-post.html: a path starting with /, no trailing slash, no ? or #.",
      }),
    )
    .max(MAX_REDIRECTS_PER_ROUTE, { message: `A page keeps at most ${MAX_REDIRECTS_PER_ROUTE} old addresses.` })
    .optional()
    .meta({
      description:
        "The page's old addresses, like [/old-page]: a visitor or a search engine following an old link is sent here (301, permanent), query kept. Add the old path when you rename a page.",
    }),
});

export interface Redirect {
  from: string;
  to: string;
}

interface RouteLike {
  path: string;
  redirectFrom?: readonly string[];
}

/**
 * Every problem with the routes' old addresses, at the old address's line. `livePaths` are every
 * page's path (routes and articles, drafts included); an old address equal to one would shadow it
 * or, when that page redirects back, loop. Since an old address is never a page's, and every
 * redirect leads to a page, no redirect can lead to another: chains are refused by the same rule.
 */
export function redirectProblems(routes: readonly RouteLike[], source: SourceFile, livePaths: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = [];
  const firstAt = new Map<string, string>();
  routes.forEach((route, index) => {
    route.redirectFrom?.forEach((from, at) => {
      const path = ["routes", index, "redirectFrom", at];
      const refuse = (text: ProblemText) => problems.push(problemAt(source, path, text));
      const here = `routes[${index}].redirectFrom[${at}]`;
      if (route.path === "*") {
        refuse({
          code: "redirect-invalid",
          message: "The 404 page has no address of its own to redirect to.",
          hint: "List the old address under the page that replaced it.",
        });
        return;
      }
      if (from === route.path) {
        refuse({
          code: "redirect-loop",
          message: `${from} redirects to itself.`,
          hint: "Remove this line: a page's own address is not an old one.",
        });
        return;
      }
      const first = firstAt.get(from);
      if (first !== undefined) {
        refuse({
          code: "duplicate-redirect",
          message: `The old address ${from} is listed twice (first at ${first}): it can lead to one page only.`,
          hint: "Keep it under the page visitors should land on, and remove this line.",
        });
        return;
      }
      firstAt.set(from, here);
      if (livePaths.has(from)) {
        const back = routes.find((other) => other.path === from)?.redirectFrom?.includes(route.path);
        refuse({
          code: back ? "redirect-loop" : "redirect-shadows-route",
          message: back
            ? `${from} and ${route.path} redirect to each other: a visitor would go round in circles.`
            : `${from} is a live page: redirecting it would hide that page.`,
          hint: back ? `Keep the old address under the page that replaced it only.` : `Remove this line, or remove or rename the page at ${from} first.`,
        });
        return;
      }
    });
  });
  return problems;
}

/** The redirects of the published pages, old address first, sorted so the output files change only with them. */
export function redirectList(pages: readonly RouteLike[]): Redirect[] {
  return pages
    .flatMap((page) => (page.path === "*" ? [] : (page.redirectFrom ?? []).map((from) => ({ from, to: page.path }))))
    .sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/**
 * Cloudflare Pages' and Netlify's `_redirects`: both keep the query of the request. Then each page's
 * address without a trailing slash answers its page (200): left to itself, Cloudflare Pages sends
 * /calculator, the address every link and canonical tag uses, to /calculator/ with a 308 first.
 */
export function redirectsFile(redirects: readonly Redirect[], routes: readonly string[] = []): string {
  const pages = routes.filter((route) => route !== "/" && route !== "*");
  return [
    "# Old addresses of pages (redirectFrom: in pages.yaml), each sent on to its page for good.\n",
    ...redirects.map(({ from, to }) => `${from} ${to} 301\n`),
    ...(pages.length ? ["# Each page at its address without a trailing slash, as links and canonical tags write it.\n"] : []),
    ...pages.map((route) => `${route} ${route}/ 200\n`),
  ].join("");
}

/** vercel.json with the redirects added (Vercel passes the query on by itself). */
export function withVercelRedirects(vercelJson: string, redirects: readonly Redirect[]): string {
  if (redirects.length === 0) return vercelJson;
  const config = JSON.parse(vercelJson) as Record<string, unknown>;
  config.redirects = redirects.map(({ from, to }) => ({ source: from, destination: to, statusCode: 301 }));
  return `${JSON.stringify(config, null, 2)}\n`;
}
