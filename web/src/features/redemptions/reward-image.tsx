import { formatUsd } from "#shared/redemptions";

type Props = { name: string; imageUrl: string | null; valueCents?: number };

/** The card's picture (or the 'Gift Card' placeholder), with the dollar value as a badge when known. */
export const RewardImage = ({ name, imageUrl, valueCents }: Props) => (
  <div className="relative aspect-[8/5] w-full overflow-hidden rounded-xl bg-slate-200 dark:bg-slate-800">
    {imageUrl ? (
      <img src={imageUrl} alt={`${name} gift card`} className="h-full w-full object-cover" loading="lazy" />
    ) : (
      <div className="flex h-full items-center justify-center text-sm font-semibold text-slate-600 dark:text-slate-300">
        Gift Card
      </div>
    )}
    {valueCents !== undefined ? (
      <span
        className="absolute right-2 top-2 rounded-full bg-white/95 px-2.5 py-1 text-sm font-bold text-slate-900 shadow"
        data-testid="value-badge"
      >
        {formatUsd(valueCents)}
      </span>
    ) : null}
  </div>
);
