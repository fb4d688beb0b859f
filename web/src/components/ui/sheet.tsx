import { X } from "lucide-react";
import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
};

/** A panel that slides in from the left, 85% of the viewport wide (the mobile More menu). */
export const Sheet = ({ open, onOpenChange, title, children }: SheetProps) => (
  <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50 animate-[fade-in_150ms_ease-out]" />
      <RadixDialog.Content className="fixed inset-y-0 left-0 z-50 flex w-[85vw] flex-col overflow-y-auto bg-white shadow-xl animate-[slide-in-left_200ms_ease-out] focus:outline-none dark:bg-slate-900">
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <RadixDialog.Title className="text-base font-semibold">{title}</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">Site menu</RadixDialog.Description>
          <RadixDialog.Close
            aria-label="Close menu"
            className="-m-2.5 flex h-11 w-11 items-center justify-center rounded-full hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <X aria-hidden="true" size={20} />
          </RadixDialog.Close>
        </div>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  </RadixDialog.Root>
);
