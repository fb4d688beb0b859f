import type { ReactNode } from "react";

/** Line drawings on a 24-unit grid, stroked in the text colour like the app's other icons. */
const DRAWINGS: Record<string, ReactNode> = {
  basketball: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3v18M5.6 5.6c3 3 3 9.8 0 12.8M18.4 5.6c-3 3-3 9.8 0 12.8" />
    </>
  ),
  football: (
    <>
      <ellipse cx="12" cy="12" rx="10" ry="6" transform="rotate(-45 12 12)" />
      <path d="M9 15l6-6M10 11l1 1M12 9l1 1M11 13l1 1M13 11l1 1" />
    </>
  ),
  baseball: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M6 5.2c2.4 3.8 2.4 9.8 0 13.6M18 5.2c-2.4 3.8-2.4 9.8 0 13.6" />
    </>
  ),
  soccer: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8l3.4 2.5-1.3 4h-4.2l-1.3-4zM12 8V3.5M15.4 10.5l4.2-1.4M14.1 14.5l2.6 3.6M9.9 14.5l-2.6 3.6M8.6 10.5L4.4 9.1" />
    </>
  ),
  hockey: (
    <>
      <path d="M15 3l-6 14a3 3 0 0 1-2.7 2H3v-3h3l6-13" />
      <ellipse cx="17.5" cy="18" rx="3.5" ry="1.5" />
    </>
  ),
  tennis: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M5.6 5.6a9 9 0 0 1 0 12.8M18.4 5.6a9 9 0 0 0 0 12.8" />
    </>
  ),
  boxing: (
    <>
      <path d="M7 11V7a4 4 0 0 1 4-4h3a4 4 0 0 1 4 4v5a5 5 0 0 1-5 5h-3a3 3 0 0 1-3-3z" />
      <path d="M7 11h4a2 2 0 0 0 0-4M8 17v4h8v-4" />
    </>
  ),
  cricket: (
    <>
      <path d="M4 20l9-9M11 9l4-4 4 4-4 4z" />
      <circle cx="6" cy="7" r="2" />
    </>
  ),
  racing: (
    <>
      <path d="M5 21V4M5 4h14v9H5" />
      <path d="M5 4h3.5v3H5zM12 4h3.5v3H12zM8.5 7H12v3H8.5zM15.5 7H19v3h-3.5zM5 10h3.5v3H5zM12 10h3.5v3H12z" />
    </>
  ),
  golf: (
    <>
      <path d="M12 18V3l7 3.5-7 3.5" />
      <ellipse cx="12" cy="19" rx="6" ry="2" />
    </>
  ),
  trophy: (
    <>
      <path d="M8 4h8v5a4 4 0 0 1-8 0zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 21h8M9 17h6v4H9z" />
    </>
  ),
};

/** Category names as admins write them, to the drawing of their sport; anything else is a trophy. */
const SPORTS: [RegExp, keyof typeof DRAWINGS][] = [
  [/nba|wnba|basket/i, "basketball"],
  [/nfl|ncaaf|american football|super bowl/i, "football"],
  [/mlb|baseball/i, "baseball"],
  [/soccer|football|premier|liga|mls|uefa|fifa|world cup|bundesliga|serie a/i, "soccer"],
  [/nhl|hockey/i, "hockey"],
  [/tennis|atp|wta|wimbledon/i, "tennis"],
  [/box|mma|ufc|fight/i, "boxing"],
  [/cricket|ipl/i, "cricket"],
  [/f1|formula|racing|nascar|indy|motogp/i, "racing"],
  [/golf|pga|masters/i, "golf"],
];

export const sportOf = (category: string | null) =>
  SPORTS.find(([pattern]) => category !== null && pattern.test(category))?.[1] ?? "trophy";

/** The drawing of a question's sport, for a card without a picture of its own. */
export const SportIcon = ({ category, size = 24 }: { category: string | null; size?: number }) => (
  <svg
    viewBox="0 0 24 24"
    width={size}
    height={size}
    fill="none"
    stroke="currentColor"
    strokeWidth={1.75}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    data-sport={sportOf(category)}
  >
    {DRAWINGS[sportOf(category)]}
  </svg>
);
