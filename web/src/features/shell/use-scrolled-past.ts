import { useEffect, useState } from "react";

export const useScrolledPast = (threshold: number) => {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    // The first read waits for the next frame: read during the commit, scrollY forces a layout of the page just
    // rendered inside that (already long) task.
    const frame = requestAnimationFrame(update);
    window.addEventListener("scroll", update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update);
    };
  }, [threshold]);
  return past;
};
