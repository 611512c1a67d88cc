/**
 * npm run edit: the visual editor for pages.yaml and content/, on this computer only.
 * The address it prints carries the session's token; keep it to yourself.
 */
import { startEditor } from "../src/editor/start.ts";

const port = Number(process.env.PORT ?? 5174);
const editor = await startEditor({ port });
console.log(`\n  Page editor: ${editor.url}\n  (Open this address in your browser. Press Ctrl+C to stop.)\n`);
