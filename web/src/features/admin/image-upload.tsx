import { useState, type DragEvent } from "react";
import { FieldError } from "../../components/ui/field";
import { imageProblem } from "./image-checks";
import { uploadImage } from "./admin-api";

type Props = { value: string | null; onChange: (url: string | null) => void };

/** Picker and drag-and-drop; the file is uploaded at once and the form keeps only its URL. */
export const ImageUpload = ({ value, onChange }: Props) => {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);

  const accept = async (file: File | undefined, via: "picker" | "drop") => {
    if (!file) return;
    const problem = imageProblem(file, via);
    if (problem) return setError(problem);
    setError(null);
    setBusy(true);
    try {
      onChange(await uploadImage(file));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Failed to upload image. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void accept(event.dataTransfer.files[0], "drop");
  };

  return (
    <div>
      <span className="block text-sm font-medium">Image</span>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop"
        className={`mt-1 flex items-center gap-3 rounded-lg border-2 border-dashed p-3 ${dragging ? "border-brand-600 bg-brand-50 dark:bg-brand-800/20" : "border-slate-300 dark:border-slate-700"}`}
      >
        {value ? <img src={value} alt="Question preview" className="h-16 w-28 rounded object-cover" /> : null}
        <label className="cursor-pointer text-sm font-semibold text-brand-700 underline dark:text-brand-500">
          {busy ? "Uploading..." : value ? "Replace image" : "Choose or drop an image"}
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(event) => void accept(event.target.files?.[0], "picker")}
          />
        </label>
        {value ? (
          <button type="button" className="text-sm underline" onClick={() => onChange(null)}>
            Remove
          </button>
        ) : null}
      </div>
      <FieldError error={error} />
    </div>
  );
};
