/**
 * The background worker of the dev server and the editor (started by src/pipeline/images.ts): makes the
 * versions of one picture at a time into the image cache and answers when they are there. It stops
 * when the process that started it does, or tells it to.
 */
import { makeVersions, type VersionAnswer, type VersionRequest } from "./images.ts";

process.on("message", (request: VersionRequest) => {
  makeVersions(request)
    .catch((error: unknown): VersionAnswer => ({ failed: error instanceof Error ? error.message : String(error) }))
    .then((answer) => process.send?.(answer));
});
process.on("disconnect", () => process.exit(0));
