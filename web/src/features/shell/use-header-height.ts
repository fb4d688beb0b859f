import { useEffect, type RefObject } from "react";

/** Publishes the header's height as --header-height so sticky parts of pages sit right below it. */
export const useHeaderHeight = (ref: RefObject<HTMLElement | null>) => {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) root.style.setProperty("--header-height", `${Math.round(entry.borderBoxSize[0]?.blockSize ?? 0)}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.setProperty("--header-height", "0px");
    };
  }, [ref]);
};
