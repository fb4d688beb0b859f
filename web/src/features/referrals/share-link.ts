import { toast } from "../../lib/toast";

export const copyLink = async (link: string) => {
  try {
    await navigator.clipboard.writeText(link);
    toast.success("Link copied to clipboard!");
  } catch {
    toast.error("Failed to copy link");
  }
};

export const canShare = () => typeof navigator.share === "function";

/** The system share sheet where there is one; dismissing it is not an error. */
export const shareReferralLink = async (link: string) => {
  try {
    await navigator.share({
      title: "Join me on Pickstreak",
      text: "Sign up with my link and get free credits to make picks.",
      url: link,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return;
    await copyLink(link);
  }
};
