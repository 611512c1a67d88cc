import { defineBlock, type PageRuleInput, type PageRuleProblem } from "../define.ts";
import { heroSchema } from "./schema.ts";

export const block = defineBlock({
  schema: heroSchema,
  page: {
    opens: true,
    rules: heroRules,
    heading: (hero) => hero.heading,
    preload: (hero) => hero.image,
  },
});

const isHero = (section: unknown) => (section as { type?: unknown } | null)?.type === "hero";

/**
 * The hero holds the page's main heading (h1): a page starts with one, has one only,
 * and is never without it, so a hero has no schedule (from, until, hidden).
 */
function heroRules({ sections, isBlock }: PageRuleInput): PageRuleProblem[] {
  const problems: PageRuleProblem[] = [];
  // An unknown or missing first type is reported on its own; don't pile a second error on it.
  if (sections.length > 0 && isBlock((sections[0] as { type?: unknown } | null)?.type)) {
    const heroes = sections.flatMap((section, at) => (isHero(section) ? [at] : []));
    if (heroes.length === 0 || heroes[0] !== 0) {
      problems.push({
        section: 0,
        code: "hero-first",
        message: "A page starts with a hero section: its heading is the page's main heading (h1).",
        hint: heroes.length ? `Move the hero at sections[${heroes[0]}] to the top.` : "Add a section with type: hero first.",
      });
    }
    for (const extra of heroes.slice(1)) {
      problems.push({
        section: extra,
        code: "second-hero",
        message: "A page has one hero: a second would give it two main headings.",
        hint: "Use another block here, such as cards or offer.",
      });
    }
  }
  sections.forEach((section, at) => {
    if (!isHero(section)) return;
    for (const field of ["from", "until", "hidden"] as const) {
      if ((section as Record<string, unknown>)[field] === undefined) continue;
      problems.push({
        section: at,
        field,
        code: "invalid-combination",
        message:
          field === "hidden"
            ? "A hero is never hidden: it holds the page's main heading, which the page always shows."
            : `A hero has no ${field}: it holds the page's main heading, which the page always shows.`,
        hint: "Schedule the sections below the hero instead, or a banner (see CONTENT.md, Schedules).",
      });
    }
  });
  return problems;
}
