import { describe, expect, it } from "vitest";
import { renderCard } from "./render-card";

describe("rendering a card", () => {
  it("draws text into a PNG", async () => {
    const png = await renderCard({
      type: "div",
      props: { style: { display: "flex", fontSize: 64, color: "#111" }, children: "Pickstreak" },
    });
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.length).toBeGreaterThan(2000);
  });
});
