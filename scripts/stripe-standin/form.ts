/** Stripe's request encoding: `a[b][0][c]=v` form fields (and query strings) into nested objects. */

export type FormValue = string | FormObject;
export type FormObject = { [key: string]: FormValue };

export const decodeForm = (encoded: string): FormObject => {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = key.replaceAll("]", "").split("[");
    let node = root;
    path.forEach((segment, index) => {
      const name = segment === "" ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      node = typeof next === "object" ? next : (node[name] = {});
    });
  }
  return root;
};

export const text = (value: FormValue | undefined): string | undefined =>
  typeof value === "string" ? value : undefined;

export const object = (value: FormValue | undefined): FormObject => (typeof value === "object" ? value : {});

/** Indexed fields (`items[0]`, `items[1]`) in index order. */
export const list = (value: FormValue | undefined): FormObject[] =>
  Object.entries(object(value))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, item]) => object(item));

export const integer = (value: FormValue | undefined): number | undefined => {
  const raw = text(value);
  return raw !== undefined && /^-?\d+$/.test(raw) ? Number(raw) : undefined;
};

/** Metadata as Stripe stores it: a flat map of strings. */
export const metadata = (value: FormValue | undefined): Record<string, string> =>
  Object.fromEntries(
    Object.entries(object(value)).flatMap(([key, item]) => (typeof item === "string" ? [[key, item]] : [])),
  );
