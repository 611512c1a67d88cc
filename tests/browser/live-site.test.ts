/**
 * The live site, whatever the marketers have written: only checks that hold for any
 * valid content (tests/support/site-checks.ts). Routes, titles and descriptions come
 * from pages.yaml and content/; nothing here names a price, a heading or an address.
 */
import { ROOT } from "../support/fixture-site.ts";
import { url, useBrowser } from "../support/browser.ts";
import { LIVE_DIST } from "../support/serve-dist.ts";
import { siteChecks } from "../support/site-checks.ts";

const browser = useBrowser();

siteChecks({ name: "the live site", contentRoot: ROOT, dist: LIVE_DIST, baseUrl: () => url("") }, browser);
