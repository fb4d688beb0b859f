const state = globalThis as { testFile?: number };

/** Called by the setup before each test file: the files share one runtime, so module state outlives the file. */
export const startTestFile = () => {
  state.testFile = (state.testFile ?? 0) + 1;
};

/** A value made once per test file, such as a fixture's row, which the next file's fresh databases no longer hold. */
export const perTestFile = <T>(make: () => Promise<T>) => {
  let made: { file: number; value: Promise<T> } | undefined;
  return () => {
    const file = state.testFile ?? 0;
    if (made?.file !== file) made = { file, value: make() };
    return made.value;
  };
};
