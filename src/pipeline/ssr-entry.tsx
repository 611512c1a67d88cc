/**
 * The prerender's entry in the production build: the rendering code alone, no content. The
 * build passes each page's data in, so this bundle changes only when the code does and an
 * edited article never rebuilds it (src/pipeline/incremental.ts keys it by the code).
 */
export { renderRoute } from "./render-route.ts";
export type { RenderSetup, RouteJob } from "./render-route.ts";
