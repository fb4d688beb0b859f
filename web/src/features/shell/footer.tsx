import { lazy, Suspense } from "react";
import { FOOTER_REVEAL_SCROLL_PX } from "../../lib/constants";
import { useModals } from "./modals";
import { SocialLinks } from "./social-links";
import { useScrolledPast } from "./use-scrolled-past";

// The dropdown library loads once the footer shows (after a scroll), so a page load without scrolling never fetches it.
const ResourcesMenu = lazy(() => import("./resources-menu").then((m) => ({ default: m.ResourcesMenu })));

/** Desktop only; slides up once the page has scrolled more than 50 px. */
export const Footer = () => {
  const visible = useScrolledPast(FOOTER_REVEAL_SCROLL_PX);
  const { openModal } = useModals();

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
        {/* The worker's first view of /home (web/src/ssr) writes its own year, another on a New Year's Eve. */}
        <p suppressHydrationWarning>© {new Date().getFullYear()} Pickstreak</p>
        <div className="flex items-center gap-4">
          <button type="button" className="hover:underline" onClick={() => openModal("contact")}>
            Contact us
          </button>
          {visible ? (
            <Suspense fallback={<span>Resources</span>}>
              <ResourcesMenu />
            </Suspense>
          ) : (
            <span>Resources</span>
          )}
          <SocialLinks />
        </div>
      </div>
    </footer>
  );
};
