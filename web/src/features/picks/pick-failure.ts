import { ApiError } from "../../lib/api";

export type PickFailureNotice = { title: string; description?: string };

/** The player's wording for every way a pick can fail but a lost session: a titled toast, never a bare "Error" when the reason is known. */
export const pickFailureNotice = (error: unknown): PickFailureNotice => {
  if (error instanceof ApiError && error.details.isDuplicate)
    return { title: "Pick Already Submitted", description: "You have already made a pick for this question" };
  if (error instanceof ApiError && error.status === 402) return { title: "Insufficient credits to submit pick" };
  if (error instanceof ApiError && error.details.field === "limit")
    return { title: "Limit Reached", description: error.message };
  return { title: "Error", description: error instanceof ApiError ? error.message : "Failed to submit pick" };
};
