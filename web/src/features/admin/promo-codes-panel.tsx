import { useInfiniteQuery } from "@tanstack/react-query";
import { EmptyState } from "../../components/page";
import { Button } from "../../components/ui/button";
import { adminPromoCodesQueryOptions } from "./admin-api";
import { NewPromoCodeForm } from "./new-promo-code-form";
import { PromoCodeRow } from "./promo-code-row";
import { ScrollTable } from "./side-scroll";

const COLUMNS = ["Code", "Credits", "Status", "Expires", "Uses", "Created"];

/** Admins create promo codes, follow their use, edit their terms and switch them off. Newest first. */
export const PromoCodesPanel = () => {
  const list = useInfiniteQuery(adminPromoCodesQueryOptions);
  const codes = list.data?.pages.flatMap((page) => page.items) ?? [];
  // Expiry is judged against the time of the last fetch, which is when the list's other figures were true.
  const now = list.dataUpdatedAt;

  return (
    <section className="space-y-4" aria-label="Promo codes">
      <NewPromoCodeForm />
      {list.isError ? <p role="alert">Error loading data</p> : null}
      {list.isPending ? <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p> : null}
      {list.data && codes.length === 0 ? <EmptyState title="No promo codes yet" /> : null}
      {codes.length > 0 ? (
        <ScrollTable label="Promo codes table">
          <table className="w-full text-sm">
            <thead className="text-left text-xs uppercase text-slate-600 dark:text-slate-400">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 font-semibold">
                    {column}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {codes.map((p) => (
                <PromoCodeRow key={p.code} promoCode={p} now={now} />
              ))}
            </tbody>
          </table>
        </ScrollTable>
      ) : null}
      {list.hasNextPage ? (
        <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? "Loading..." : "Load more"}
        </Button>
      ) : null}
    </section>
  );
};
