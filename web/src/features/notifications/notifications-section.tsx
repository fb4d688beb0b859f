import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import {
  currentSubscription,
  pushSupport,
  PushRefused,
  resendSubscription,
  turnOffPush,
  turnOnPush,
} from "./browser-push";
import { chooseTopics, notificationsQueryOptions, type NotificationsView, type Topics } from "./notifications-api";

const TOPICS: { topic: keyof Topics; label: string }[] = [
  { topic: "picks", label: "A pick settles: won, lost or voided" },
  { topic: "streaks", label: "A correction changes my streak" },
  { topic: "redemptions", label: "A redemption is fulfilled or not approved" },
  { topic: "contests", label: "My result in a contest" },
];

const failure = (error: unknown) =>
  error instanceof ApiError || error instanceof PushRefused
    ? error.message
    : "Notifications could not be turned on in this browser.";

/** This device's on/off switch (asking the browser's permission only when the player asks) and the topics, shared by every device. */
export const NotificationsSection = () => {
  const queryClient = useQueryClient();
  const { data: view } = useQuery(notificationsQueryOptions);
  const [support, setSupport] = useState(pushSupport);
  const [onHere, setOnHere] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  const store = (next: NotificationsView | null) => {
    if (next) queryClient.setQueryData(notificationsQueryOptions.queryKey, next);
  };

  useEffect(() => {
    if (support === "unsupported") return;
    void currentSubscription().then(
      (subscription) => {
        setOnHere(subscription !== null);
        // "On" here must mean the server has it too: send it again (an upsert), and show the devices it then counts.
        void resendSubscription(subscription).then((next) => {
          if (next) queryClient.setQueryData(notificationsQueryOptions.queryKey, next);
        });
      },
      () => setOnHere(false),
    );
  }, [support, queryClient]);

  const toggle = async () => {
    if (!view) return;
    setBusy(true);
    try {
      if (onHere) {
        store(await turnOffPush());
        setOnHere(false);
        toast.success("Notifications are off on this device");
      } else {
        store(await turnOnPush(view.publicKey));
        setOnHere(true);
        toast.success("Notifications are on");
      }
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setSupport(pushSupport());
      setBusy(false);
    }
  };

  const choose = async (topic: keyof Topics, value: boolean) => {
    try {
      store(await chooseTopics({ [topic]: value }));
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "Please try again");
    }
  };

  if (!view) return null;
  return (
    <section className="space-y-3" aria-labelledby="notifications-title">
      <div>
        <h2 id="notifications-title" className="text-base font-semibold">
          Notifications
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Hear the moment a pick settles, even with the app closed.
          {view.devices > 0 ? ` On for ${view.devices} ${view.devices === 1 ? "device" : "devices"}.` : ""}
        </p>
      </div>
      {support === "unsupported" ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          This browser can't show notifications. On an iPhone or iPad, add Pickstreak to your Home Screen first.
        </p>
      ) : support === "blocked" ? (
        <p
          role="status"
          className="rounded-lg bg-amber-100 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
        >
          Notifications are blocked in this browser's settings. Allow them for this site, then come back here.
        </p>
      ) : (
        <Button
          variant={onHere ? "secondary" : "primary"}
          disabled={busy || onHere === null}
          onClick={() => void toggle()}
        >
          {busy ? "Saving..." : onHere ? "Turn off on this device" : "Turn on notifications"}
        </Button>
      )}
      <fieldset className="space-y-1">
        <legend className="text-sm font-semibold">Tell me when</legend>
        {TOPICS.map(({ topic, label }) => (
          <label key={topic} className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="size-5 accent-brand-600"
              checked={view.topics[topic]}
              onChange={(event) => void choose(topic, event.target.checked)}
            />
            {label}
          </label>
        ))}
      </fieldset>
    </section>
  );
};
