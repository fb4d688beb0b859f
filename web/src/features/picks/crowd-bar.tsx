type Props = { crowd: { yes: number; no: number }; className?: string };

/**
 * The crowd's split as a bar: the first option's share from the left, the second's after it, in the order the split's
 * text names them. The text beside it says the same in words, so the bar is hidden from screen readers.
 */
export const CrowdBar = ({ crowd: { yes, no }, className = "" }: Props) => {
  const total = yes + no;
  if (total === 0) return null;
  const share = Math.round((yes / total) * 100);
  return (
    <span
      aria-hidden="true"
      className={`flex h-1.5 overflow-hidden rounded-full bg-sky-600 dark:bg-sky-400 ${className}`}
      data-testid="crowd-bar"
      data-share={share}
    >
      <span className="h-full bg-brand-600 dark:bg-brand-500" style={{ width: `${share}%` }} />
    </span>
  );
};
