import { describe, expect, it } from "vitest";
import { callJson } from "../test/http";
import { responseContract } from "../test/response-contract";
import { errorStatus, type ErrorCode } from "./errors";

type Parameter = { name: string; in: string; schema?: Record<string, unknown> };
type Media = { schema?: unknown; example?: unknown; examples?: unknown };
type Answer = { content?: Record<string, Media>; headers?: Record<string, unknown> };
type Operation = {
  operationId: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Answer>;
};
type Document = {
  info: { license: { url: string } };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
};

const served = async () => (await callJson<Document>("/api/openapi.json")).body;
const operationsOf = (document: Document) =>
  Object.values(document.paths).flatMap((pathItem) => Object.values(pathItem));
const codesOf = (answer: Answer) =>
  (
    answer.content?.["application/json"]?.schema as {
      properties: { error: { properties: { code: { enum: string[] } } } };
    }
  ).properties.error.properties.code.enum;
/** Every way the operations break a rule, each named by its operation. */
const failing = (document: Document, broken: (operation: Operation) => string[]) =>
  operationsOf(document).flatMap((operation) => broken(operation).map((why) => `${operation.operationId}: ${why}`));

/** A parameter whose schema can refuse a value: anything beyond a bare string (a pattern, a length, a number, a set). */
const canRefuse = ({ schema = {} }: Parameter) =>
  Object.keys(schema).some((key) => key !== "type") || schema.type !== "string";

describe("the published API document", () => {
  it("lists validation_failed on every operation whose path or query parameters are validated", async () => {
    const document = await served();
    const missing = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations)
        .filter((operation) => (operation.parameters ?? []).some((p) => p.in !== "header" && canRefuse(p)))
        .filter(
          (operation) =>
            !operation.responses["400"] || !codesOf(operation.responses["400"]).includes("validation_failed"),
        )
        .map((operation) => operation.operationId),
    );
    expect(missing).toEqual([]);
  });

  it("describes every operation, with examples of its JSON request body and of its success answers", async () => {
    const document = await served();
    const hasExample = (media: Media | undefined) => media?.example !== undefined || media?.examples !== undefined;
    const problems = failing(document, (operation) => [
      ...((operation.description ?? "").trim().length < 20 ? ["no description"] : []),
      ...(operation.requestBody?.content["application/json"] &&
      !hasExample(operation.requestBody.content["application/json"])
        ? ["no request example"]
        : []),
      ...Object.entries(operation.responses)
        .filter(([status, answer]) => Number(status) < 300 && answer.content?.["application/json"])
        .filter(([, answer]) => !hasExample(answer.content?.["application/json"]))
        .map(([status]) => `no example of its ${status}`),
    ]);
    expect(problems).toEqual([]);
  });

  it("lists in each error answer the codes of that status, each with an example", async () => {
    const document = await served();
    const problems = failing(document, (operation) =>
      Object.entries(operation.responses)
        .filter(([status]) => Number(status) >= 400)
        .flatMap(([status, answer]) => {
          const codes = codesOf(answer);
          const examples = Object.keys((answer.content?.["application/json"]?.examples ?? {}) as object);
          return [
            ...codes
              .filter((code) => errorStatus[code as ErrorCode] !== Number(status))
              .map((c) => `${c} in ${status}`),
            ...(examples.join() === codes.join() ? [] : [`${status} examples ${examples} for ${codes}`]),
          ];
        }),
    );
    expect(problems).toEqual([]);
  });

  it("documents X-Request-Id on every answer, Retry-After on every 429 and 503, and the session cookies", async () => {
    const document = await served();
    const problems = failing(document, (operation) =>
      Object.entries(operation.responses).flatMap(([status, answer]) => [
        ...(answer.headers?.["X-Request-Id"] ? [] : [`${status} without X-Request-Id`]),
        ...((status === "429" || status === "503") && !answer.headers?.["Retry-After"]
          ? [`${status} without Retry-After`]
          : []),
      ]),
    );
    expect(problems).toEqual([]);
    const setsCookies = operationsOf(document)
      .filter((operation) => Object.values(operation.responses).some((answer) => answer.headers?.["Set-Cookie"]))
      .map((operation) => operation.operationId)
      .sort();
    expect(setsCookies).toEqual([
      "changePassword",
      "completePasswordReset",
      "confirmEmail",
      "deleteMe",
      "refreshSession",
      "signIn",
      "signOut",
    ]);
  });

  it("declares every tag its operations use, and an absolute license URL", async () => {
    const document = await served();
    const declared = new Set(document.tags.map((tag) => tag.name));
    const used = new Set(operationsOf(document).flatMap((operation) => operation.tags ?? []));
    expect([...used].filter((tag) => !declared.has(tag))).toEqual([]);
    expect(new URL(document.info.license.url).href).toBe("http://localhost:8787/terms-of-service");
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
