import { useState, type FormEvent } from "react";
import { toast } from "../../lib/toast";
import { Button } from "../../components/ui/button";
import { InputField } from "../../components/ui/field";
import { ApiError } from "../../lib/api";
import { useUpdateProfile } from "./use-update-profile";

const EMPTY_MESSAGE = "Username cannot be empty. Reverted to previous name.";
const PROFANE_TITLE = "Inappropriate Content Detected";

export const UsernameEditor = ({ current }: { current: string }) => {
  const [value, setValue] = useState(current);
  const update = useUpdateProfile();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    if (!next) {
      setValue(current);
      toast.error(EMPTY_MESSAGE);
      return;
    }
    if (next === current) return;
    try {
      await update.mutateAsync({ username: next });
      toast.success("Username updated");
    } catch (error) {
      setValue(current);
      if (error instanceof ApiError && error.message === PROFANE_TITLE) {
        toast.error(PROFANE_TITLE, {
          description: "Usernames must be appropriate and respectful. Please choose a different name.",
        });
      } else {
        toast.error(error instanceof ApiError ? error.message : "Please try again");
      }
    }
  };

  return (
    <form onSubmit={save} className="flex items-end gap-2">
      <div className="flex-1">
        <InputField label="Username" value={value} maxLength={20} onChange={(e) => setValue(e.target.value)} />
      </div>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? "Saving..." : "Save"}
      </Button>
    </form>
  );
};
