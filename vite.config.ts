import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { brandFonts } from "./src/pipeline/brand-fonts.ts";
import { contentPlugin } from "./src/pipeline/content-plugin.ts";
import { devGuard } from "./src/pipeline/dev-guard.ts";

/**
 * The dev server's port: PORT when set (as npm start and npm run edit read it), refused when
 * it is not a port, and then kept strictly: a server that moved to the next free port would
 * answer where nobody looks.
 */
function portFromEnvironment(fallback: number): { port: number; strictPort: boolean } {
  const written = process.env.PORT;
  if (written === undefined || written === "") return { port: fallback, strictPort: false };
  const port = Number(written);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT=${written} is not a port: use a whole number up to 65535, like PORT=8080.`);
  return { port, strictPort: true };
}

/**
 * What the tools write into the project (builds, caches, test sites, reports): not watched. The dev
 * server and the editor crawled their thousands of files at every start, a second or two, and a
 * build run beside them would have sent them an event per file it wrote.
 */
const GENERATED = ["dist", ".dist-builds", ".cache", ".test-builds", ".audit", ".bench", ".screenshots", ".wrangler"];

export default defineConfig({
  // The guard first: the dev server and the editor answer their own pages only (src/pipeline/dev-guard.ts).
  plugins: [devGuard(), contentPlugin(), brandFonts(), react()],
  build: {
    target: "es2022",
    // Every browser that runs es2022 modules supports <link rel="modulepreload">; the polyfill would cost each page a kilobyte.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // A calculator's page loads its live script, its formulas and framer-motion as one chunk: one request
        // on a slow phone instead of five. The name lets a test prove no other page loads it.
        manualChunks: (id) =>
          /node_modules\/(framer-motion|motion-dom|motion-utils)\/|\/src\/ui\/calculator\/(live|model)\.ts$|\/src\/blocks\/[a-z-]+-calculator\/(live|model|formula)\.ts$|\/src\/ui\/format\.ts$/.test(
            id,
          )
            ? "calculator-live"
            : undefined,
      },
    },
  },
  ssr: {
    // Bundle the UI libraries into the prerender build so it resolves them like the client does.
    noExternal: ["@chakra-ui/react", "@ark-ui/react", /^@zag-js\//, "react-router-dom", "react-router"],
  },
  // No CORS answers: Vite's default lets a page on any localhost port read the content and the code.
  server: { ...portFromEnvironment(5173), cors: false, watch: { ignored: GENERATED.map((folder) => `**/${folder}/**`) } },
  preview: { port: 4173 },
});
