import { expect } from "vitest";
import { messagesOfFrame, type LiveMessage } from "#shared/live-messages";
import { call } from "./http";

/** `frames`: how many frames arrived; `messages`: what they carried, in order. */
export type Listener = { socket: WebSocket; messages: LiveMessage[]; frames: number; closed: Promise<number> };

type ConnectOptions = { headers?: Record<string, string>; origin?: string; ip?: string };

const open = new Set<WebSocket>();

/** Closes every socket a test file opened: the hubs outlive the file, and the next file expects them empty. */
export const closeEverySocket = () => {
  for (const socket of open) socket.close(1000, "test file done");
  open.clear();
};

/** Opens GET /api/live as a browser would (cookies or a Bearer header in `headers`) and records what arrives. */
export const connect = async ({ headers = {}, origin, ip }: ConnectOptions = {}): Promise<Listener> => {
  const all: Record<string, string> = { Upgrade: "websocket", ...headers };
  if (origin) all.Origin = origin;
  if (ip) all["CF-Connecting-IP"] = ip;
  const response = await call("/api/live", { headers: all });
  expect(response.status).toBe(101);
  const socket = response.webSocket;
  if (!socket) throw new Error("no socket");
  socket.accept();
  open.add(socket);
  const closed = new Promise<number>((resolve) => socket.addEventListener("close", (event) => resolve(event.code)));
  const listener: Listener = { socket, messages: [], frames: 0, closed };
  socket.addEventListener("message", (event) => {
    listener.frames += 1;
    listener.messages.push(...messagesOfFrame(String(event.data)));
  });
  return listener;
};

export const types = (listener: Listener) => listener.messages.map((m) => m.type);

/** The close code a socket got within `ms`, or null while it stays open. */
export const closeCode = (listener: Listener, ms = 500) =>
  Promise.race([listener.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
