import { Check } from "lucide-react";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { Link, type LinkProps } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { Theme } from "../../lib/theme";
import { useAuth } from "../auth/auth-queries";
import { useSignOut } from "../auth/use-sign-out";
import { useModals } from "./modals";
import { useTheme } from "./theme-provider";
import { THEME_OPTIONS } from "./theme-options";

const ITEM =
  "flex cursor-pointer select-none items-center rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800 aria-[current=page]:font-semibold aria-[current=page]:text-brand-800 dark:aria-[current=page]:text-brand-100";

/** A menu entry that is a real link: it opens in a new tab and reads as a link target, not a button. */
const LinkItem = ({ to, children }: { to: LinkProps["to"]; children: ReactNode }) => (
  <Menu.Item asChild className={ITEM}>
    <Link to={to}>{children}</Link>
  </Menu.Item>
);

const Separator = () => <Menu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-800" />;

/** Desktop account dropdown (phones use the More menu): the pages the header has no room for, credits and theme. */
export const AccountMenu = () => {
  const { me, isAdmin } = useAuth();
  const { theme, setTheme } = useTheme();
  const { openModal } = useModals();
  const signOut = useSignOut();

  return (
    // Not modal: a modal menu marks the rest of the page aria-hidden while its links stay focusable (axe aria-hidden-focus).
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label="Account menu"
        className="hidden h-9 w-9 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800 md:flex"
      >
        {me?.user.username.slice(0, 1).toUpperCase()}
      </Menu.Trigger>
      {/* Drawn inside the header rather than in a portal at the end of the page, so it sits in the banner landmark. */}
      <Menu.Content
        align="end"
        sideOffset={8}
        className="z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-800 dark:bg-slate-900"
      >
        <Menu.Label className="truncate px-3 py-2 text-xs text-slate-600 dark:text-slate-400">
          {me?.user.username}
        </Menu.Label>
        <LinkItem to="/profile">Profile</LinkItem>
        <LinkItem to="/gift-cards">Gift Cards</LinkItem>
        <LinkItem to="/referrals">Referrals</LinkItem>
        <LinkItem to="/invite-history">Invite history</LinkItem>
        {isAdmin ? <LinkItem to="/admin">Admin Panel</LinkItem> : null}
        <Separator />
        <Menu.Item className={ITEM} onSelect={() => openModal("add-credits")}>
          Add Credits
        </Menu.Item>
        <Menu.Item className={ITEM} onSelect={() => openModal("promo-code")}>
          Promo Code
        </Menu.Item>
        <Separator />
        <Menu.Label className="px-3 py-1 text-xs text-slate-600 dark:text-slate-400">Theme</Menu.Label>
        <Menu.RadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
          {THEME_OPTIONS.map((option) => (
            <Menu.RadioItem key={option.value} value={option.value} className={ITEM}>
              <Menu.ItemIndicator className="mr-2">
                <Check aria-hidden="true" size={16} />
              </Menu.ItemIndicator>
              {option.label}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
        <Separator />
        <Menu.Item className={ITEM} onSelect={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Content>
    </Menu.Root>
  );
};
