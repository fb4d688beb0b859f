import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { client, unwrap } from "../../lib/api";
import { meQueryOptions, useAuth } from "./auth-queries";

const DETECTION_DELAY_MS = 1000;

/** 1 s after sign-in, asks the server to detect the country unless the player chose it or it is already non-US. */
export const useCountryDetection = () => {
  const { me } = useAuth();
  const queryClient = useQueryClient();
  const checkedFor = useRef<string | null>(null);
  const user = me?.user;
  const eligible = Boolean(user && !user.countryManuallySet && user.country === "US");

  useEffect(() => {
    if (!user || !eligible || checkedFor.current === user.id) return;
    checkedFor.current = user.id;
    const timer = setTimeout(() => {
      unwrap(client.me["detect-country"].$post())
        .then(({ updated }) => {
          if (updated) void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
        })
        .catch(() => undefined);
    }, DETECTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [user, eligible, queryClient]);
};
