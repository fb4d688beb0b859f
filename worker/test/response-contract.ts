import { dereference, validate, type Schema } from "@cfworker/json-schema";

type ResponseObject = { content?: Record<string, { schema?: object }> };
type Operation = { operationId?: string; responses?: Record<string, ResponseObject> };
type ApiDocument = { paths: Record<string, Record<string, Operation>>; components?: object };

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
 * Checks a JSON answer of a documented operation against the document: its status must be one the operation lists,
 * and its body must match that answer's schema. An answer of a path the document does not hold (a 404 of an unknown
 * route, a share page) is not checked.
 */
export const responseContract = (document: ApiDocument): ResponseContract => {
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
