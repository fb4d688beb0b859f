import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from "@tanstack/react-query";
import { mayHaveSession } from "./session-hint";

/**
 * The player's last loaded pages, kept on the device (IndexedDB) so that offline, or on a cold start before the
 * network answers, the header still shows who is signed in with their last balance and the pages they opened show
 * what they last showed. Only the player's own pages are kept, for a week, and never an admin's tools; signing out
 * deletes them (use-sign-out.ts).
 */
const DATABASE = "pickstreak";
const STORE = "query-cache";
const ENTRY = "last";
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 300;
/** A new shape of the kept entry starts afresh instead of hydrating answers the app no longer reads. */
const SHAPE = 1;
const KEPT = new Set(["me", "questions", "categories", "picks", "leaderboard", "contests", "activity", "referrals"]);

type Kept = { shape: number; savedAt: number; owner: string | null; state: DehydratedState };

const isKept = (query: Query) => KEPT.has(String(query.queryKey[0])) && query.state.status === "success";

const ownerOf = (queryClient: QueryClient) =>
  queryClient.getQueryData<{ user: { id: string } } | null>(["me"])?.user.id ?? null;

const withStore = <T>(mode: IDBTransactionMode, ask: (store: IDBObjectStore) => IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    const opening = indexedDB.open(DATABASE, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const database = opening.result;
      const transaction = database.transaction(STORE, mode);
      let request: IDBRequest<T>;
      try {
        request = ask(transaction.objectStore(STORE));
      } catch (error) {
        database.close();
        reject(error);
        return;
      }
      transaction.oncomplete = () => {
        database.close();
        resolve(request.result);
      };
      transaction.onerror = () => {
        database.close();
        reject(transaction.error);
      };
    };
  });

export const forgetKeptPages = () => withStore("readwrite", (store) => store.delete(ENTRY)).catch(() => undefined);

/**
 * Puts the kept pages back into the cache (a query answered since keeps its newer answer), then keeps the cache's
 * player pages as they change. Resolves once the kept pages are back, so the first route's loader can wait for them.
 */
export const keepPages = async (queryClient: QueryClient) => {
  let owner: string | null = null;
  try {
    const kept = await withStore<Kept | undefined>("readonly", (store) => store.get(ENTRY));
    const usable = kept && kept.shape === SHAPE && Date.now() - kept.savedAt < MAX_AGE_MS && mayHaveSession();
    if (usable) {
      owner = kept.owner;
      hydrate(queryClient, kept.state);
      // A kept answer stands in until the network answers: each one now in the cache (not a newer answer that came
      // first) is asked again as soon as a page shows it.
      const standIns = kept.state.queries.filter(
        (query) => queryClient.getQueryState(query.queryKey)?.dataUpdatedAt === query.state.dataUpdatedAt,
      );
      await Promise.all(
        standIns.map((query) =>
          queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: "none" }),
        ),
      );
    } else if (kept) {
      await forgetKeptPages();
    }
  } catch {
    // A browser without IndexedDB (or with it blocked) simply keeps nothing.
    return;
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const current = ownerOf(queryClient);
    // Someone else signed in on this device: the pages kept for the last player are not theirs to see.
    if (owner !== null && current !== null && current !== owner) {
      void queryClient.resetQueries({ predicate: (query) => isKept(query) && query.queryKey[0] !== "me" });
    }
    owner = current;
    if (current === null) return void forgetKeptPages();
    const entry: Kept = {
      shape: SHAPE,
      savedAt: Date.now(),
      owner: current,
      // Through JSON: answers are JSON already, and what a query keeps beside them (an error object, a fetch's
      // details) is not always something IndexedDB can store.
      state: JSON.parse(JSON.stringify(dehydrate(queryClient, { shouldDehydrateQuery: isKept }))) as DehydratedState,
    };
    void withStore("readwrite", (store) => store.put(entry, ENTRY)).catch(() => undefined);
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || !isKept(event.query)) return;
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  });
  // A page left within the delay (a link followed at once, the app put away) is kept as it was left.
  window.addEventListener("pagehide", () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    save();
  });
};
