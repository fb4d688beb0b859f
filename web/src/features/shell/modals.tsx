import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from "react";

export type ModalName = "how-it-works" | "contact" | "add-credits" | "promo-code" | "redeem";

type ModalContextValue = { openModal: (name: ModalName) => void; closeModal: () => void };

const ModalContext = createContext<ModalContextValue | null>(null);

// Modals load on first open so they stay out of the start-up bundle.
const HowItWorksDialog = lazy(() => import("./how-it-works-dialog").then((m) => ({ default: m.HowItWorksDialog })));
const ContactDialog = lazy(() => import("./contact-dialog").then((m) => ({ default: m.ContactDialog })));
const RedeemCreditsDialog = lazy(() =>
  import("../redemptions/redeem-credits-dialog").then((m) => ({ default: m.RedeemCreditsDialog })),
);
const AddCreditsDialog = lazy(() =>
  import("../payments/add-credits-dialog").then((m) => ({ default: m.AddCreditsDialog })),
);
const PromoCodeDialog = lazy(() =>
  import("../payments/promo-code-dialog").then((m) => ({ default: m.PromoCodeDialog })),
);

export const ModalProvider = ({ children }: { children: ReactNode }) => {
  const [current, setCurrent] = useState<ModalName | null>(null);
  const value = useMemo(() => ({ openModal: setCurrent, closeModal: () => setCurrent(null) }), []);
  const onOpenChange = (open: boolean) => {
    if (!open) setCurrent(null);
  };

  return (
    <ModalContext.Provider value={value}>
      {children}
      <Suspense fallback={null}>
        {current === "how-it-works" ? <HowItWorksDialog open onOpenChange={onOpenChange} /> : null}
        {current === "contact" ? <ContactDialog open onOpenChange={onOpenChange} /> : null}
        {current === "redeem" ? <RedeemCreditsDialog open onOpenChange={onOpenChange} /> : null}
        {current === "add-credits" ? <AddCreditsDialog open onOpenChange={onOpenChange} /> : null}
        {current === "promo-code" ? <PromoCodeDialog open onOpenChange={onOpenChange} /> : null}
      </Suspense>
    </ModalContext.Provider>
  );
};

export const useModals = () => {
  const value = useContext(ModalContext);
  if (!value) throw new Error("useModals must be used within ModalProvider");
  return value;
};
