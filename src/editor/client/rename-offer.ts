/** What the editor knows of a page when it decides whether to offer keeping its old address. */
export interface RenamedPage {
  /** The page's address now. */
  path: string;
  redirectFrom?: string[];
}

/**
 * The old address to offer keeping as a redirect for a renamed page, or undefined when there is
 * nothing to offer: the page was not renamed, the address is still being typed, the offer was
 * answered already, the old address leads here already, or another page now has it (a redirect
 * there would shadow that page, which validation refuses).
 */
export function addressToKeep({
  page,
  oldPath,
  settledPath,
  answered,
  paths,
}: {
  page: RenamedPage | undefined;
  /** The address the page had before its first rename in this session. */
  oldPath: string | undefined;
  /** The page's address once it has stood still for a moment. */
  settledPath: string | undefined;
  /** Old addresses already kept or turned down for this page. */
  answered: (oldPath: string) => boolean;
  /** Every page's address. */
  paths: string[];
}): string | undefined {
  if (!page || oldPath === undefined || settledPath !== page.path) return undefined;
  // The 404 page has no address to keep or to lead to.
  if (oldPath === "*" || page.path === "*" || oldPath === page.path) return undefined;
  if (answered(oldPath) || (page.redirectFrom ?? []).includes(oldPath) || paths.includes(oldPath)) return undefined;
  return oldPath;
}
