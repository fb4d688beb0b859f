import { useId, useMemo } from "react";
import { COUNTRY_CODES } from "#shared/countries";
import { FieldError } from "../../components/ui/field";
import { CountryFlag } from "./country-flag";

type Props = { value: string; onChange: (code: string) => void; error?: string | undefined; label?: string };

const useCountryOptions = () =>
  useMemo(() => {
    const names = new Intl.DisplayNames(["en"], { type: "region" });
    return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
  }, []);

/** A native select so it works with every keyboard and screen reader; the chosen country's flag sits inside it. */
export const CountrySelect = ({ value, onChange, error, label = "Country" }: Props) => {
  const id = useId();
  const options = useCountryOptions();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="relative mt-1">
        {value ? (
          <CountryFlag code={value} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2" />
        ) : null}
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`block w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 text-sm dark:border-slate-700 dark:bg-slate-950 ${value ? "pl-10" : "pl-3"}`}
        >
          <option value="">Select your country</option>
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
};
