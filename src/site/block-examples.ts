/**
 * Every block's example.yaml as a ready section, validated and resolved like a
 * page's (links, shared collections), for the dev server's /blocks page.
 * Build-time only.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument, stringify } from "yaml";
import { blockList, blockSchemas, type SectionData } from "../blocks/registry.ts";
import { loadContent } from "./load.ts";
import { formatProblems } from "../content/problems.ts";

export interface BlockExample {
  type: string;
  title: string;
  description: string;
  section: SectionData;
}

export function blockExamples(root: string): BlockExample[] {
  const example = (type: string) => parseDocument(readFileSync(join(root, "src", "blocks", type, "example.yaml"), "utf8")).toJS() as object;
  // A page starts with the block that opens every page: its example goes first, the others after it in catalogue order.
  const opening = blockList.filter(({ definition }) => definition.page?.opens);
  const sections = [...opening, ...blockList.filter((block) => !opening.includes(block))].map(({ type }) => example(type));
  const pages = stringify({
    routes: [
      { path: "/", title: "Blocks", description: "Every block.", sections },
      { path: "*", title: "Not found", description: "Not found.", sections: opening.map(({ type }) => example(type)) },
    ],
  });
  const { content, problems } = loadContent(root, { read: (file) => (file === "pages.yaml" ? pages : readFileSync(join(root, file), "utf8")) });
  if (!content) throw new Error(`The blocks' examples do not validate:\n${formatProblems(problems)}`);
  return content.pages[0]!.sections.map((section) => {
    const meta = blockSchemas[section.type].meta() as { title?: string; description?: string } | undefined;
    return { type: section.type, title: meta?.title ?? section.type, description: meta?.description ?? "", section };
  });
}
