import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { EmptyState } from "../../components/page";
import { useAuth } from "../auth/auth-queries";
import { NeedsConnection, waitsForNetwork } from "../pwa/waiting-for-network";
import { GiftCardPanel } from "./gift-card-panel";
import { rewardsQueryOptions, type Reward } from "./redemption-queries";
import { RewardImage } from "./reward-image";

/**
 * The gift card catalogue, searchable. No filter chips: every card is a United States card paid in dollars, and we
 * keep no popularity figures, so chips for those would look clickable and do nothing.
 */
export const GiftCardCatalogue = () => {
  const { me } = useAuth();
  const navigate = useNavigate();
  const catalogue = useQuery(rewardsQueryOptions);
  const { data, isPending, isError } = catalogue;
  const offline = waitsForNetwork(catalogue);
  const [search, setSearch] = useState("");
  const [selected, setSelected] = useState<Reward | null>(null);

  const term = search.trim().toLowerCase();
  const rewards = (data?.items ?? []).filter((reward) => reward.name.toLowerCase().includes(term));
  const choose = (reward: Reward) => {
    if (me) setSelected(reward);
    else void navigate({ to: "/auth", search: { mode: "login", redirect: "/gift-cards" } });
  };

  return (
    <section className="space-y-4">
      <input
        type="search"
        aria-label="Search gift cards"
        placeholder="Search gift cards"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
      />
      {isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Failed to load rewards. Please try again later.
        </p>
      ) : null}
      {offline ? <NeedsConnection what="Gift cards need" /> : null}
      {isPending && !offline ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading gift cards...</p>
      ) : null}
      {data && rewards.length === 0 ? <EmptyState title="No gift cards found" /> : null}
      <ul className="grid grid-cols-2 gap-3">
        {rewards.map((reward) => (
          <li key={reward.id}>
            <button
              type="button"
              onClick={() => choose(reward)}
              className="block w-full rounded-xl text-left focus-visible:outline-2 focus-visible:outline-brand-600"
              data-testid="gift-card"
            >
              <RewardImage name={reward.name} imageUrl={reward.imageUrl} />
              <span className="mt-1 block text-sm font-semibold">{reward.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {selected && data ? (
        <GiftCardPanel reward={selected} usdPerCredit={data.usdPerCredit} onClose={() => setSelected(null)} />
      ) : null}
    </section>
  );
};
