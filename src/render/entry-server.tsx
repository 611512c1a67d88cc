/** The prerender's entry: the site's content, and a function that renders one of its URLs to HTML. */
import { pageLoaders, site } from "virtual:content";
import { renderPage, type RenderedPage } from "./render-page.tsx";

export type { RenderedPage };
export const routes = Object.keys(pageLoaders);
export { site };

export const render = (url: string): Promise<RenderedPage> => renderPage(url, site, pageLoaders);
