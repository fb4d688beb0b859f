import { describe, expect, it } from "vitest";
import { dayLabel, isoDay } from "./day-label";
import { activeTab, ALL_SPORTS, DEFAULT_FILTERS, FREE_PICKS, PLAYER_PROPS, selectTab } from "./feed-filters";

describe("sport tab rules", () => {
  it("Free Picks sets its flag and resets sport and market", () => {
    const next = selectTab({ ...DEFAULT_FILTERS, sport: "NBA", market: "Totals", playerPropsOnly: true }, FREE_PICKS);
    expect(next).toMatchObject({
      sport: ALL_SPORTS,
      market: "All Markets",
      freePicksOnly: true,
      playerPropsOnly: false,
    });
    expect(activeTab(next)).toBe(FREE_PICKS);
  });

  it("Player Props sets its flag and resets sport and market", () => {
    const next = selectTab({ ...DEFAULT_FILTERS, sport: "NFL", freePicksOnly: true }, PLAYER_PROPS);
    expect(next).toMatchObject({ sport: ALL_SPORTS, freePicksOnly: false, playerPropsOnly: true });
  });

  it("any other sport clears both flags", () => {
    const next = selectTab({ ...DEFAULT_FILTERS, freePicksOnly: true, playerPropsOnly: true }, "NHL");
    expect(next).toMatchObject({ sport: "NHL", freePicksOnly: false, playerPropsOnly: false });
    expect(activeTab(next)).toBe("NHL");
  });
});

describe("day labels", () => {
  const today = new Date(2026, 10, 22, 15, 0);
  it("names the nearby days and formats others as MMM d", () => {
    expect(dayLabel(-1, today)).toBe("Yesterday");
    expect(dayLabel(0, today)).toBe("Today");
    expect(dayLabel(1, today)).toBe("Tomorrow");
    expect(dayLabel(2, today)).toBe("Nov 24");
    expect(dayLabel(10, today)).toBe("Dec 2");
    expect(isoDay(10, today)).toBe("2026-12-02");
  });
});
