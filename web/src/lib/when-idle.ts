/**
 * Runs `task` once the page has loaded and the main thread is next idle, so start-up work that can wait does not
 * lengthen the tasks that first show the page. Returns a cancel function.
 */
export const whenIdleAfterLoad = (task: () => void): (() => void) => {
  let cancelIdle = () => undefined as void;
  const schedule = () => {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(task);
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(task, 0);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === "complete") {
    schedule();
    return () => cancelIdle();
  }
  window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    cancelIdle();
  };
};
