import * as Menu from "@radix-ui/react-dropdown-menu";
import { Link } from "@tanstack/react-router";
import { useModals } from "./modals";

const ITEM =
  "flex cursor-pointer select-none rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800";

/** The footer's Resources menu; How it works is listed only where the header does not show it. Pages are real links. */
export const ResourcesMenu = () => {
  const { openModal } = useModals();
  return (
    // Not modal, like the account menu: the page behind it stays readable rather than aria-hidden around focusable links.
    <Menu.Root modal={false}>
      <Menu.Trigger className="hover:underline">Resources</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          side="top"
          sideOffset={8}
          className="z-50 min-w-48 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-800 dark:bg-slate-900"
        >
          <Menu.Item className={`${ITEM} lg:hidden`} onSelect={() => openModal("how-it-works")}>
            How it works
          </Menu.Item>
          <Menu.Item asChild className={ITEM}>
            <Link to="/terms-of-service">Terms of Service</Link>
          </Menu.Item>
          <Menu.Item asChild className={ITEM}>
            <Link to="/privacy-policy">Privacy Policy</Link>
          </Menu.Item>
          <Menu.Item asChild className={ITEM}>
            <Link to="/data-deletion">Data</Link>
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
};
