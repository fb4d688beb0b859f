import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChallengesCount } from "./challenges-count";
import { challengeQueueQueryOptions } from "./score-feed-api";

type Queue = NonNullable<ReturnType<QueryClient["getQueryData"]>>;

const render = (items: number, alerts: number) => {
  const client = new QueryClient();
  const queue = {
    items: Array.from({ length: items }, () => ({})),
    alerts: Array.from({ length: alerts }, () => ({})),
  };
  client.setQueryData(challengeQueueQueryOptions.queryKey, queue as Queue as never);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ChallengesCount />
    </QueryClientProvider>,
  );
};

describe("ChallengesCount", () => {
  it("counts the challenged results and the open feed alerts together, and names both to a screen reader", () => {
    const html = render(2, 1);
    expect(html).toContain('<span aria-hidden="true">3</span>');
    expect(html).toContain(": 2 challenged, 1 feed alert");
  });

  it("shows nothing when nothing waits", () => {
    expect(render(0, 0)).toBe("");
  });
});
