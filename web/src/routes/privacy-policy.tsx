import { createFileRoute } from "@tanstack/react-router";
import { LEGAL_EFFECTIVE_DATE, LegalPage } from "../features/legal/legal-page";
import { PrivacyContent } from "../features/legal/privacy-content";

const PrivacyPolicy = () => (
  <LegalPage title="Privacy Policy" effectiveDate={LEGAL_EFFECTIVE_DATE}>
    <PrivacyContent />
  </LegalPage>
);

export const Route = createFileRoute("/privacy-policy")({ component: PrivacyPolicy });
