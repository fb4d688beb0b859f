import { House, Menu, Trophy, Zap } from "lucide-react";

/** The bottom bar's icons, from the app's one icon set (SVG, the same on every device whatever its fonts). */
const SIZE = { size: 22, "aria-hidden": true } as const;

export const HomeIcon = () => <House {...SIZE} />;

export const ActivityIcon = () => <Zap {...SIZE} />;

export const StandingsIcon = () => <Trophy {...SIZE} />;

export const MoreIcon = () => <Menu {...SIZE} />;
