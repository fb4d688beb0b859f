import { Share2 } from "lucide-react";
import { canShare, copyLink } from "../referrals/share-link";

export type CardKind = "pick" | "streak" | "rank";

/** The link a card is shared by: its page carries the preview image for crawlers and the player's invitation. */
export const cardLink = (kind: CardKind, id: string) =>
  `${window.location.origin}/share/${kind}/${encodeURIComponent(id)}`;

/** The system share sheet where there is one (dismissing it is not an error), else the clipboard. */
export const shareCard = async (kind: CardKind, id: string, title: string) => {
  const url = cardLink(kind, id);
  if (canShare()) {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
    }
  }
  await copyLink(url);
};

type Props = { kind: CardKind; id: string; title: string; label: string; compact?: boolean };

export const ShareCardButton = ({ kind, id, title, label, compact = false }: Props) => (
  <button
    type="button"
    aria-label={compact ? label : undefined}
    onClick={() => void shareCard(kind, id, title)}
    className={`inline-flex min-h-11 items-center justify-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold text-slate-700 hover:bg-slate-100 md:min-h-0 dark:text-slate-300 dark:hover:bg-slate-800 ${compact ? "min-w-11 md:min-w-0" : ""}`}
  >
    <Share2 aria-hidden="true" size={16} />
    {compact ? null : label}
  </button>
);
