import { DurableObject } from "cloudflare:workers";
import { liveMessageSchema } from "../../shared/live-messages";

/**
 * One hub holds the sockets of one channel (a user, or a shard of a public topic).
 * Sockets are accepted through the hibernation API so an idle hub costs nothing.
 */
export class LiveHub extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends one message to every socket; a socket that has gone away is skipped. */
  async publish(message: unknown): Promise<number> {
    const payload = JSON.stringify(liveMessageSchema.parse(message));
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(payload);
        delivered += 1;
      } catch {
        socket.close(1011, "send failed");
      }
    }
    return delivered;
  }

  override webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): void {
    // Clients only listen; anything but the ping (answered without waking us) is a protocol error.
    if (typeof message !== "string" || message.length > 256) socket.close(1008, "unexpected message");
  }

  override webSocketClose(socket: WebSocket, code: number): void {
    socket.close(code === 1005 ? 1000 : code, "closing");
  }
}
