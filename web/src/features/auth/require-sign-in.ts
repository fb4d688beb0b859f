import { redirect, type ParsedLocation } from "@tanstack/react-router";
import type { RouterContext } from "../../routes/__root";
import { meQueryOptions } from "./auth-queries";

/** Route guard: visitors go to sign-in and come back afterwards. */
export const requireSignIn = async ({ context, location }: { context: RouterContext; location: ParsedLocation }) => {
  const me = await context.queryClient.ensureQueryData(meQueryOptions);
  if (!me) throw redirect({ to: "/auth", search: { mode: "login", redirect: location.href } });
  return { me };
};
