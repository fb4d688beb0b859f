import WebSocket from "ws";
import { round } from "../../scripts/lib/stats";

type Target = { id: string; webSocketDebuggerUrl: string };
type HeapUsage = { usedSize: number; totalSize: number };

/** An isolate that never ran (the cache, while the edge cache is off) has no thread to answer its devtools. */
const TARGET_TIMEOUT_MS = 3_000;

/** One devtools session: a full garbage collection, then the heap that survived it; null if the isolate is not running. */
const collectAndMeasure = (target: Target) =>
  new Promise<HeapUsage | null>((resolvePromise) => {
    const socket = new WebSocket(target.webSocketDebuggerUrl);
    const timer = setTimeout(() => {
      socket.terminate();
      resolvePromise(null);
    }, TARGET_TIMEOUT_MS);
    const replies = new Map<number, (result: unknown) => void>();
    const send = (id: number, method: string) =>
      new Promise<unknown>((done) => {
        replies.set(id, done);
        socket.send(JSON.stringify({ id, method, params: {} }));
      });
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
      if (message.id !== undefined) replies.get(message.id)?.(message.result);
    });
    socket.on("error", () => {
      clearTimeout(timer);
      resolvePromise(null);
    });
    socket.on("open", async () => {
      await send(1, "HeapProfiler.collectGarbage");
      const usage = (await send(2, "Runtime.getHeapUsage")) as HeapUsage;
      clearTimeout(timer);
      socket.close();
      resolvePromise(usage);
    });
  });

/**
 * Collects garbage in every isolate workerd runs (the worker with its Durable Objects, D1, R2, the cache, the
 * assets) and sums the JavaScript heap each keeps afterwards. V8 lets garbage pile up while memory is plentiful, so
 * resident memory read between collections rises and falls with the GC's schedule; after a full collection what
 * remains is what the code and the runtime actually hold, which is where a leak shows.
 */
export const collectGarbage = async (inspectorPort: number) => {
  const response = await fetch(`http://127.0.0.1:${inspectorPort}/json/list`, {
    signal: AbortSignal.timeout(TARGET_TIMEOUT_MS),
  });
  const targets = (await response.json()) as Target[];
  const usages = (await Promise.all(targets.map(collectAndMeasure))).filter((usage) => usage !== null);
  const retainedBytes = usages.reduce((sum, usage) => sum + usage.usedSize, 0);
  return { isolates: usages.length, retainedHeapMb: round(retainedBytes / 1024 / 1024) };
};
