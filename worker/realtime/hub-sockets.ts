import { parseLiveFrame, type LiveMessage } from "#shared/live-messages";

export const closeQuietly = (socket: WebSocket, { code, reason }: { code: number; reason: string }) => {
  try {
    socket.close(code, reason);
  } catch {
    // Already closing: nothing more to do.
  }
};

/**
 * One frame per call for each socket, carrying all the call's messages as a JSON array (docs/api.md, "Live
 * updates"): a pick's three messages reach each of the player's sockets in one frame, and a broadcast costs one
 * frame a socket. The frame is serialized once for all the sockets. Returns the number of sockets sent to.
 */
export const sendFrame = (sockets: WebSocket[], messages: LiveMessage[]): number => {
  if (sockets.length === 0 || messages.length === 0) return 0;
  const frame = JSON.stringify(parseLiveFrame(messages));
  let sent = 0;
  for (const socket of sockets) {
    try {
      socket.send(frame);
      sent += 1;
    } catch {
      // A socket closing as we send is normal; the client reconnects and refetches.
    }
  }
  return sent;
};

/** The close codes a server may send back (1005, 1006 and 1015 are reserved): the client's own, or 1000. */
export const echoableCloseCode = (code: number) =>
  (code >= 1000 && code <= 1014 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999) ? code : 1000;
