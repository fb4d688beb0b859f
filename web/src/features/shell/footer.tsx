import * as Menu from "@radix-ui/react-dropdown-menu";
import { useNavigate } from "@tanstack/react-router";
import { FOOTER_REVEAL_SCROLL_PX } from "../../lib/constants";
import { useModals } from "./modals";
import { SocialLinks } from "./social-links";
import { useScrolledPast } from "./use-scrolled-past";

const ITEM =
  "flex cursor-pointer select-none rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800";

/** Desktop only; slides up once the page has scrolled more than 50 px. */
export const Footer = () => {
  const visible = useScrolledPast(FOOTER_REVEAL_SCROLL_PX);
  const { openModal } = useModals();
  const navigate = useNavigate();

  return (
    <footer
      data-testid="site-footer"
      data-visible={visible}
      aria-hidden={!visible}
      inert={!visible}
      className={`fixed inset-x-0 bottom-0 z-30 hidden h-12 border-t border-slate-200 bg-white/95 backdrop-blur transition-transform duration-200 md:block dark:border-slate-800 dark:bg-slate-950/95 ${
        visible ? "translate-y-0" : "translate-y-full"
      }`}
    >
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 text-sm">
        <p>© {new Date().getFullYear()} Pickstreak</p>
        <div className="flex items-center gap-4">
          <button type="button" className="hover:underline" onClick={() => openModal("contact")}>
            Contact us
          </button>
          <Menu.Root>
            <Menu.Trigger className="hover:underline">Resources</Menu.Trigger>
            <Menu.Portal>
              <Menu.Content side="top" sideOffset={8} className="z-50 min-w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-800 dark:bg-slate-900">
                <Menu.Item className={`${ITEM} lg:hidden`} onSelect={() => openModal("how-it-works")}>How it works</Menu.Item>
                <Menu.Item className={ITEM} onSelect={() => void navigate({ to: "/terms-of-service" })}>Terms of Service</Menu.Item>
                <Menu.Item className={ITEM} onSelect={() => void navigate({ to: "/privacy-policy" })}>Privacy Policy</Menu.Item>
                <Menu.Item className={ITEM} onSelect={() => void navigate({ to: "/data-deletion" })}>Data</Menu.Item>
              </Menu.Content>
            </Menu.Portal>
          </Menu.Root>
          <SocialLinks />
        </div>
      </div>
    </footer>
  );
};
