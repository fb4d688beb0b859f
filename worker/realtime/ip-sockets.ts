import { DurableObject } from "cloudflare:workers";
import { LIVE_IP_RECOUNT_MS, LIVE_SOCKETS_PER_IP } from "../config";
import { ipNetwork } from "../lib/ip-network";
import { log } from "../lib/log";
import { hubFor } from "./live-hubs";

/** Shard -> how many of the network's sockets that hub said it holds, absent when none. */
type Counts = Record<string, number>;
const COUNTS_KEY = "counts";

/** What the per-IP cap counts: one address rotating through its /64 is still one line (lib/ip-network.ts). */
export const socketNetwork = (ip: string) => ipNetwork(ip) ?? ip;

export const ipCounterFor = (env: Env, network: string) =>
  env.LIVE_IP.get(env.LIVE_IP.idFromName(`live-ip:${network}`));

/**
 * The open sockets of one network across every hub, so the per-IP cap holds however many accounts spread them over
 * the shards (docs/live-updates.md, "Per IP"). Hubs never ask it to add or subtract: each call
 * carries the hub's own count of the network's open sockets, read from its sockets' tags, and replaces what the
 * hub said before. A lost or repeated call therefore leaves one hub's figure stale until its next call, never a
 * drift that grows; and a network at the cap recounts from the hubs themselves, so figures that no close will ever
 * correct (a deploy or a crash drops sockets without one) refuse sockets for LIVE_IP_RECOUNT_MS at most.
 */
export class LiveIpSockets extends DurableObject<Env> {
  /** Kept in storage, so an evicted counter does not wake empty and wave a whole new cap's worth through. */
  private counts: Counts;
  /** Calls per shard since this object started: a recount's answer is dropped if its hub called in the meantime. */
  private readonly calls = new Map<number, number>();
  private recounting: Promise<void> | null = null;
  private recountedAt = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.counts = ctx.storage.kv.get<Counts>(COUNTS_KEY) ?? {};
  }

  /**
   * A hub has just accepted a socket from the network and now holds `open` of them. False when that puts the network
   * over the cap: the hub then closes the socket and answers 429, and this counts it as gone.
   */
  async admit(network: string, shard: number, open: number): Promise<boolean> {
    this.heard(shard, open);
    const mayRecount = this.recounting || Date.now() - this.recountedAt >= LIVE_IP_RECOUNT_MS;
    if (this.total() > LIVE_SOCKETS_PER_IP && mayRecount) {
      this.recounting ??= this.recount(network, shard).finally(() => (this.recounting = null));
      await this.recounting;
    }
    if (this.total() <= LIVE_SOCKETS_PER_IP) return true;
    // Whatever the hub said since still counted this socket: it is closed only once this answer arrives.
    this.store(shard, (this.counts[shard] ?? 1) - 1);
    return false;
  }

  /** A hub's count after one of the network's sockets there closed or failed. */
  async report(shard: number, open: number): Promise<void> {
    this.heard(shard, open);
  }

  private heard(shard: number, open: number) {
    this.calls.set(shard, (this.calls.get(shard) ?? 0) + 1);
    this.store(shard, open);
  }

  /** The other hubs' own counts, for the hubs that hold any as far as this object knows. */
  private async recount(network: string, caller: number): Promise<void> {
    this.recountedAt = Date.now();
    const shards = Object.keys(this.counts)
      .map(Number)
      .filter((shard) => shard !== caller);
    await Promise.all(
      shards.map(async (shard) => {
        const callsBefore = this.calls.get(shard) ?? 0;
        try {
          const open = await hubFor(this.env, shard).ipSockets(network);
          if ((this.calls.get(shard) ?? 0) === callsBefore) this.store(shard, open);
        } catch (error) {
          log("warn", "live_ip_recount_failed", { shard, error: String(error) });
        }
      }),
    );
  }

  private total() {
    return Object.values(this.counts).reduce((sum, open) => sum + open, 0);
  }

  private store(shard: number, open: number) {
    if (open > 0) this.counts[shard] = open;
    else delete this.counts[shard];
    if (Object.keys(this.counts).length > 0) this.ctx.storage.kv.put(COUNTS_KEY, this.counts);
    else this.ctx.storage.kv.delete(COUNTS_KEY);
  }
}

/**
 * Whether a hub keeps the socket it has just accepted. A counter that cannot be asked lets it through: the hub's own
 * cap still holds, and live updates must not stop because one object is unreachable.
 */
export const admitSocket = async (env: Env, network: string, shard: number, open: number): Promise<boolean> => {
  try {
    return await ipCounterFor(env, network).admit(network, shard, open);
  } catch (error) {
    log("warn", "live_ip_admit_failed", { error: String(error) });
    return true;
  }
};

/** A lost report only leaves the figure high, which the next recount corrects. */
export const reportSockets = async (env: Env, network: string, shard: number, open: number): Promise<void> => {
  try {
    await ipCounterFor(env, network).report(shard, open);
  } catch (error) {
    log("warn", "live_ip_report_failed", { error: String(error) });
  }
};
