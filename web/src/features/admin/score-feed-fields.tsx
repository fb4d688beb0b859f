import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { InputField } from "../../components/ui/field";
import { ApiError } from "../../lib/api";
import { formatDateTime } from "../../lib/format";
import {
  feedEventsQueryOptions,
  feedLinkQueryOptions,
  linkToFeed,
  unlinkFromFeed,
  type FeedLink,
} from "./score-feed-api";

/** The form's choice: an event (none: resolved by hand), and the rule its question type reads. */
export type FeedDraft = { eventId: string; sideA: "home" | "away"; line: string };

export const draftFromLink = (link: FeedLink | null): FeedDraft =>
  link
    ? { eventId: link.eventId, sideA: link.sideA ?? "home", line: link.line === null ? "" : String(link.line) }
    : { eventId: "", sideA: "home", line: "" };

/** Links (or relinks) when an event is chosen, unlinks when "by hand" replaced a link; the server checks the rule. */
export const saveFeedDraft = async (questionId: string, draft: FeedDraft, linked: boolean, overUnder: boolean) => {
  if (draft.eventId) {
    await linkToFeed(questionId, {
      eventId: draft.eventId,
      sideA: overUnder ? null : draft.sideA,
      line: overUnder && draft.line.trim() ? Number(draft.line) : null,
    });
  } else if (linked) await unlinkFromFeed(questionId);
};

const SELECT =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950";

const eventLabel = (event: { homeTeam: string; awayTeam: string; sport: string | null; startsAt: number }) =>
  `${event.homeTeam} v ${event.awayTeam}${event.sport ? ` · ${event.sport}` : ""} · ${formatDateTime(event.startsAt)}`;

/** Where a link that can no longer change stands, in a sentence. */
const settledText = (link: FeedLink) => {
  const against = `${link.homeTeam} v ${link.awayTeam}`;
  if (link.state === "proposed")
    return `The score feed proposed a result from ${against}; players may challenge it until ${formatDateTime(link.finalAt ?? 0)}.`;
  if (link.state === "challenged")
    return `Players challenged the result from ${against}: decide it in the Challenges tab.`;
  return `Resolved from ${against}.`;
};

type Props = {
  questionId: string | null;
  overUnder: boolean;
  draft: FeedDraft | null;
  onChange: (draft: FeedDraft) => void;
};

/**
 * The question form's score feed section: the event picked from the feed's upcoming list and the rule. Once the feed
 * has proposed a result the link is fixed; without a configured feed the section says auto-resolution is off.
 */
export const ScoreFeedFields = ({ questionId, overUnder, draft, onChange }: Props) => {
  const events = useQuery(feedEventsQueryOptions);
  const current = useQuery({ ...feedLinkQueryOptions(questionId ?? ""), enabled: questionId !== null });
  const link = current.data?.link ?? null;
  const value = draft ?? draftFromLink(link);
  const set = (change: Partial<FeedDraft>) => onChange({ ...value, ...change });
  const options = [...(events.data?.events ?? [])];
  if (link && !options.some((event) => event.id === link.eventId))
    options.unshift({ ...link, id: link.eventId, status: link.eventStatus });
  const chosen = options.find((event) => event.id === value.eventId);

  let body: ReactNode;
  if (events.data && !events.data.enabled)
    body = <p>Auto-resolution is off: no score feed is configured. Set the outcome by hand.</p>;
  else if (link && link.state !== "waiting") body = <p>{settledText(link)} The link can no longer change.</p>;
  else if (events.isError)
    body = (
      <p role="alert">{events.error instanceof ApiError ? events.error.message : "Failed to load the feed's events"}</p>
    );
  else if (events.isPending || (questionId !== null && current.isPending)) body = <p>Loading events...</p>;
  else {
    body = (
      <>
        <label className="block text-sm font-medium">
          Event
          <select className={SELECT} value={value.eventId} onChange={(e) => set({ eventId: e.target.value })}>
            <option value="">None (set the outcome by hand)</option>
            {options.map((event) => (
              <option key={event.id} value={event.id}>
                {eventLabel(event)}
              </option>
            ))}
          </select>
        </label>
        {chosen && overUnder ? (
          <InputField
            label="Line (total score over or under)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.5}
            value={value.line}
            onChange={(e) => set({ line: e.target.value })}
          />
        ) : null}
        {chosen && !overUnder ? (
          <label className="block text-sm font-medium">
            Option A is
            <select
              className={SELECT}
              value={value.sideA}
              onChange={(e) => set({ sideA: e.target.value === "away" ? "away" : "home" })}
            >
              <option value="home">Home: {chosen.homeTeam} winning</option>
              <option value="away">Away: {chosen.awayTeam} winning</option>
            </select>
          </label>
        ) : null}
      </>
    );
  }
  return (
    <fieldset className="min-w-0 space-y-2 rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-800">
      <legend className="px-1 font-semibold">Resolve from the score feed</legend>
      {body}
    </fieldset>
  );
};
