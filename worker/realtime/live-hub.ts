import { DurableObject } from "cloudflare:workers";
import { liveMessageSchema, type LiveMessage } from "../../shared/live-messages";
import { LIVE_SOCKET_MESSAGE_LIMIT } from "../config";

type Attachment = { userId: string | null; windowStart: number; messages: number };
/** Messages for every socket of one user. */
export type Delivery = { userId: string; messages: LiveMessage[] };

const MINUTE_MS = 60_000;
/** The worker sets this header after authenticating; the object is not reachable from outside. */
export const LIVE_USER_HEADER = "X-Live-User";
const userTag = (userId: string) => `user:${userId}`;

/**
 * One hub holds the sockets of one shard: every socket of a given user lands in the same shard (see
 * live-shards.ts), so user events go to one object and public events to every shard. Sockets use the
 * hibernation API, and pings are answered without waking the object.
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
    const userId = request.headers.get(LIVE_USER_HEADER) || null;
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, userId ? [userTag(userId)] : []);
    server.serializeAttachment({ userId, windowStart: Date.now(), messages: 0 } satisfies Attachment);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * To every socket (all tabs and devices) of each user, in one call however many users and messages: a pick's
   * three messages, or a settlement pass's players in this shard, cost one round trip to the object.
   * Returns the number of frames sent.
   */
  async deliver(deliveries: Delivery[]): Promise<number> {
    let sent = 0;
    for (const { userId, messages } of deliveries) sent += this.send(this.ctx.getWebSockets(userTag(userId)), messages);
    return sent;
  }

  /** Which of these users have a socket here: publishers skip reading and sending for everybody else. */
  async online(userIds: string[]): Promise<string[]> {
    return userIds.filter((userId) => this.ctx.getWebSockets(userTag(userId)).length > 0);
  }

  /** To every socket in this shard. */
  async broadcast(message: LiveMessage): Promise<number> {
    return this.send(this.ctx.getWebSockets(), [message]);
  }

  /**
   * One frame per message, as the API promises (`{ type, data }`), each serialized once for all the sockets.
   * Message by message: every socket has the first (a pick's new balance) before any gets the second, so a player
   * with many tabs and devices sees the balance everywhere after one pass over the sockets, not three.
   */
  private send(sockets: WebSocket[], messages: LiveMessage[]): number {
    if (sockets.length === 0) return 0;
    const payloads = messages.map((message) => JSON.stringify(liveMessageSchema.parse(message)));
    let open = sockets;
    let sent = 0;
    for (const payload of payloads) {
      open = open.filter((socket) => {
        try {
          socket.send(payload);
          sent += 1;
          return true;
        } catch {
          // A socket closing as we send is normal; the client reconnects and refetches.
          return false;
        }
      });
    }
    return sent;
  }

  /** Clients only listen (pings never get here); anything else counts against a per-socket limit. */
  override webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): void {
    const state = socket.deserializeAttachment() as Attachment;
    const now = Date.now();
    const fresh = now - state.windowStart > MINUTE_MS;
    const next = { ...state, windowStart: fresh ? now : state.windowStart, messages: fresh ? 1 : state.messages + 1 };
    socket.serializeAttachment(next);
    if (next.messages > LIVE_SOCKET_MESSAGE_LIMIT || typeof message !== "string" || message.length > 256) {
      socket.close(1008, "message limit");
    }
  }

  /** Echoes the client's close code where a server may send it (1005, 1006 and 1015 are reserved: answer 1000). */
  override webSocketClose(socket: WebSocket, code: number): void {
    const sendable = (code >= 1000 && code <= 1014 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999);
    socket.close(sendable ? code : 1000, "closing");
  }
}
