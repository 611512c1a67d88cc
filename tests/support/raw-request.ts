import { request } from "node:http";

export interface RawResponse {
  status: number;
  text: string;
  /** The body as JSON when it is an object, else `{ text }`. */
  body: Record<string, unknown>;
}

/**
 * A request to a server on 127.0.0.1 with the headers exactly as given (Host included, so a test
 * can send what another website or a DNS-rebinding attack would), on a connection of its own: a
 * kept-alive one may have been closed while the test was busy.
 */
export function rawRequest(
  origin: string,
  path: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, agent: false, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = "";
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, text, body: text.startsWith("{") ? JSON.parse(text) : { text } }));
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
