import type { ReactNode } from "react";

/** Outline icons drawn inline: emoji glyphs depend on the device's fonts and some phones show empty boxes. */
const Icon = ({ children }: { children: ReactNode }) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    {children}
  </svg>
);

export const HomeIcon = () => <Icon><path d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" /></Icon>;

export const ActivityIcon = () => <Icon><path d="M13 2 4 14h7l-1 8 9-12h-7z" /></Icon>;

export const StandingsIcon = () => (
  <Icon><path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3" /></Icon>
);

export const MoreIcon = () => <Icon><path d="M4 6h16M4 12h16M4 18h16" /></Icon>;
