import { use } from "react";
import type { PageData } from "../site/types.ts";

export type PageLoader = () => Promise<{ default: PageData }>;

/**
 * Page data by route. The current page is primed before the first render (from
 * the prerendered HTML, so hydration needs no request); other pages load as
 * their own small chunks when the visitor navigates to them.
 */
export class PageStore {
  private readonly loaded = new Map<string, PageData>();
  private readonly pending = new Map<string, Promise<PageData>>();

  constructor(private readonly loaders: Record<string, PageLoader>) {}

  get routes(): string[] {
    return Object.keys(this.loaders);
  }

  prime(page: PageData) {
    this.loaded.set(page.path, page);
  }

  load(path: string): Promise<PageData> {
    const page = this.loaded.get(path);
    if (page) return Promise.resolve(page);
    let promise = this.pending.get(path);
    if (!promise) {
      const loader = this.loaders[path];
      if (!loader) return Promise.reject(new Error(`No page is declared for the route ${path}.`));
      promise = loader().then(
        (module) => {
          this.loaded.set(path, module.default);
          return module.default;
        },
        (error: unknown) => {
          // Forget the failure (a deploy may have replaced the chunk), so the next visit tries again.
          this.pending.delete(path);
          throw error;
        },
      );
      this.pending.set(path, promise);
    }
    return promise;
  }

  /** Suspends until the page is loaded; synchronous once it is. */
  usePage(path: string): PageData {
    return this.loaded.get(path) ?? use(this.load(path));
  }
}

/**
 * The route a URL path shows: itself when declared, else the 404 page. As the site's server finds a
 * built page: escapes decoded (/%61bout is /about), a trailing slash ignored, letters' case kept.
 */
export function matchRoute(pathname: string, routes: readonly string[]): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape names no page: the path as it is, which matches none.
  }
  const normalized = decoded.length > 1 ? decoded.replace(/\/+$/, "") : decoded;
  return routes.includes(normalized) && normalized !== "*" ? normalized : "*";
}
