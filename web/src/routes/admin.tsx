import { createFileRoute, Link, redirect } from "@tanstack/react-router";
import { useRef, useState } from "react";
import { Page } from "../components/page";
import { ContestsPanel } from "../features/admin/contests-panel";
import { AuditPanel } from "../features/admin/audit-panel";
import { ChallengesCount } from "../features/admin/challenges-count";
import { ChallengesPanel } from "../features/admin/challenges-panel";
import { DashboardPanel } from "../features/admin/dashboard-panel";
import { adminDashboardQueryOptions } from "../features/admin/dashboard-queries";
import { HealthPanel } from "../features/admin/health-panel";
import { PlayersPanel } from "../features/admin/players-panel";
import { PromoCodesPanel } from "../features/admin/promo-codes-panel";
import { RedemptionsPanel } from "../features/admin/redemptions-panel";
import { challengeQueueQueryOptions } from "../features/admin/score-feed-api";
import { EdgeFades, useHiddenSides } from "../features/admin/side-scroll";
import { requireSignIn } from "../features/auth/require-sign-in";
import { waitForPageData } from "../lib/page-data";
import { QuestionsTab } from "./-admin/questions-tab";

const SECTIONS = [
  { id: "dashboard", label: "Dashboard" },
  { id: "questions", label: "Questions" },
  { id: "redemptions", label: "Redemptions" },
  { id: "challenges", label: "Challenges" },
  { id: "contests", label: "Contests" },
  { id: "promo-codes", label: "Promo codes" },
  { id: "players", label: "Players" },
  { id: "audit", label: "Audit log" },
  { id: "health", label: "Health" },
] as const;
type Section = (typeof SECTIONS)[number]["id"];

const Admin = () => {
  const [section, setSection] = useState<Section>("dashboard");
  const tabs = useRef<HTMLDivElement>(null);
  // On a phone the tabs run past the screen's edge: the edge fades so the row reads as one that scrolls.
  const hiddenTabs = useHiddenSides(tabs);
  return (
    <Page
      title="Admin Panel"
      actions={
        <Link to="/home" className="text-sm font-semibold underline">
          Back to site
        </Link>
      }
    >
      <div className="relative mb-4">
        <div
          ref={tabs}
          role="tablist"
          aria-label="Admin sections"
          // relative: the challenge count's screen-reader text is absolutely positioned; with this row as its
          // containing block it scrolls with the tabs instead of widening the page past a phone's screen.
          className="relative flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
        >
          {SECTIONS.map((s) => (
            <button
              key={s.id}
              type="button"
              role="tab"
              id={`tab-${s.id}`}
              aria-selected={section === s.id}
              aria-controls={`panel-${s.id}`}
              onClick={() => setSection(s.id)}
              className={`shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold sm:px-4 ${section === s.id ? "border-brand-700" : "border-transparent"}`}
            >
              {s.label}
              {s.id === "challenges" ? <ChallengesCount /> : null}
            </button>
          ))}
        </div>
        <EdgeFades {...hiddenTabs} />
      </div>
      <div role="tabpanel" id={`panel-${section}`} aria-labelledby={`tab-${section}`}>
        {section === "dashboard" ? <DashboardPanel /> : null}
        {section === "questions" ? <QuestionsTab /> : null}
        {section === "redemptions" ? <RedemptionsPanel /> : null}
        {section === "challenges" ? <ChallengesPanel /> : null}
        {section === "contests" ? <ContestsPanel /> : null}
        {section === "promo-codes" ? <PromoCodesPanel /> : null}
        {section === "players" ? <PlayersPanel /> : null}
        {section === "audit" ? <AuditPanel /> : null}
        {section === "health" ? <HealthPanel /> : null}
      </div>
    </Page>
  );
};

export const Route = createFileRoute("/admin")({
  beforeLoad: async (options) => {
    const { me } = await requireSignIn(options);
    if (me.user.role !== "admin") throw redirect({ to: "/home" });
  },
  // The page opens on the dashboard; the challenges tab counts its queue.
  loader: ({ context: { queryClient } }) =>
    waitForPageData(
      queryClient.ensureQueryData(adminDashboardQueryOptions),
      queryClient.ensureQueryData(challengeQueueQueryOptions),
    ),
  component: Admin,
});
