import { useCallback, useEffect, useRef, useState } from "react";

/** Whether a sideways scroller has more content beyond its left and right edges, kept as it scrolls and resizes. */
export const useScrollEdges = <E extends HTMLElement>() => {
  const ref = useRef<E>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const left = element.scrollLeft > 1;
    const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setEdges((current) => (current.left === left && current.right === right ? current : { left, right }));
  }, []);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  });
  return { ref, onScroll: measure, edges };
};
