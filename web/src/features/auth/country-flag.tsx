import { countryFlagUrl } from "#shared/countries";

/** Every country's flag is an SVG of our own assets (built from country-flag-icons), the same on every device. */
export const CountryFlag = ({ code, className = "" }: { code: string; className?: string }) => (
  <img
    src={countryFlagUrl(code)}
    alt=""
    width={20}
    height={14}
    className={`inline-block h-3.5 w-5 rounded-sm object-cover ${className}`}
  />
);
