import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FetchHandler = (request: Request) => Promise<Response>;
export type FetchServer<S> = { url: string; host: string; port: number; standin: S; close: () => Promise<void> };

const HOST = "127.0.0.1";

const toRequest = async (incoming: IncomingMessage, origin: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
  return new Request(new URL(incoming.url ?? "/", origin), {
    method: incoming.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
};

const send = async (response: Response, outgoing: ServerResponse) => {
  response.headers.forEach((value, name) => outgoing.setHeader(name, value));
  outgoing.writeHead(response.status);
  outgoing.end(Buffer.from(await response.arrayBuffer()));
};

/**
 * Serves a stand-in written as a fetch handler (the same code the worker tests call inside workerd) on a local port;
 * port 0 picks a free one. The stand-in is made once the address is known, since stand-ins put it in the URLs they hand out.
 */
export const serveFetchHandler = async <S extends { handle: FetchHandler }>(
  port: number,
  makeStandin: (url: string) => S,
  log?: (line: string) => void,
): Promise<FetchServer<S>> => {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, HOST, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${HOST}:${address.port}`;
  const standin = makeStandin(url);
  server.on("request", (incoming: IncomingMessage, outgoing: ServerResponse) => {
    void (async () => {
      try {
        await send(await standin.handle(await toRequest(incoming, url)), outgoing);
      } catch (error) {
        log?.(`stand-in error: ${String(error)}`);
        if (!outgoing.headersSent) outgoing.writeHead(500, { "Content-Type": "text/plain" });
        outgoing.end("Internal error");
      }
    })();
  });
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url, host: HOST, port: address.port, standin, close };
};
