import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { EDITOR_PATH, editorPlugin } from "./server.ts";

export interface RunningEditor {
  server: ViteDevServer;
  /**
   * The editor's address with the session's token: whoever has it can edit the content. The
   * server answers every route only with the token; this address sets it as an HttpOnly cookie.
   */
  url: string;
  origin: string;
  token: string;
  close: () => Promise<void>;
}

/**
 * The dev server (pages with in-place updates) and the editor on it, on 127.0.0.1 only, behind
 * vite.config.ts's guard (src/pipeline/dev-guard.ts), which the editor makes require the token.
 * A new token each time: an address from an earlier session no longer works.
 */
export async function startEditor({
  root = process.cwd(),
  port = 5174,
  quiet = false,
}: { root?: string; port?: number; quiet?: boolean } = {}): Promise<RunningEditor> {
  const token = randomBytes(24).toString("base64url");
  const server = await createServer({
    root,
    configFile: join(root, "vite.config.ts"),
    cacheDir: join(root, "node_modules", ".vite-editor"),
    plugins: [editorPlugin({ token })],
    logLevel: quiet ? "silent" : "info",
    server: { host: "127.0.0.1", port, strictPort: port !== 0 },
  });
  await server.listen();
  const address = server.httpServer!.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const origin = `http://127.0.0.1:${actualPort}`;
  return { server, token, origin, url: `${origin}${EDITOR_PATH}?token=${token}`, close: () => server.close() };
}
