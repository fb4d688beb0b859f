import { createServer, request as forward } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";

const SERVICE_WORKER = "/sw.js";

/**
 * A front for the app on its own port that can pretend a new build was deployed: once `deploy()` is called, the
 * service worker it serves has other bytes, as a deploy's would. Everything else, sockets included, passes through.
 *
 * Changing the built file itself would hand the new build to every journey that runs after this one.
 */
export const startNextDeployProxy = async (upstreamUrl: string) => {
  const upstream = new URL(upstreamUrl);
  let deployed = false;

  const server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? "/";
    const rebuilt = deployed && path.split("?")[0] === SERVICE_WORKER;
    // Asked plainly (not conditionally, not compressed), so the new bytes can be appended to the answer.
    const {
      "if-none-match": _tag,
      "if-modified-since": _since,
      "accept-encoding": _encoding,
      ...fresh
    } = incoming.headers;
    const headers = rebuilt ? fresh : incoming.headers;
    const outbound = forward(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path, headers },
      (answer) => {
        if (!(rebuilt && answer.statusCode === 200)) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.concat([...chunks, Buffer.from("\n// the next deploy\n")]);
          const { "content-length": _length, etag: _etag, ...headers } = answer.headers;
          outgoing.writeHead(200, { ...headers, "content-length": body.length });
          outgoing.end(body);
        });
      },
    );
    outbound.on("error", () => outgoing.destroy());
    incoming.pipe(outbound);
  });

  server.on("upgrade", (incoming, socket, head) => {
    const outbound = connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${incoming.method} ${incoming.url} HTTP/1.1`];
      for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
        lines.push(`${incoming.rawHeaders[index]}: ${incoming.rawHeaders[index + 1]}`);
      }
      outbound.write(`${lines.join("\r\n")}\r\n\r\n`);
      outbound.write(head);
      outbound.pipe(socket).pipe(outbound);
    });
    outbound.on("error", () => socket.destroy());
    socket.on("error", () => outbound.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    deploy: () => {
      deployed = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
