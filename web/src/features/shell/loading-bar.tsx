import { useRouterState } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { LoadingBarController } from "./loading-bar-controller";

export const LoadingBar = () => {
  const [visible, setVisible] = useState(false);
  const controller = useRef<LoadingBarController | null>(null);
  const navigating = useRouterState({ select: (state) => state.status === "pending" || state.isLoading });
  const href = useRouterState({ select: (state) => state.location.href });

  useEffect(() => {
    controller.current = new LoadingBarController(setVisible);
    return () => controller.current?.dispose();
  }, []);

  useEffect(() => {
    if (navigating) controller.current?.start();
    else controller.current?.finish();
  }, [navigating, href]);

  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      aria-hidden={!visible}
      data-testid="loading-bar"
      data-visible={visible}
      className={`pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 origin-left bg-brand-600 transition-all duration-300 ${
        visible ? "scale-x-75 opacity-100" : "scale-x-100 opacity-0"
      }`}
    />
  );
};
