import { useId, useMemo } from "react";
import { COUNTRY_CODES } from "#shared/countries";
import { flagEmoji } from "./country-flag";

type Props = { value: string; onChange: (code: string) => void; error?: string | undefined; label?: string };

const useCountryOptions = () =>
  useMemo(() => {
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name));
  }, []);

/** A native select so it works with every keyboard and screen reader; flags are emoji inside the options. */
export const CountrySelect = ({ value, onChange, error, label = "Country" }: Props) => {
  const id = useId();
  const options = useCountryOptions();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-950"
      >
        <option value="">Select your country</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {flagEmoji(option.code)} {option.name}
          </option>
        ))}
      </select>
      {error ? <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">{error}</p> : null}
    </div>
  );
};
