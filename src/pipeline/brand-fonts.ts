/**
 * The brand typefaces' files (src/ui/fonts.ts), served from the site's own origin: written into
 * the client build under fonts/, and answered by the dev server at the same addresses. Every
 * typeface of the short list ships, whichever the content names, so the client bundle does not
 * depend on content/site.yaml for them; a page asks only for its own typeface's subsets.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";
import { BRAND_FONTS, FONT_DIRECTORY, fontFiles } from "../ui/fonts.ts";

const require = createRequire(import.meta.url);

/** Every file of the short list: its address on the site and where the package keeps it. */
export function brandFontFiles(): { fileName: string; source: string }[] {
  return Object.values(BRAND_FONTS).flatMap((font) =>
    fontFiles(font).map(({ fileName, packageFile }) => ({ fileName, source: require.resolve(`${font.package}/files/${packageFile}`) })),
  );
}

export function brandFonts(): Plugin {
  let ssr = false;
  return {
    name: "brand-fonts",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    configureServer(server) {
      const files = new Map(brandFontFiles().map((file) => [`/${file.fileName}`, file.source]));
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split("?")[0];
        const source = path?.startsWith(`/${FONT_DIRECTORY}/`) ? files.get(path) : undefined;
        if (!source) return next();
        response.setHeader("Content-Type", "font/woff2");
        response.end(readFileSync(source));
      });
    },
    generateBundle() {
      if (ssr) return;
      for (const { fileName, source } of brandFontFiles()) this.emitFile({ type: "asset", fileName, source: readFileSync(source) });
    },
  };
}
