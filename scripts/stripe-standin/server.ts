import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createStandin, type Standin, type StandinConfig } from "./standin";

export type StandinOptions = Omit<StandinConfig, "publicUrl"> & { port: number };
export type StandinServer = { url: string; host: string; port: number; standin: Standin; close: () => Promise<void> };

const HOST = "127.0.0.1";

const toRequest = async (incoming: IncomingMessage, origin: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
  return new Request(new URL(incoming.url ?? "/", origin), { method: incoming.method, headers, body: hasBody ? Buffer.concat(chunks) : undefined });
};

const send = async (response: Response, outgoing: ServerResponse) => {
  response.headers.forEach((value, name) => outgoing.setHeader(name, value));
  outgoing.writeHead(response.status);
  outgoing.end(Buffer.from(await response.arrayBuffer()));
};

/** The stand-in on a local port (0 picks a free one); its pages are served at the address it reports. */
export const startStandinServer = async (options: StandinOptions): Promise<StandinServer> => {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, HOST, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${HOST}:${port}`;
  const standin = createStandin({ ...options, publicUrl: url });
  server.on("request", (incoming: IncomingMessage, outgoing: ServerResponse) => {
    void (async () => {
      try {
        await send(await standin.handle(await toRequest(incoming, url)), outgoing);
      } catch (error) {
        options.log?.(`stand-in error: ${String(error)}`);
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
  return { url, host: HOST, port, standin, close };
};
