import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Sheet } from "../../components/ui/sheet";
import { useAuth } from "../auth/auth-queries";
import { useSignOut } from "../auth/use-sign-out";
import { useModals, type ModalName } from "./modals";
import { PicksBadge, usePicksBadge } from "./picks-badge";
import { SocialLinks } from "./social-links";
import { useTheme } from "./theme-provider";
import { THEME_OPTIONS } from "./theme-options";

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

const ROW =
  "flex w-full items-center justify-between px-4 py-3 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800 dark:aria-[current=page]:text-brand-100";

const Group = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="border-b border-slate-200 py-2 dark:border-slate-800">
    <h2 className="px-4 py-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
      {title}
    </h2>
    <ul>{children}</ul>
  </section>
);

/** The phone's full menu, sliding in from the left; every entry closes it. */
export const MoreMenu = ({ open, onOpenChange }: Props) => {
  const { status, me, isAdmin } = useAuth();
  const { openModal } = useModals();
  const { theme, setTheme } = useTheme();
  const signOut = useSignOut();
  const close = () => onOpenChange(false);
  const signedIn = Boolean(me);
  const visitor = status === "initialized" && !me;
  const badge = usePicksBadge(open);

  const LinkRow = ({ to, search, children }: { to: string; search?: Record<string, string>; children: ReactNode }) => (
    <li>
      <Link to={to} search={search} className={ROW} onClick={close}>
        {children}
      </Link>
    </li>
  );
  const ModalRow = ({ name, children }: { name: ModalName; children: ReactNode }) => (
    <li>
      <button
        type="button"
        className={ROW}
        onClick={() => {
          close();
          openModal(name);
        }}
      >
        {children}
      </button>
    </li>
  );

  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Menu">
      <Group title="Navigate">
        <LinkRow to="/home">Home</LinkRow>
        {signedIn ? (
          <LinkRow to="/picks">
            My Picks
            <PicksBadge count={badge} />
          </LinkRow>
        ) : null}
        <LinkRow to="/activity">Activity</LinkRow>
        <LinkRow to="/leaderboard">Standings</LinkRow>
        {signedIn ? <LinkRow to="/rewards">Redeem</LinkRow> : null}
        <LinkRow to="/gift-cards">Gift Cards</LinkRow>
        {signedIn ? <LinkRow to="/profile">Profile</LinkRow> : null}
      </Group>
      {signedIn ? (
        <Group title="Earn Credits">
          <ModalRow name="add-credits">Buy Credits</ModalRow>
          <ModalRow name="promo-code">Promo Code</ModalRow>
          <LinkRow to="/referrals">Referrals</LinkRow>
          <LinkRow to="/invite-history">Invite history</LinkRow>
        </Group>
      ) : null}
      {visitor ? (
        <Group title="Free Credits">
          <LinkRow to="/auth" search={{ mode: "signup" }}>
            Referrals
          </LinkRow>
          <LinkRow to="/auth" search={{ mode: "signup" }}>
            Free Credits
          </LinkRow>
        </Group>
      ) : null}
      <Group title="Resources">
        <ModalRow name="how-it-works">How it works</ModalRow>
        <ModalRow name="contact">Contact Us</ModalRow>
        <LinkRow to="/terms-of-service">Terms of Service</LinkRow>
        <LinkRow to="/privacy-policy">Privacy Policy</LinkRow>
      </Group>
      <section className="border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 className="pb-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">Theme</h2>
        <div role="radiogroup" aria-label="Theme" className="flex gap-2">
          {THEME_OPTIONS.map((option) => (
            <button
              key={option.value}
              type="button"
              role="radio"
              aria-checked={theme === option.value}
              onClick={() => setTheme(option.value)}
              className={`flex-1 rounded-lg border px-2 py-1.5 text-sm ${
                theme === option.value
                  ? "border-brand-700 bg-brand-50 font-semibold text-brand-800 dark:bg-brand-800/30 dark:text-brand-100"
                  : "border-slate-300 dark:border-slate-700"
              }`}
            >
              {option.label}
            </button>
          ))}
        </div>
      </section>
      <SocialLinks className="border-b border-slate-200 px-4 py-3 dark:border-slate-800" />
      <ul className="py-2">
        {signedIn ? (
          <>
            {isAdmin ? <LinkRow to="/admin">Admin Panel</LinkRow> : null}
            <li>
              <button
                type="button"
                className={ROW}
                onClick={() => {
                  close();
                  void signOut();
                }}
              >
                Log out
              </button>
            </li>
          </>
        ) : (
          <>
            <LinkRow to="/auth" search={{ mode: "login" }}>
              Log in
            </LinkRow>
            <LinkRow to="/auth" search={{ mode: "signup" }}>
              Sign Up
            </LinkRow>
          </>
        )}
      </ul>
    </Sheet>
  );
};
