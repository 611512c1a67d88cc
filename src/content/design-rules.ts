/**
 * Rules of the site's design that hold across blocks, applied to every section without naming one:
 *
 * - A hierarchy of actions: a section leads with one primary (filled) button. Its first button
 *   of its own (an `actions` list's or an `action`'s) is primary unless the section marks one
 *   itself; its other buttons are secondary (outlined); the buttons inside its items (each
 *   card's) are text links. A variant written in the content always wins, and a section that
 *   marks more than one primary is warned about, at the second.
 * - Legal links: a site that collects details (a form) or counts visits (analytics) links its
 *   privacy policy from the footer of every page (footer.legal).
 */
import { type PathSegment, type Problem, type SourceFile, problemAt } from "./problems.ts";

type Variant = "primary" | "secondary" | "link";
interface ActionLike {
  label: string;
  to?: unknown;
  video?: unknown;
  variant?: Variant;
}

const isAction = (value: unknown): value is ActionLike =>
  Boolean(value) && typeof value === "object" && typeof (value as ActionLike).label === "string" && ("to" in value! || "video" in value!);

/** The fields whose buttons lead a section, looked at first: a section's own call to action. */
const LEADING_FIELDS = ["actions", "action"];

/**
 * Every action of a section with where it sits: `own` when it is the section's, not an item's.
 * One walk of a mutable path, copied only at an action: this runs over every section of every
 * page on each validation, and a path copied at each step cost more than the rest of it.
 */
function actionsOf(section: Record<string, unknown>): { action: ActionLike; path: PathSegment[]; own: boolean }[] {
  const found: { action: ActionLike; path: PathSegment[]; own: boolean }[] = [];
  const path: PathSegment[] = [];
  const walk = (value: unknown, own: boolean) => {
    if (isAction(value)) found.push({ action: value, path: [...path], own });
    else if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        path.push(index);
        walk(value[index], own);
        path.pop();
      }
    } else if (value && typeof value === "object") {
      for (const key in value) {
        path.push(key);
        walk((value as Record<string, unknown>)[key], false);
        path.pop();
      }
    }
  };
  const keys = Object.keys(section).sort((a, b) => Number(LEADING_FIELDS.includes(b)) - Number(LEADING_FIELDS.includes(a)));
  for (const key of keys) {
    const value = section[key];
    path.push(key);
    walk(value, isAction(value) || (Array.isArray(value) && value.some(isAction)));
    path.pop();
  }
  return found;
}

/** The section with each button's variant as the hierarchy gives it, where the content does not say. */
export function withActionHierarchy<T>(section: T): T {
  if (!section || typeof section !== "object") return section;
  const actions = actionsOf(section as Record<string, unknown>);
  if (!actions.some(({ action }) => action.variant === undefined)) return section;
  let primaryTaken = actions.some(({ action }) => action.variant === "primary");
  // Only the way from the section to each button is copied: everything else stays the object resolving handed out.
  const copies = new Map<object, Record<PathSegment, unknown>>();
  const copyOf = (value: object) => {
    let copy = copies.get(value);
    if (!copy) copies.set(value, (copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<PathSegment, unknown>));
    return copy;
  };
  const result = copyOf(section);
  for (const { action, path, own } of actions) {
    if (action.variant !== undefined) continue;
    let variant: Variant = "link";
    if (own) {
      variant = primaryTaken ? "secondary" : "primary";
      primaryTaken = true;
    }
    let original = section as Record<PathSegment, unknown>;
    let copy = result;
    for (const key of path) {
      const child = original[key] as Record<PathSegment, unknown>;
      copy = copy[key] = copyOf(child);
      original = child;
    }
    copy.variant = variant;
  }
  return result as T;
}

/** A warning for each section of a page that marks more than one button primary, at the second. */
export function primaryActionProblems(sections: readonly unknown[], path: PathSegment[], source: SourceFile): Problem[] {
  return sections.flatMap((section, index) => {
    if (!section || typeof section !== "object") return [];
    const primaries = actionsOf(section as Record<string, unknown>).filter(({ action }) => action.variant === "primary");
    if (primaries.length < 2) return [];
    const at = [...path, index, ...primaries[1]!.path, "variant"];
    return [
      problemAt(
        source,
        at,
        {
          code: "too-many-primary-actions",
          message: `This section has ${primaries.length} primary buttons: with more than one, none stands out as the next step.`,
          hint: "Keep variant: primary on the one button that matters most, and make the others variant: secondary (or remove variant: to let the section choose).",
        },
        { severity: "warning" },
      ),
    ];
  });
}

interface LegalCheckInput {
  footerLegal: readonly { to: { kind: string; href: string } }[] | undefined;
  /** Whether the site declares analytics (site.yaml, analytics:). */
  analytics: boolean;
  /** Whether any page asks for visitors' details (collectsDetails). */
  hasForm: boolean;
  /** The site's routes, to tell a privacy link that leads to a page. */
  routes: readonly string[];
  siteSource: SourceFile;
}

/** A warning when the site collects details or counts visits and its footer links no page of its own in footer.legal. */
export function privacyLinkProblems({ footerLegal, analytics, hasForm, routes, siteSource }: LegalCheckInput): Problem[] {
  if (!analytics && !hasForm) return [];
  if (footerLegal?.some(({ to }) => to.kind === "route" && routes.includes(to.href.split("#")[0]!))) return [];
  const at = footerLegal ? ["footer", "legal"] : ["footer"];
  const why = hasForm ? "a form collects visitors' details" : "analytics counts visits";
  return [
    problemAt(
      siteSource,
      at,
      {
        code: "privacy-link-missing",
        message: `The site has no privacy policy linked from its footer, yet ${why}: visitors must be able to read how their data is used.`,
        hint: "Add a page for the privacy policy (see CONTENT.md, Legal pages) and link it under footer: legal: with label: Privacy policy and to: /privacy.",
      },
      { severity: "warning" },
    ),
  ];
}

/** Whether a section asks visitors for their details: it has input fields for a name, an email or a phone. */
export const collectsDetails = (section: unknown): boolean => {
  const fields = section && typeof section === "object" ? (section as { fields?: unknown }).fields : undefined;
  return (
    Array.isArray(fields) &&
    fields.some((field) => Boolean(field) && typeof field === "object" && ["text", "email", "tel"].includes((field as { type?: unknown }).type as string))
  );
};
