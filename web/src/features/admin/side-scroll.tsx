import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";

type HiddenSides = { left: boolean; right: boolean };

/** Whether the box's content runs past its left or right edge, kept true as it scrolls, resizes or grows rows. */
export const useHiddenSides = (ref: RefObject<HTMLElement | null>): HiddenSides => {
  const [sides, setSides] = useState<HiddenSides>({ left: false, right: false });
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => {
      const left = box.scrollLeft > 1;
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setSides((known) => (known.left === left && known.right === right ? known : { left, right }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    box.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener("scroll", measure);
    };
  }, [ref]);
  return sides;
};

const FADE = "pointer-events-none absolute inset-y-0 w-8 from-white to-transparent dark:from-slate-950";

/** A fade over each edge that has more beyond it: a row cut off at the edge looks like it goes on. */
export const EdgeFades = ({ left, right }: HiddenSides) => (
  <>
    {left ? <span aria-hidden="true" className={`${FADE} left-0 bg-linear-to-r`} /> : null}
    {right ? <span aria-hidden="true" className={`${FADE} right-0 bg-linear-to-l`} /> : null}
  </>
);

/**
 * A table wider than the screen scrolls sideways in its own box, never the page. While columns are out of view a line
 * above says so and the cut-off edge fades; the box then takes keyboard focus, so arrow keys scroll it too.
 */
export const ScrollTable = ({ label, children }: { label: string; children: ReactNode }) => {
  const box = useRef<HTMLDivElement>(null);
  const sides = useHiddenSides(box);
  const more = sides.left || sides.right;
  return (
    <div>
      {more ? (
        <p className="mb-1 text-xs text-slate-600 dark:text-slate-400" data-testid="scroll-hint">
          Scroll sideways to see every column
        </p>
      ) : null}
      <div className="relative overflow-hidden rounded-xl border border-slate-200 dark:border-slate-800">
        {/* relative: the rows' screen-reader labels are absolutely positioned, and would widen the page instead of
            scrolling with the table unless this box is their containing block. */}
        <div
          ref={box}
          role="region"
          aria-label={label}
          tabIndex={more ? 0 : undefined}
          className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {children}
        </div>
        <EdgeFades {...sides} />
      </div>
    </div>
  );
};
