/**
 * Checks pages.yaml and content/ and reports every problem with its file, line and
 * column. Exits 1 when there is an error; warnings alone pass.
 */
import { join } from "node:path";
import { buildImages } from "../src/pipeline/images.ts";
import { loadContent } from "../src/site/load.ts";
import { cliCodeKey } from "../src/site/stored-results.ts";
import { formatProblems } from "../src/content/problems.ts";
import { settleKnownWarnings } from "../src/content/known-warnings.ts";
import { buildClock, formatSchedule } from "../src/content/schedule.ts";
import { readOptions } from "./command-line.ts";

readOptions(
  {},
  `Usage: npm run validate
  Checks pages.yaml and content/ in this folder and lists every problem at its file, line and column.
  --help  this text`,
);

const root = process.cwd();
const started = performance.now();
const now = buildClock();
const loaded = loadContent(root, { now, itemCacheDir: join(root, ".cache", "content"), storedResultsKey: cliCodeKey() });
let { content, problems } = loaded;
// Every picture decoded and measured, as the build will: a corrupt or too small file is reported here too.
if (content) {
  const images = await buildImages(content.images, {
    roots: { content: root, project: root },
    cacheDir: process.env.IMAGE_CACHE_DIR ?? join(root, ".cache", "images"),
    emit: () => {},
    checkOnly: true,
  });
  problems = [...problems, ...images.problems];
  if (images.problems.some((problem) => problem.severity === "error")) content = undefined;
}
// Once every check has run: the warnings site.yaml says the site keeps are counted, not printed.
if (content) problems = settleKnownWarnings(problems, content.knownWarnings);
const took = Math.round(performance.now() - started);

if (problems.length) console.log(formatProblems(problems) + "\n");
if (!content) {
  console.log("Content is not valid: fix the errors above (each line starts with file:line:column).");
  process.exit(1);
}
const sections = content.pages.reduce((sum, page) => sum + page.sections.length, 0);
const schedule = formatSchedule(content.schedule, now);
if (schedule) console.log(`${schedule}\n`);
console.log(`Content is valid: ${content.pages.length} routes, ${sections} sections (${took} ms).`);
