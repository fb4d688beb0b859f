/** Vite's `?raw` suffix: a file's text, for tests that check configuration (the worker itself imports none). */
declare module "*?raw" {
  const text: string;
  export default text;
}
