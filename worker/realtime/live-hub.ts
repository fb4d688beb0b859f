import { reportError } from "../lib/error-reports";
import { createMetrics, type Metrics } from "../lib/metrics";
import { DurableObject } from "cloudflare:workers";
import type { LiveMessage } from "#shared/live-messages";
import { LIVE_FAN_OUT_LIMIT, LIVE_SOCKET_MESSAGE_LIMIT, LIVE_SOCKETS_PER_IP, LIVE_SOCKETS_PER_USER } from "../config";
import { LIVE_CLOSE } from "#shared/live-close";
import { closeQuietly, echoableCloseCode, sendFrame } from "./hub-sockets";
import { createBatchedSender } from "./batched-sender";
import { admitSocket, reportSockets, socketNetwork } from "./ip-sockets";
import { announceListening, relayHub, type Delivery } from "./live-hubs";
import { createRelay, type Relay } from "./relay";

/**
 * `openedAt` is missing on sockets accepted before the per-user cap existed (they count as the oldest); `network` and
 * `shard` on those accepted before the per-IP count across hubs (their closes are left to its recount).
 */
type Attachment = {
  userId: string | null;
  openedAt?: number;
  network?: string;
  shard?: number;
  windowStart: number;
  messages: number;
};

const MINUTE_MS = 60_000;
/**
 * The worker sets these headers after authenticating; the object is not reachable from outside. `hub` goes as
 * X-Live-Shard, the name a worker of the previous deploy still sends while a deploy rolls out.
 */
export const LIVE_HEADERS = {
  user: "X-Live-User",
  session: "X-Live-Session",
  ip: "X-Live-Ip",
  hub: "X-Live-Shard",
} as const;
/** Why the hub closed a socket: private-use codes, so a client can tell them from network trouble. */
export { LIVE_CLOSE };
const userTag = (userId: string) => `user:${userId}`;
const sessionTag = (sessionId: string) => `session:${sessionId}`;
const ipTag = (network: string) => `ip:${network}`;

/**
 * One hub holds the sockets of one shard: every socket of a given user lands in the same shard (see
 * live-hubs.ts), so user events go to one object and public events to every shard, through the relay (one more
 * object of this class, holding no sockets). Sockets use the hibernation API, and pings are answered without
 * waking the object.
 */
export class LiveHub extends DurableObject<Env> {
  /** Public messages this shard's publishers handed over, on their way to the relay. */
  private readonly toRelay = createBatchedSender<LiveMessage>({
    limit: LIVE_FAN_OUT_LIMIT,
    what: "relay",
    send: (messages) => relayHub(this.env).relay(messages),
  });
  /** Built in the one object that relays, and in no hub. */
  private relayPart: Relay | null = null;

  /** Sockets accepted and waiting for the network's count across hubs (ip-sockets.ts) to admit them. */
  private admitting = 0;

  /** Each fan-out this hub sends, for the live dashboards (docs/operations.md). */
  private readonly metrics: Metrics;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.metrics = createMetrics(env.METRICS);
    this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** A failure of the hub's own work is reported (lib/error-reports.ts) and still fails the call that asked for it. */
  private async reported<T>(action: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.ctx.waitUntil(reportError(this.env, error, { kind: "live", action }));
      throw error;
    }
  }

  override fetch(request: Request): Promise<Response> {
    return this.reported("connect", () => this.acceptSocket(request));
  }

  private async acceptSocket(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade") !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const userId = request.headers.get(LIVE_HEADERS.user) || null;
    const sessionId = request.headers.get(LIVE_HEADERS.session) || null;
    const network = socketNetwork(request.headers.get(LIVE_HEADERS.ip) || "unknown");
    const shard = Number.parseInt(request.headers.get(LIVE_HEADERS.hub) ?? "", 10);
    // Refusing the newest (not closing the oldest) so that one client behind a shared address cannot push others off.
    const tooMany = () => new Response("Too many sockets", { status: 429 });
    if (!Number.isInteger(shard)) return new Response("Missing shard", { status: 400 });
    if (this.open(ipTag(network)).length >= LIVE_SOCKETS_PER_IP) return tooMany();

    const tags = [
      ipTag(network),
      ...(userId ? [userTag(userId)] : []),
      ...(userId && sessionId ? [sessionTag(sessionId)] : []),
    ];
    // A socket still waiting for its admission may yet be refused: it does not spare this one the announcement.
    const wasEmpty = this.open().length === this.admitting;
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, tags);
    const now = Date.now();
    server.serializeAttachment({
      userId,
      openedAt: now,
      network,
      shard,
      windowStart: now,
      messages: 0,
    } satisfies Attachment);
    // Counted before the network's count across hubs is asked, so connects racing here each report one more.
    this.admitting += 1;
    const counted = admitSocket(this.env, network, shard, this.open(ipTag(network)).length);
    const admitted = await counted.finally(() => (this.admitting -= 1));
    if (!admitted) {
      closeQuietly(server, LIVE_CLOSE.tooMany);
      return tooMany();
    }
    // A user's sockets all live here (see live-hubs.ts), so this cap is exact; the oldest is most likely a forgotten tab.
    if (userId) this.closeOldest(userTag(userId), LIVE_SOCKETS_PER_USER);
    // Accepted first, so any broadcast answered from now on counts this socket; announced before the client has it.
    if (wasEmpty) await announceListening(this.env, shard);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** The network's open sockets here, for its count across hubs (ip-sockets.ts). */
  async ipSockets(network: string): Promise<number> {
    return this.open(ipTag(network)).length;
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
    let messageCount = 0;
    for (const { userId, messages } of deliveries) {
      sent += sendFrame(this.open(userTag(userId)), messages);
      messageCount += messages.length;
    }
    if (sent > 0) this.metrics.write({ event: "live", audience: "players", sockets: sent, messages: messageCount });
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

  /** The relay's part (relay.ts), for the object relayHub names. */
  get asRelay(): Relay {
    this.relayPart ??= createRelay(this.env);
    return this.relayPart;
  }

  /** Called on the relay only: public messages to every shard. */
  async relay(messages: LiveMessage[]): Promise<void> {
    this.asRelay.relay(messages);
  }

  /** Called on the relay only, by a shard's hub that has just accepted its first socket. */
  async listening(shard: number): Promise<void> {
    this.asRelay.listening(shard);
  }

  /** To every socket in this shard, in one frame. Returns the number of sockets sent to: the relay skips a hub with none. */
  broadcast(messages: LiveMessage[]): Promise<number> {
    return this.reported("broadcast", async () => {
      const sockets = sendFrame(this.open(), messages);
      if (sockets > 0) this.metrics.write({ event: "live", audience: "everyone", sockets, messages: messages.length });
      return sockets;
    });
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

  /**
   * Echoes the client's close code. The network's count goes first, so a client that saw its close can open another
   * socket in its place at once.
   */
  override async webSocketClose(socket: WebSocket, code: number): Promise<void> {
    await this.reported("close", () => this.reportClosed(socket));
    socket.close(echoableCloseCode(code), "closing");
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    await this.reportClosed(socket);
  }

  private async reportClosed(socket: WebSocket) {
    const { network, shard } = socket.deserializeAttachment() as Attachment;
    if (network === undefined || shard === undefined) return;
    const open = this.open(ipTag(network)).filter((other) => other !== socket).length;
    await reportSockets(this.env, network, shard, open);
  }
}
