import { DurableObject } from "cloudflare:workers";
import { parseLiveFrame, type LiveMessage } from "#shared/live-messages";
import {
  LIVE_EMPTY_HUB_RECHECK_MS,
  LIVE_FAN_OUT_LIMIT,
  LIVE_SHARDS,
  LIVE_SOCKET_MESSAGE_LIMIT,
  LIVE_SOCKETS_PER_IP,
  LIVE_SOCKETS_PER_USER,
} from "../config";
import { LIVE_CLOSE } from "#shared/live-close";
import { createHubRoster } from "./hub-roster";
import { createOutbox } from "./outbox";
import { announceListening, hubFor, relayHub } from "./live-shards";

/** `openedAt` is missing on sockets accepted before the per-user cap existed; they count as the oldest. */
type Attachment = { userId: string | null; openedAt?: number; windowStart: number; messages: number };
/** Messages for every socket of one user. */
export type Delivery = { userId: string; messages: LiveMessage[] };

const MINUTE_MS = 60_000;
/** The worker sets these headers after authenticating; the object is not reachable from outside. */
export const LIVE_HEADERS = { user: "X-Live-User", session: "X-Live-Session", ip: "X-Live-Ip", shard: "X-Live-Shard" } as const;
/** Why the hub closed a socket: private-use codes, so a client can tell them from network trouble. */
export { LIVE_CLOSE };
const userTag = (userId: string) => `user:${userId}`;
const sessionTag = (sessionId: string) => `session:${sessionId}`;
const ipTag = (ip: string) => `ip:${ip}`;

const closeQuietly = (socket: WebSocket, { code, reason }: { code: number; reason: string }) => {
  try {
    socket.close(code, reason);
  } catch {
    // Already closing: nothing more to do.
  }
};

/**
 * One hub holds the sockets of one shard: every socket of a given user lands in the same shard (see
 * live-shards.ts), so user events go to one object and public events to every shard, through the relay (one more
 * object of this class, holding no sockets). Sockets use the hibernation API, and pings are answered without
 * waking the object.
 */
export class LiveHub extends DurableObject<Env> {
  /** Public messages this shard's publishers handed over, on their way to the relay. */
  private readonly toRelay = createOutbox<LiveMessage>({ limit: LIVE_FAN_OUT_LIMIT, what: "relay", send: (messages) => relayHub(this.env).relay(messages) });
  /** The relay's own: which shards hold sockets, as far as their answers and announcements tell. */
  readonly roster = createHubRoster(LIVE_SHARDS, LIVE_EMPTY_HUB_RECHECK_MS);
  /** The relay's own: public messages from every shard and the worker, on their way to every shard with a socket. */
  private readonly toShards = createOutbox<LiveMessage>({
    limit: LIVE_FAN_OUT_LIMIT,
    what: "shards",
    send: (messages) =>
      Promise.all(
        this.roster.due(Date.now()).map(async ({ shard, announced }) => {
          const sockets = await hubFor(this.env, shard).broadcast(messages);
          this.roster.answered(shard, announced, sockets, Date.now());
        }),
      ),
  });

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const userId = request.headers.get(LIVE_HEADERS.user) || null;
    const sessionId = request.headers.get(LIVE_HEADERS.session) || null;
    const ip = request.headers.get(LIVE_HEADERS.ip) || "unknown";
    // Refusing the newest (not closing the oldest) so that one client behind a shared address cannot push others off.
    if (this.open(ipTag(ip)).length >= LIVE_SOCKETS_PER_IP) return new Response("Too many sockets", { status: 429 });
    // A user's sockets all live here (see live-shards.ts), so this cap is exact; the oldest is most likely a forgotten tab.
    if (userId) this.closeOldest(userTag(userId), LIVE_SOCKETS_PER_USER - 1);

    const tags = [ipTag(ip), ...(userId ? [userTag(userId)] : []), ...(userId && sessionId ? [sessionTag(sessionId)] : [])];
    const wasEmpty = this.open().length === 0;
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, tags);
    const now = Date.now();
    server.serializeAttachment({ userId, openedAt: now, windowStart: now, messages: 0 } satisfies Attachment);
    // Accepted first, so any broadcast answered from now on counts this socket; announced before the client has it.
    const shard = Number.parseInt(request.headers.get(LIVE_HEADERS.shard) ?? "", 10);
    if (wasEmpty && Number.isInteger(shard)) await announceListening(this.env, shard);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Ends the live updates of a user who signed out, changed or reset the password, or was deleted: every socket
   * of theirs, or those of one session. Returns the number closed. The client reconnects as whoever it now is.
   */
  async signOut(userId: string, sessionId: string | null = null): Promise<number> {
    const sockets = this.open(sessionId ? sessionTag(sessionId) : userTag(userId));
    for (const socket of sockets) closeQuietly(socket, LIVE_CLOSE.signedOut);
    return sockets.length;
  }

  /** A socket the hub has closed can stay listed for a while (CLOSING): it must not count, nor be sent to. */
  private open(tag?: string): WebSocket[] {
    return this.ctx.getWebSockets(tag).filter((socket) => socket.readyState === WebSocket.OPEN);
  }

  private closeOldest(tag: string, keep: number) {
    const sockets = this.open(tag);
    if (sockets.length <= keep) return;
    const openedAt = (socket: WebSocket) => (socket.deserializeAttachment() as Attachment).openedAt ?? 0;
    const oldestFirst = sockets.sort((a, b) => openedAt(a) - openedAt(b));
    for (const socket of oldestFirst.slice(0, sockets.length - keep)) closeQuietly(socket, LIVE_CLOSE.tooMany);
  }

  /**
   * To every socket (all tabs and devices) of each user, in one call however many users and messages: a pick's
   * three messages, or a settlement pass's players in this shard, cost one round trip to the object, and each socket
   * gets one frame per delivery. Returns the number of frames sent.
   */
  async deliver(deliveries: Delivery[]): Promise<number> {
    let sent = 0;
    for (const { userId, messages } of deliveries) sent += this.send(this.open(userTag(userId)), messages);
    return sent;
  }

  /** Which of these users have a socket here: publishers skip reading and sending for everybody else. */
  async online(userIds: string[]): Promise<string[]> {
    return userIds.filter((userId) => this.open(userTag(userId)).length > 0);
  }

  /**
   * A pick's publish: the player's own messages to their sockets here, and the public ones on through the relay, so
   * the request that published makes one call however many shards there are.
   */
  async publish(deliveries: Delivery[], publicMessages: LiveMessage[]): Promise<number> {
    const sent = await this.deliver(deliveries);
    this.toRelay.add(publicMessages);
    return sent;
  }

  /** Called on the relay only: public messages to every shard, whatever arrived during the last send in one call to each. */
  async relay(messages: LiveMessage[]): Promise<void> {
    this.toShards.add(messages);
  }

  /** Called on the relay only, by a shard's hub that has just accepted its first socket. */
  async listening(shard: number): Promise<void> {
    this.roster.announced(shard);
  }

  /** To every socket in this shard, in one frame. Returns the number of sockets sent to: the relay skips a hub with none. */
  async broadcast(messages: LiveMessage[]): Promise<number> {
    return this.send(this.open(), messages);
  }

  /**
   * One frame per call for each socket, carrying all the call's messages as a JSON array (docs/api.md, "Live
   * updates"): a pick's three messages reach each of the player's sockets in one frame, and a broadcast costs one
   * frame a socket. The frame is serialized once for all the sockets.
   */
  private send(sockets: WebSocket[], messages: LiveMessage[]): number {
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
