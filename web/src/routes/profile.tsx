import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { toast } from "../lib/toast";
import { Page } from "../components/page";
import { meQueryOptions } from "../features/auth/auth-queries";
import { CountryFlag } from "../features/auth/country-flag";
import { CountrySelect } from "../features/auth/country-select";
import { requireSignIn } from "../features/auth/require-sign-in";
import { notificationsQueryOptions } from "../features/notifications/notifications-api";
import { NotificationsSection } from "../features/notifications/notifications-section";
import { playQueryOptions } from "../features/responsible-play/play-api";
import { ResponsiblePlaySection } from "../features/responsible-play/responsible-play-section";
import { ApiError } from "../lib/api";
import { waitForPageData } from "../lib/page-data";
import { ChangePassword } from "./-profile/change-password";
import { DeleteAccount } from "./-profile/delete-account";
import { UsernameEditor } from "./-profile/username-editor";
import { useUpdateProfile } from "./-profile/use-update-profile";

const memberSince = (epochMs: number) =>
  new Date(epochMs).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" });

const Profile = () => {
  const { data: me } = useQuery(meQueryOptions);
  const update = useUpdateProfile();
  if (!me) return null;

  const changeCountry = (country: string) => {
    if (!country || country === me.user.country) return;
    update.mutate(
      { country },
      {
        onSuccess: () => toast.success("Country updated"),
        onError: (error) => toast.error(error instanceof ApiError ? error.message : "Please try again"),
      },
    );
  };

  return (
    <Page title="Profile" width="narrow">
      <div className="space-y-6">
        <section className="space-y-1">
          <p className="flex items-center gap-2 text-lg font-semibold">
            <CountryFlag code={me.user.country} /> {me.user.username}
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{me.user.email}</p>
          <p className="text-sm text-slate-700 dark:text-slate-300">Member since {memberSince(me.user.createdAt)}</p>
        </section>
        <UsernameEditor key={me.user.username} current={me.user.username} />
        <CountrySelect value={me.user.country} onChange={changeCountry} />
        <NotificationsSection />
        <ResponsiblePlaySection />
        <ChangePassword />
        <DeleteAccount />
      </div>
    </Page>
  );
};

// The player themselves comes with the guard (requireSignIn).
export const Route = createFileRoute("/profile")({
  beforeLoad: requireSignIn,
  loader: ({ context: { queryClient } }) =>
    waitForPageData(
      queryClient.ensureQueryData(notificationsQueryOptions),
      queryClient.ensureQueryData(playQueryOptions),
    ),
  component: Profile,
});
