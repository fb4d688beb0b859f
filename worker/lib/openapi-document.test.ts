import { describe, expect, it } from "vitest";
import { callJson } from "../test/http";
import { responseContract } from "../test/response-contract";

type Parameter = { name: string; in: string; schema?: Record<string, unknown> };
type Operation = { operationId: string; parameters?: Parameter[]; responses: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>> };

const served = async () => (await callJson<Document>("/api/openapi.json")).body;

/** A parameter whose schema can refuse a value: anything beyond a bare string (a pattern, a length, a number, a set). */
const canRefuse = ({ schema = {} }: Parameter) =>
  Object.keys(schema).some((key) => key !== "type") || schema.type !== "string";

describe("the published API document", () => {
  it("lists 400 on every operation whose path or query parameters are validated", async () => {
    const document = await served();
    const missing = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations)
        .filter((operation) => (operation.parameters ?? []).some((p) => p.in !== "header" && canRefuse(p)))
        .filter((operation) => !("400" in operation.responses))
        .map((operation) => operation.operationId),
    );
    expect(missing).toEqual([]);
  });

  it("lists 500 on every operation: any of them can fail unexpectedly", async () => {
    const document = await served();
    const operations = Object.values(document.paths).flatMap((pathItem) => Object.values(pathItem));
    expect(operations.filter((operation) => !("500" in operation.responses)).map((o) => o.operationId)).toEqual([]);
  });
});

describe("the response contract the HTTP tests check every answer against", () => {
  const document = {
    paths: {
      "/boards/{id}": {
        get: {
          operationId: "getBoard",
          responses: {
            200: {
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["me"],
                    properties: { me: { anyOf: [{ $ref: "#/components/schemas/Entry" }, { type: "null" }] } },
                  },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: { Entry: { type: "object", required: ["rank"], properties: { rank: { type: "integer" } } } },
    },
  };
  const check = responseContract(document);
  const answer = (status: number, body: unknown) =>
    check(new Request("https://x.test/api/boards/7"), Response.json(body, { status }));

  it("accepts an answer its schema describes, references included", async () => {
    await expect(answer(200, { me: null })).resolves.toBeUndefined();
    await expect(answer(200, { me: { rank: 3 } })).resolves.toBeUndefined();
  });

  it("rejects a body its schema does not describe, and a status the operation does not list", async () => {
    await expect(answer(200, { me: { rank: "first" } })).rejects.toThrow(/body its document rejects/);
    await expect(answer(200, {})).rejects.toThrow(/body its document rejects/);
    await expect(answer(409, { error: {} })).rejects.toThrow(/answered 409, which its operation does not document/);
  });

  it("leaves paths the document does not hold alone", async () => {
    await expect(
      check(new Request("https://x.test/api/unknown"), Response.json({}, { status: 404 })),
    ).resolves.toBeUndefined();
  });
});
