/**
 * npm run edit: the visual editor for pages.yaml and content/, on this computer only.
 * The address it prints carries the session's token; keep it to yourself. Every route of
 * the server needs it: the first visit turns it into a cookie of that browser.
 */
import { startEditor } from "../src/editor/start.ts";

const port = Number(process.env.PORT ?? 5174);
const editor = await startEditor({ port });
console.log(
  `\n  Page editor: ${editor.url}\n  (Open this address in your browser: the editor and its preview answer only a browser that did. Press Ctrl+C to stop.)\n`,
);
