import { toast } from "../../lib/toast";

export const questionLink = (id: string) => `${window.location.origin}/home?q=${encodeURIComponent(id)}`;

export const shareQuestion = async (id: string) => {
  try {
    await navigator.clipboard.writeText(questionLink(id));
    toast.success("Link copied to clipboard!");
  } catch {
    toast.error("Failed to copy link");
  }
};
