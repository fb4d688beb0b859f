import { createFileRoute } from "@tanstack/react-router";
import { EmptyState, Page } from "../components/page";

const Leaderboard = () => (
  <Page title="Standings">
    <EmptyState title="No standings yet">Standings are ranked from settled picks; none have been settled.</EmptyState>
  </Page>
);

export const Route = createFileRoute("/leaderboard")({ component: Leaderboard });
