type SeedQuestion = {
  title: string;
  sport: string;
  hours: number;
  cost: number;
  type?: "standard" | "over_under" | "custom";
  options?: readonly [string, string];
  props?: boolean;
  image?: string;
  custom?: string;
};

const ou = { type: "over_under", options: ["Over", "Under"] } as const;

/** Demo questions; deadlines are hours from now so the local feed is never empty. */
export const SEED_QUESTIONS: SeedQuestion[] = [
  {
    title: "Will the Chiefs beat the Bills by more than 3 points?",
    sport: "NFL",
    hours: 5,
    cost: 5,
    image: "football",
  },
  {
    title: "Total points in Eagles vs Cowboys: over 47.5?",
    sport: "NFL",
    hours: 29,
    cost: 3,
    ...ou,
    image: "football",
  },
  { title: "Patrick Mahomes passing yards: over 275.5?", sport: "NFL", hours: 6, cost: 4, ...ou, props: true },
  { title: "Will the 49ers score a touchdown on their opening drive?", sport: "NFL", hours: 52, cost: 0 },
  {
    title: "Who wins Ravens vs Steelers?",
    sport: "NFL",
    hours: 76,
    cost: 2,
    type: "custom",
    options: ["Ravens", "Steelers"],
  },
  { title: "Will the Lakers beat the Celtics tonight?", sport: "NBA", hours: 3, cost: 2, image: "basketball" },
  {
    title: "Nikola Jokic points + rebounds + assists: over 49.5?",
    sport: "NBA",
    hours: 8,
    cost: 3,
    ...ou,
    props: true,
    image: "basketball",
  },
  { title: "Stephen Curry made threes: over 4.5?", sport: "NBA", hours: 27, cost: 2, ...ou, props: true },
  { title: "Will the Knicks win by double digits against the Heat?", sport: "NBA", hours: 30, cost: 1 },
  { title: "Will any NBA game tonight go to overtime?", sport: "NBA", hours: 10, cost: 0 },
  { title: "Will the Dodgers win Game 1 of the series?", sport: "MLB", hours: 26, cost: 3, image: "baseball" },
  { title: "Total runs in Yankees vs Red Sox: over 8.5?", sport: "MLB", hours: 50, cost: 2, ...ou, image: "baseball" },
  { title: "Shohei Ohtani home runs: over 0.5?", sport: "MLB", hours: 51, cost: 5, ...ou, props: true },
  { title: "Will the Oilers beat the Maple Leafs in regulation?", sport: "NHL", hours: 4, cost: 2, image: "hockey" },
  { title: "Total goals in Rangers vs Bruins: over 5.5?", sport: "NHL", hours: 28, cost: 1, ...ou, image: "hockey" },
  { title: "Connor McDavid points: over 1.5?", sport: "NHL", hours: 7, cost: 2, ...ou, props: true },
  { title: "Will Arsenal beat Chelsea at the Emirates?", sport: "Soccer", hours: 20, cost: 3, image: "soccer" },
  { title: "Both teams to score in Real Madrid vs Barcelona?", sport: "Soccer", hours: 44, cost: 2, image: "soccer" },
  { title: "Total goals in Liverpool vs Manchester City: over 2.5?", sport: "Soccer", hours: 68, cost: 2, ...ou },
  { title: "Will Erling Haaland score anytime?", sport: "Soccer", hours: 69, cost: 0, props: true, ...ou },
  { title: "Will Carlos Alcaraz win in straight sets?", sport: "Tennis", hours: 12, cost: 2, image: "tennis" },
  {
    title: "Total games in Sinner vs Djokovic: over 38.5?",
    sport: "Tennis",
    hours: 36,
    cost: 1,
    ...ou,
    image: "tennis",
  },
  { title: "Will Scottie Scheffler finish in the top 5?", sport: "Golf", hours: 90, cost: 3 },
  { title: "Will the main event end by knockout?", sport: "MMA", hours: 100, cost: 2 },
  {
    title: "Who wins the title fight?",
    sport: "Boxing",
    hours: 120,
    cost: 4,
    type: "custom",
    options: ["Champion", "Challenger"],
  },
  { title: "Will Max Verstappen take pole position?", sport: "F1", hours: 46, cost: 2 },
  { title: "Will Alabama cover the spread against Auburn?", sport: "NCAA Football", hours: 72, cost: 2 },
  { title: "Will Duke score over 80 points against UNC?", sport: "NCAA Basketball", hours: 31, cost: 1, ...ou },
  { title: "Will India beat Australia in the first Test?", sport: "Cricket", hours: 140, cost: 2 },
  { title: "Will the All Blacks win by more than 10 points?", sport: "Rugby", hours: 96, cost: 1 },
  {
    title: "Which will be higher tonight: total NBA points or total NHL goals x 40?",
    sport: "Mixed Sports",
    hours: 11,
    cost: 1,
    type: "custom",
    options: ["NBA points", "NHL goals x 40"],
  },
  { title: "Will a rookie win Rookie of the Week honours?", sport: "NFL", hours: 80, cost: 0, custom: "Awards" },
];
