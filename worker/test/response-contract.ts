import { dereference, validate, type Schema } from "@cfworker/json-schema";

type Header = { required?: boolean; $ref?: string };
type ResponseObject = { content?: Record<string, { schema?: object }>; headers?: Record<string, Header> };
type Operation = { operationId?: string; responses?: Record<string, ResponseObject> };
type ApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { headers?: Record<string, Header>; schemas?: object };
};

type Route = { pattern: RegExp; templated: number; operations: Record<string, Operation> };

/** One document per test file: the answers are checked against what the API publishes at /api/openapi.json. */
export type ResponseContract = (request: Request, response: Response) => Promise<void>;

const DOCUMENT_URI = "https://pickstreak.test/api/openapi.json";

const routesOf = (document: ApiDocument): Route[] =>
  Object.entries(document.paths)
    .map(([path, operations]) => ({
      pattern: new RegExp(`^/api${path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
      templated: (path.match(/\{/g) ?? []).length,
      operations,
    }))
    // A literal segment wins over a parameter: /questions/categories before /questions/{id}.
    .sort((a, b) => a.templated - b.templated);

/**
 * The document without its examples: the validator takes any `id` in them (a question's, a player's) for a schema's
 * id. A schema property that happens to be named "example" is kept.
 */
const withoutExamples = (value: unknown, inProperties = false): unknown => {
  if (Array.isArray(value)) return value.map((item) => withoutExamples(item));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => inProperties || (key !== "example" && key !== "examples"))
      .map(([key, inner]) => [key, withoutExamples(inner, !inProperties && key === "properties")]),
  );
};

/** The headers an answer must carry: those its document marks required, references resolved. */
const requiredHeaders = (document: ApiDocument, answer: ResponseObject) =>
  Object.entries(answer.headers ?? {})
    .filter(([, header]) => {
      const name = header.$ref?.replace("#/components/headers/", "");
      return (name ? document.components?.headers?.[name] : header)?.required === true;
    })
    .map(([name]) => name);

/**
 * Checks an answer of a documented operation against the document: its status must be one the operation lists, it
 * must carry the headers that answer marks required (X-Request-Id, Retry-After on a 429, the session cookies), and
 * its JSON body must match that answer's schema. An answer of a path the document does not hold (a 404 of an unknown
 * route, a share page) is not checked.
 */
export const responseContract = (served: ApiDocument): ResponseContract => {
  const document = withoutExamples(served) as ApiDocument;
  // The whole document is one schema root, so its #/components/schemas/... references resolve inside it.
  const lookup = dereference({ $id: DOCUMENT_URI, ...document } as Schema);
  const routes = routesOf(document);
  return async (request, response) => {
    const { pathname } = new URL(request.url);
    const operation = routes.find((route) => route.pattern.test(pathname))?.operations[request.method.toLowerCase()];
    if (!operation) return;
    const name = `${request.method} ${pathname} (${operation.operationId ?? "no operationId"})`;
    const answer = operation.responses?.[String(response.status)] ?? operation.responses?.default;
    if (!answer) throw new Error(`${name} answered ${response.status}, which its operation does not document`);
    const missing = requiredHeaders(document, answer).filter((header) => !response.headers.has(header));
    if (missing.length) throw new Error(`${name} answered ${response.status} without ${missing.join(", ")}`);
    const contentType = response.headers.get("Content-Type") ?? "";
    if (!contentType.startsWith("application/json")) return;
    const schema = answer.content?.["application/json"]?.schema;
    if (!schema) throw new Error(`${name} answered ${response.status} with JSON its operation does not document`);
    const body: unknown = await response.clone().json();
    const result = validate(body, schema as Schema, "2020-12", lookup, false);
    if (result.valid) return;
    const errors = result.errors.map((error) => `  ${error.instanceLocation}: ${error.error}`).join("\n");
    throw new Error(`${name} answered ${response.status} with a body its document rejects:\n${errors}`);
  };
};
