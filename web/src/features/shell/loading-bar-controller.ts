import { LOADING_BAR_AUTO_HIDE_MS, LOADING_BAR_MIN_MS, LOADING_BAR_SETTLE_MS } from "../../lib/constants";

type Timers = {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const browserTimers: Timers = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/**
 * The navigation bar's timing rules: shows when navigation starts, hides about 50 ms after the route
 * changes but never before it has been visible 200 ms, and hides by itself after 3 s.
 */
export class LoadingBarController {
  private shownAt = 0;
  private visible = false;
  private hideTimer: unknown = null;
  private autoHideTimer: unknown = null;

  constructor(
    private readonly onChange: (visible: boolean) => void,
    private readonly timers: Timers = browserTimers,
  ) {}

  start() {
    this.clearTimers();
    if (!this.visible) {
      this.visible = true;
      this.shownAt = this.timers.now();
      this.onChange(true);
    }
    this.autoHideTimer = this.timers.setTimeout(() => this.hide(), LOADING_BAR_AUTO_HIDE_MS);
  }

  finish() {
    if (!this.visible) return;
    const shownFor = this.timers.now() - this.shownAt;
    const wait = Math.max(LOADING_BAR_SETTLE_MS, LOADING_BAR_MIN_MS - shownFor);
    if (this.hideTimer !== null) this.timers.clearTimeout(this.hideTimer);
    this.hideTimer = this.timers.setTimeout(() => this.hide(), wait);
  }

  dispose() {
    this.clearTimers();
  }

  private hide() {
    this.clearTimers();
    if (!this.visible) return;
    this.visible = false;
    this.onChange(false);
  }

  private clearTimers() {
    if (this.hideTimer !== null) this.timers.clearTimeout(this.hideTimer);
    if (this.autoHideTimer !== null) this.timers.clearTimeout(this.autoHideTimer);
    this.hideTimer = null;
    this.autoHideTimer = null;
  }
}
