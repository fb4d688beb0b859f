import { useQuery } from "@tanstack/react-query";
import { contestsQueryOptions } from "../../features/community/contest-queries";
import { ContestCard } from "./contest-card";

/** Running and upcoming challenges first, then those that ended lately; nothing at all when there are none. */
export const ContestsSection = ({ viewer }: { viewer: string | null }) => {
  const { data } = useQuery(contestsQueryOptions(viewer));
  if (!data?.length) return null;
  return (
    <section aria-label="Challenges" className="grid gap-4 md:grid-cols-2">
      {data.map((contest) => (
        <ContestCard key={contest.id} contest={contest} viewer={viewer} />
      ))}
    </section>
  );
};
