import { createFileRoute } from "@tanstack/react-router";
import { LEGAL_EFFECTIVE_DATE, LegalPage } from "../features/legal/legal-page";
import { TermsContent } from "../features/legal/terms-content";

const TermsOfService = () => (
  <LegalPage title="Terms of Service" effectiveDate={LEGAL_EFFECTIVE_DATE}>
    <TermsContent />
  </LegalPage>
);

export const Route = createFileRoute("/terms-of-service")({ component: TermsOfService });
