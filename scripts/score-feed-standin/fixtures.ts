/** Upcoming matches for the seeded questions' sports, starting this many hours after the stand-in starts. */
export const FIXTURES = [
  { id: "nfl-chiefs-bills", sport: "NFL", home: "Kansas City Chiefs", away: "Buffalo Bills", hours: 5 },
  { id: "nfl-eagles-cowboys", sport: "NFL", home: "Philadelphia Eagles", away: "Dallas Cowboys", hours: 29 },
  { id: "nfl-ravens-steelers", sport: "NFL", home: "Baltimore Ravens", away: "Pittsburgh Steelers", hours: 76 },
  { id: "nba-lakers-celtics", sport: "NBA", home: "Los Angeles Lakers", away: "Boston Celtics", hours: 3 },
  { id: "nba-knicks-heat", sport: "NBA", home: "New York Knicks", away: "Miami Heat", hours: 30 },
  { id: "mlb-dodgers-padres", sport: "MLB", home: "Los Angeles Dodgers", away: "San Diego Padres", hours: 26 },
  { id: "mlb-yankees-red-sox", sport: "MLB", home: "New York Yankees", away: "Boston Red Sox", hours: 50 },
  { id: "nhl-oilers-maple-leafs", sport: "NHL", home: "Edmonton Oilers", away: "Toronto Maple Leafs", hours: 4 },
  { id: "nhl-rangers-bruins", sport: "NHL", home: "New York Rangers", away: "Boston Bruins", hours: 28 },
  { id: "soccer-arsenal-chelsea", sport: "Soccer", home: "Arsenal", away: "Chelsea", hours: 20 },
  { id: "soccer-real-madrid-barcelona", sport: "Soccer", home: "Real Madrid", away: "Barcelona", hours: 44 },
  { id: "soccer-liverpool-man-city", sport: "Soccer", home: "Liverpool", away: "Manchester City", hours: 68 },
  { id: "ncaab-duke-unc", sport: "NCAA Basketball", home: "Duke", away: "North Carolina", hours: 31 },
] as const;
