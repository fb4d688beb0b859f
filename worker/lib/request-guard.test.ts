import { describe, expect, it } from "vitest";
import { callJson } from "../test/http";
import { JSON_ONLY_MESSAGE } from "./request-guard";

const MESSAGE = { name: "Ann", email: "ann@example.com", subject: "Hello", message: "A question about picks" };
const UNSUPPORTED = { status: 415, body: { error: { code: "unsupported_media_type", message: JSON_ONLY_MESSAGE } } };

const post = (contentType: string, body: string | null = JSON.stringify(MESSAGE)) =>
  callJson("/api/contact", { method: "POST", headers: { "Content-Type": contentType }, body });

describe("the media type of a JSON route's body", () => {
  it.each(["application/jsonx", "application/json-seq", "text/json", "application/x-www-form-urlencoded"])(
    "refuses %s with 415 unsupported_media_type",
    async (contentType) => expect(await post(contentType)).toMatchObject(UNSUPPORTED),
  );

  it("gives the route validator's own 415 the same code (a declared type without a body)", async () => {
    expect(await post("text/plain", null)).toMatchObject(UNSUPPORTED);
  });

  it.each(["application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8"])(
    "accepts %s",
    async (contentType) => {
      expect((await post(contentType)).status).toBe(201);
    },
  );
});

type Operation = { parameters?: { name: string; in: string }[]; responses: Record<string, { description: string }> };

describe("the OpenAPI document", () => {
  it("names the codes of each documented error, for 415 and for a reused Idempotency-Key", async () => {
    const { body } = await callJson<{ paths: Record<string, Record<string, Operation>> }>("/api/openapi.json");
    const operations = Object.values(body.paths).flatMap((methods) => Object.values(methods));
    const documented415 = operations.flatMap((operation) => operation.responses["415"] ?? []);
    expect(documented415.length).toBeGreaterThan(0);
    for (const response of documented415) expect(response.description).toContain("`unsupported_media_type`");

    const idempotent = operations.filter((operation) =>
      operation.parameters?.some((p) => p.in === "header" && p.name === "idempotency-key"),
    );
    expect(idempotent.length).toBeGreaterThanOrEqual(6);
    for (const operation of idempotent)
      expect(operation.responses["422"]?.description).toContain("`idempotency_key_reused`");
  });
});
