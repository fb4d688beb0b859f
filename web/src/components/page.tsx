import type { ReactNode } from "react";

/** Every page is centred; a list or form reads best narrow, the question feed and the admin use the whole width. */
const WIDTHS = { narrow: "max-w-2xl", medium: "max-w-4xl", wide: "max-w-5xl", full: "max-w-7xl" } as const;

type PageProps = { title: string; children: ReactNode; actions?: ReactNode; width?: keyof typeof WIDTHS };

export const Page = ({ title, children, actions, width = "full" }: PageProps) => (
  <div className={`mx-auto ${WIDTHS[width]} px-4 py-6`}>
    <div className="mb-4 flex items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      {actions}
    </div>
    {children}
  </div>
);

export const EmptyState = ({ title, children }: { title: string; children?: ReactNode }) => (
  <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700">
    <p className="font-semibold">{title}</p>
    {children ? <div className="mt-2 text-sm text-slate-600 dark:text-slate-400">{children}</div> : null}
  </div>
);
