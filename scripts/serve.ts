/**
 * npm start (after its build) and npm run serve: serves dist/ at http://localhost:4173, or on
 * PORT and HOST. Run through scripts/cli.mjs, from the bundle npm run build has just made; the
 * server itself is src/serve/site-server.ts.
 */
import { createSiteServer } from "../src/serve/site-server.ts";

const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? "localhost";
const server = createSiteServer();
server.on("error", (error) => {
  console.error(`Cannot serve on ${host}:${port}: ${error.message}`);
  process.exit(1);
});
server.listen(port, host, () => {
  const address = server.address();
  console.log(`Serving dist/ at http://${host}:${typeof address === "object" && address ? address.port : port}`);
});
