import { useId, type ReactNode } from "react";
import { Link } from "@tanstack/react-router";
import { useModals } from "../shell/modals";

type LegalPageProps = { title: string; effectiveDate: string; children: ReactNode };
type SectionProps = { title: string; children: ReactNode };
type MailLinkProps = { address: string };

export const LEGAL_EFFECTIVE_DATE = "August 19, 2025";
export const PRIVACY_EMAIL = "privacy@pickstreak.app";
export const SUPPORT_EMAIL = "support@pickstreak.app";

export const LEGAL_LINK_CLASS =
  "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-500 dark:hover:text-brand-100";

const PROSE =
  "space-y-3 text-base leading-7 text-slate-700 dark:text-slate-300 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6 [&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-slate-100 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6";

export const LegalPage = ({ title, effectiveDate, children }: LegalPageProps) => {
  const titleId = useId();

  return (
    <article aria-labelledby={titleId} className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <Link
        to="/home"
        className="inline-flex items-center gap-1 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-slate-400 dark:hover:text-slate-100"
      >
        <span aria-hidden="true">←</span>
        Back to Home
      </Link>
      <header className="mt-6 border-b border-slate-200 pb-6 dark:border-slate-800">
        <h1 id={titleId} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-slate-100">
          {title}
        </h1>
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Effective date: {effectiveDate}</p>
      </header>
      <div className="mt-8 space-y-10">{children}</div>
    </article>
  );
};

export const Section = ({ title, children }: SectionProps) => {
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="scroll-mt-24">
      <h2 id={headingId} className="mb-3 text-xl font-semibold text-slate-900 dark:text-slate-100">
        {title}
      </h2>
      <div className={PROSE}>{children}</div>
    </section>
  );
};

export const MailLink = ({ address }: MailLinkProps) => (
  <a href={`mailto:${address}`} className={LEGAL_LINK_CLASS}>
    {address}
  </a>
);

export const ContactFormLink = () => {
  const { openModal } = useModals();

  return (
    <button type="button" className={`${LEGAL_LINK_CLASS} cursor-pointer`} onClick={() => openModal("contact")}>
      Contact Us form
    </button>
  );
};
