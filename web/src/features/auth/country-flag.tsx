/** The custom flag images; every other country shows its emoji flag. */
const IMAGE_FLAGS = new Set(["US", "CA", "AU", "GB", "NG", "MY"]);

const REGIONAL_INDICATOR_A = 0x1f1e6;

export const flagEmoji = (code: string) =>
  String.fromCodePoint(...[...code.toUpperCase()].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65));

export const CountryFlag = ({ code, className = "" }: { code: string; className?: string }) =>
  IMAGE_FLAGS.has(code) ? (
    <img src={`/flags/${code.toLowerCase()}.svg`} alt="" width={20} height={14} className={`inline-block h-3.5 w-5 rounded-sm object-cover ${className}`} />
  ) : (
    <span aria-hidden="true" className={className}>{flagEmoji(code)}</span>
  );
