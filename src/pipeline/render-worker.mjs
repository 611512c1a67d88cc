/**
 * A render worker of the production build (RenderPool in src/pipeline/prerender.ts): loads the server
 * bundle as soon as it starts, while the build reads the content, then renders the routes it is
 * sent into the build folder, one message each, and answers with each route's files and facts.
 * Plain JavaScript over the bundle: a worker that loaded TypeScript too would take twice as long to start.
 */
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";

const bundle = import(pathToFileURL(workerData.ssrEntry).href);
let setup;
parentPort.on("message", (message) => {
  if ("setup" in message) {
    setup = message.setup;
    return;
  }
  const { id, job } = message;
  bundle
    .then(({ renderRoute }) => renderRoute(setup, job))
    .then(
      (result) => parentPort.postMessage({ id, result }),
      (error) => {
        const where = job.route === "*" ? "the 404 page" : job.route;
        parentPort.postMessage({ id, error: `${where}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` });
      },
    );
});
