import { createFileRoute } from "@tanstack/react-router";
import { LEGAL_EFFECTIVE_DATE, LegalPage } from "../features/legal/legal-page";
import { DataDeletionContent } from "../features/legal/data-deletion-content";

const DataDeletion = () => (
  <LegalPage title="Data Deletion" effectiveDate={LEGAL_EFFECTIVE_DATE}>
    <DataDeletionContent />
  </LegalPage>
);

export const Route = createFileRoute("/data-deletion")({ component: DataDeletion });
