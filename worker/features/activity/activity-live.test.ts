import { describe, expect, it, vi } from "vitest";
import { signUpAndLogin } from "../../test/accounts";
import { putOutcome } from "../../test/admin";
import { connect } from "../../test/live";
import { createPlayer, placePick } from "../../test/players";
import { insertQuestion } from "../../test/questions";

describe("live activity", () => {
  it("tells every open socket, visitors' too, about the wins of a settled question", async () => {
    const admin = await signUpAndLogin("admin@example.com");
    const { socket, messages } = await connect();

    const questionId = await insertQuestion({ title: "Over 45.5 points", creditCost: 1 });
    const winners = [await createPlayer(5), await createPlayer(5)];
    for (const winner of winners) await placePick(winner, questionId, "yes");
    await placePick(await createPlayer(5), questionId, "no");
    await putOutcome(admin, questionId, "A");

    const wins = () => messages.filter((m) => m.type === "activity" && m.data.kind === "win");
    await vi.waitFor(() => expect(wins()).toHaveLength(2));
    expect(wins()[0]?.data).toMatchObject({ questionId, questionTitle: "Over 45.5 points", credits: 2 });
    socket.close();
  });
});
