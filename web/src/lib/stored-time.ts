/** A moment kept on the device (milliseconds), or null when none is kept or storage cannot be read. */
export const readStoredTime = (key: string): number | null => {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
};

/** Keeps a moment on the device; without storage it is simply not kept, and what depends on it shows again. */
export const storeTime = (key: string, at: number) => {
  try {
    localStorage.setItem(key, String(at));
  } catch {
    // Nothing to do: the reader finds no moment, as on a first visit.
  }
};
