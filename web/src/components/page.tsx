import type { ReactNode } from "react";

export const Page = ({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) => (
  <div className="mx-auto max-w-7xl px-4 py-6">
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
