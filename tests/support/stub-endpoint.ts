import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  contentType: string;
  body: URLSearchParams;
}

/**
 * A form endpoint on 127.0.0.1 for browser tests: records what arrives and
 * answers with the status the test sets (cross-origin, as a provider's would).
 */
export async function startStubEndpoint() {
  const received: Received[] = [];
  let status = 200;
  const server: Server = createServer(async (req, res) => {
    const cors = { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "Content-Type, Accept" };
    if (req.method === "OPTIONS") {
      res.writeHead(204, { ...cors, "Access-Control-Allow-Methods": "POST" }).end();
      return;
    }
    const text = await readBody(req);
    received.push({ contentType: String(req.headers["content-type"] ?? ""), body: new URLSearchParams(text) });
    res.writeHead(status, { ...cors, "Content-Type": "application/json" }).end(JSON.stringify({ ok: status < 400 }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/subscribe`,
    received,
    answerWith: (code: number) => {
      status = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = "";
    req.on("data", (chunk) => (data += chunk));
    req.on("end", () => resolve(data));
  });
}
