/**
 * Checks pages.yaml and content/ and reports every problem with its file, line and
 * column. Exits 1 when there is an error; warnings alone pass.
 */
import { loadContent } from "../src/content/load.ts";
import { formatProblems } from "../src/content/problems.ts";

const root = process.cwd();
const started = performance.now();
const { content, problems } = loadContent(root);
const took = Math.round(performance.now() - started);

if (problems.length) console.log(formatProblems(problems) + "\n");
if (!content) {
  console.log("Content is not valid: fix the errors above (each line starts with file:line:column).");
  process.exit(1);
}
const sections = content.pages.reduce((sum, page) => sum + page.sections.length, 0);
console.log(`Content is valid: ${content.pages.length} routes, ${sections} sections (${took} ms).`);
