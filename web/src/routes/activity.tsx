import { createFileRoute } from "@tanstack/react-router";
import { EmptyState, Page } from "../components/page";

const Activity = () => (
  <Page title="Activity">
    <EmptyState title="No community activity yet">Picks and wins from players will show up here as they happen.</EmptyState>
  </Page>
);

export const Route = createFileRoute("/activity")({ component: Activity });
