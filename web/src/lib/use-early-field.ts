import { useLayoutEffect, useRef } from "react";

/**
 * A field the worker drew into a visitor's /home works before the app has loaded: the player can type in it or
 * choose another option. React takes such an element over as it is (the element keeps what the player chose) but
 * starts from its own state, so the screen would show a choice the page does not follow. At the first commit the
 * element's value is adopted when it differs from the one React drew; any later commit finds them equal, since React
 * writes the value itself from then on.
 */
export const useEarlyField = <E extends HTMLInputElement | HTMLSelectElement>(
  drawn: string,
  adopt: (value: string) => void,
) => {
  const element = useRef<E>(null);
  const firstCommit = useRef({ drawn, adopt });
  useLayoutEffect(() => {
    const shown = element.current?.value;
    if (shown !== undefined && shown !== firstCommit.current.drawn) firstCommit.current.adopt(shown);
  }, []);
  return element;
};
