import { beforeAll, describe, expect, it } from "vitest";
import { signUpAndLogin, type TestAccount } from "../../test/accounts";
import { apiClient, successOf } from "../../test/client";
import { call, callJson } from "../../test/http";
import { insertQuestion } from "../../test/questions";

let player: TestAccount;
let questionId: string;

beforeAll(async () => {
  player = await signUpAndLogin("player@example.com");
  questionId = await insertQuestion();
});

/** The admin routes this feature owns; the OpenAPI document adds every other /api/admin route to the table. */
const OWN_ROUTES = [
  "GET /admin/questions",
  "POST /admin/questions",
  "GET /admin/questions/{id}",
  "PATCH /admin/questions/{id}",
  "DELETE /admin/questions/{id}",
  "PUT /admin/questions/{id}/outcome",
  "POST /admin/images",
];

const documentedAdminRoutes = async () => {
  const { body } = await callJson<{ paths: Record<string, Record<string, unknown>> }>("/api/openapi.json");
  return Object.entries(body.paths)
    .filter(([path]) => path.startsWith("/admin/"))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
};

const send = (route: string, headers: Record<string, string>) => {
  const [method = "GET", path = ""] = route.split(" ");
  const url = `/api${path.replace(/\{[^}]+\}/g, questionId)}`;
  if (method === "GET") return call(url, { headers });
  if (path === "/admin/images") {
    const form = new FormData();
    form.append("file", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], "x.png"));
    return call(url, { method, headers, body: form });
  }
  return call(url, { method, headers, json: { title: "x", deadline: Date.now() + 1000, creditCost: 1, outcome: "A" } });
};

describe("every admin route is admin-only on the server", () => {
  it("answers 401 to a visitor and 403 to a player, and changes nothing", async () => {
    const routes = [...new Set([...OWN_ROUTES, ...(await documentedAdminRoutes())])];
    expect(routes).toEqual(expect.arrayContaining(OWN_ROUTES));
    for (const route of routes) {
      const visitor = await send(route, {});
      expect(visitor.status, `${route} as a visitor`).toBe(401);
      expect(((await visitor.json()) as { error: { message: string } }).error.message).toBe(
        "Please log in to continue",
      );
      const forbidden = await send(route, player.bearer);
      expect(forbidden.status, `${route} as a player`).toBe(403);
      expect(((await forbidden.json()) as { error: { message: string } }).error.message).toBe("Permission denied");
    }
    const { body } = await successOf(apiClient().questions[":id"].$get({ param: { id: questionId } }));
    expect(body.question.outcome).toBe("unresolved");
  });
});
