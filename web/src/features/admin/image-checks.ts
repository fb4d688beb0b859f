export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The client-side messages; the server checks the bytes again. */
export const imageProblem = (file: File, via: "picker" | "drop"): string | null => {
  if (!file.type.startsWith("image/"))
    return via === "drop" ? "Please drop an image file" : "Please select an image file";
  if (file.size >= IMAGE_MAX_BYTES) return "Image size must be less than 5MB";
  return null;
};
