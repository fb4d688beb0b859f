import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { toast } from "../../lib/toast";
import { CONTEST_DURATION_DAYS, createContestSchema, defaultContestTitle, type CreateContest } from "#shared/contests";
import { Button } from "../../components/ui/button";
import { InputField } from "../../components/ui/field";
import { ApiError, client, unwrap } from "../../lib/api";
import { fieldErrors } from "../../lib/form-errors";

type Errors = Partial<Record<keyof CreateContest, string>>;

const pad = (n: number) => String(n).padStart(2, "0");
/** The next full hour, as a datetime-local value in the admin's own time zone. */
const nextHour = () => {
  const date = new Date(Date.now() + 60 * 60 * 1000);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:00`;
};

/** A new contest: its length (3, 7 or 10 days), its start and an optional title. */
export const ContestForm = () => {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState("");
  const [durationDays, setDurationDays] = useState<number>(CONTEST_DURATION_DAYS[0]);
  const [start, setStart] = useState(nextHour);
  const [errors, setErrors] = useState<Errors>({});
  const create = useMutation({
    mutationFn: (input: CreateContest) => unwrap(client.admin.contests.$post({ json: input })),
    onSuccess: () => {
      toast.success("Contest created");
      setTitle("");
      void queryClient.invalidateQueries({ queryKey: ["admin", "contests"] });
      void queryClient.invalidateQueries({ queryKey: ["contests"] });
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : "Operation failed"),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createContestSchema.safeParse({
      title: title || undefined,
      durationDays,
      startsAt: start ? new Date(start).getTime() : undefined,
    });
    if (!parsed.success) return setErrors(fieldErrors<keyof CreateContest>(parsed.error));
    setErrors({});
    create.mutate(parsed.data);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-3 rounded-2xl border border-slate-200 p-4 sm:grid-cols-4 dark:border-slate-800"
    >
      <InputField
        label="Title"
        placeholder={defaultContestTitle(durationDays)}
        value={title}
        error={errors.title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <label className="block text-sm font-medium">
        Duration
        <select
          value={durationDays}
          onChange={(e) => setDurationDays(Number(e.target.value))}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
        >
          {CONTEST_DURATION_DAYS.map((days) => (
            <option key={days} value={days}>
              {days} days
            </option>
          ))}
        </select>
      </label>
      <InputField
        label="Starts"
        type="datetime-local"
        value={start}
        error={errors.startsAt}
        onChange={(e) => setStart(e.target.value)}
      />
      <div className="flex items-end">
        <Button type="submit" className="w-full" disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create contest"}
        </Button>
      </div>
    </form>
  );
};
