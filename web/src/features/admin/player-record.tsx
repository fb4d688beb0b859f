import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button } from "../../components/ui/button";
import { formatCredits, formatDateTime } from "../../lib/format";
import { AdjustCreditsForm } from "./adjust-credits-form";
import { AuditEntryRow } from "./audit-entry";
import { playerQueryOptions, type PlayerRecord } from "./players-api";

const label = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replaceAll("_", " ");

const LIST_CLASS =
  "divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm dark:divide-slate-800 dark:border-slate-800";

const Section = ({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) => (
  <section className="space-y-2" aria-label={title}>
    <h3 className="font-semibold">{title}</h3>
    {empty ? <p className="text-sm text-slate-600 dark:text-slate-400">None yet</p> : children}
  </section>
);

const Stat = ({ name, value }: { name: string; value: string }) => (
  <div className="rounded-lg bg-slate-100 px-3 py-2 dark:bg-slate-900">
    <dt className="text-xs text-slate-600 dark:text-slate-400">{name}</dt>
    <dd className="font-semibold">{value}</dd>
  </div>
);

const Row = ({ main, side, sub }: { main: ReactNode; side: ReactNode; sub: string }) => (
  <li className="flex items-start justify-between gap-3 px-3 py-2">
    <div className="min-w-0 wrap-anywhere">
      <p>{main}</p>
      <p className="text-xs text-slate-600 dark:text-slate-400">{sub}</p>
    </div>
    <span className="shrink-0 font-semibold">{side}</span>
  </li>
);

const Record = ({ record }: { record: PlayerRecord }) => {
  const { player, credits } = record;
  return (
    <div className="space-y-6">
      <header className="wrap-anywhere">
        <h2 className="text-lg font-bold">{player.username}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {player.email} · {player.country} · joined {formatDateTime(player.createdAt)}
          {player.emailConfirmedAt ? "" : " · email not confirmed"}
          {player.deletedAt ? ` · deleted ${formatDateTime(player.deletedAt)}` : ""}
        </p>
      </header>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat name="Balance" value={formatCredits(credits.balance)} />
        <Stat name="Redeemable" value={formatCredits(credits.redeemable)} />
        <Stat name="Total earned" value={formatCredits(credits.totalEarned)} />
        <Stat name="Total spent" value={formatCredits(credits.totalSpent)} />
      </dl>
      {player.deletedAt ? null : <AdjustCreditsForm playerId={player.id} />}
      <Section title="Ledger" empty={record.transactions.length === 0}>
        <ul className={LIST_CLASS}>
          {record.transactions.map((t) => (
            <Row
              key={t.id}
              main={t.description || label(t.transactionType)}
              side={t.amount > 0 ? `+${t.amount}` : t.amount}
              sub={`${label(t.transactionType)} · ${t.source} · ${formatDateTime(t.createdAt)}`}
            />
          ))}
        </ul>
      </Section>
      <Section title="Picks" empty={record.picks.length === 0}>
        <ul className={LIST_CLASS}>
          {record.picks.map((p) => (
            <Row
              key={p.id}
              main={p.questionTitle ?? "Deleted question"}
              side={label(p.status)}
              sub={`${p.choice === "yes" ? "A" : "B"} · ${formatCredits(p.creditsSpent)} · paid ${p.actualPayout} · ${formatDateTime(p.createdAt)}`}
            />
          ))}
        </ul>
      </Section>
      <Section title="Redemptions" empty={record.redemptions.length === 0}>
        <ul className={LIST_CLASS}>
          {record.redemptions.map((r) => (
            <Row
              key={r.id}
              main={r.kind === "gift_card" ? "Gift card" : "Cash-out"}
              side={label(r.status)}
              sub={`${formatCredits(r.creditsSpent)}${r.note ? ` · ${r.note}` : ""} · ${formatDateTime(r.createdAt)}`}
            />
          ))}
        </ul>
      </Section>
      <Section title="Audit entries" empty={record.audit.length === 0}>
        <ul className={LIST_CLASS}>
          {record.audit.map((entry) => (
            <AuditEntryRow key={entry.id} entry={entry} />
          ))}
        </ul>
      </Section>
    </div>
  );
};

/** One player's record for admins: who they are, their credits and every movement, picks, redemptions and audit. */
export const PlayerRecordView = ({ id, onBack }: { id: string; onBack: () => void }) => {
  const { data, isPending, isError } = useQuery(playerQueryOptions(id));
  return (
    <div className="space-y-4">
      <Button variant="secondary" onClick={onBack}>
        Back to players
      </Button>
      {isError ? <p role="alert">Error loading data</p> : null}
      {isPending ? <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p> : null}
      {data ? <Record record={data} /> : null}
    </div>
  );
};
