/**
 * Which spellings of an address reach one inbox. A `+tag` is dropped at every domain (Gmail, Outlook, Hotmail, Live,
 * iCloud, Proton and Fastmail deliver `name+anything` to `name`, and most hosts do the same); a few providers go
 * further. The same rules exist twice, in TypeScript for the bonus claims and in SQL for the payout-email links, and
 * mailbox.test.ts holds the two to the same answers.
 */

/** Domains that are one mailbox under another name: a Gmail, iCloud or Proton account receives at each of them. */
const SAME_MAILBOX_DOMAINS: Record<string, string> = {
  "googlemail.com": "gmail.com",
  "me.com": "icloud.com",
  "mac.com": "icloud.com",
  "protonmail.com": "proton.me",
  "protonmail.ch": "proton.me",
  "pm.me": "proton.me",
};

/** Gmail ignores dots in the local part. */
const DOTLESS_DOMAINS = ["gmail.com", "googlemail.com"];

/** Yahoo's disposable addresses are `base-keyword`; a Yahoo ID cannot contain `-`, so the base is the mailbox. */
const isYahoo = (domain: string) => domain.startsWith("yahoo.");

/** The one spelling of the inbox an address reaches: lower case, provider's tags and dots dropped, its main domain. */
export const normaliseEmail = (email: string): string => {
  const lower = email.trim().toLowerCase();
  const at = lower.indexOf("@");
  if (at < 0) return lower;
  const domain = lower.slice(at + 1);
  let local = lower.slice(0, at);
  if (DOTLESS_DOMAINS.includes(domain)) local = local.replaceAll(".", "");
  if (isYahoo(domain)) local = local.replaceAll("-", "+");
  const [untagged = ""] = local.split("+");
  return `${untagged}@${SAME_MAILBOX_DOMAINS[domain] ?? domain}`;
};

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * `normaliseEmail` as an SQL expression over a column of stored addresses (no whitespace, one `@`, as the schemas
 * accept them), for comparing addresses by mailbox inside one statement.
 */
export const mailboxSql = (column: string): string => {
  const lower = `lower(${column})`;
  const at = `instr(${column}, '@')`;
  const domain = `substr(${lower}, ${at} + 1)`;
  const local = `substr(${lower}, 1, ${at} - 1)`;
  const dotless = DOTLESS_DOMAINS.map(quoted).join(", ");
  const spelled = `(CASE WHEN ${domain} IN (${dotless}) THEN replace(${local}, '.', '')
    WHEN substr(${domain}, 1, 6) = 'yahoo.' THEN replace(${local}, '-', '+') ELSE ${local} END)`;
  const aliases = Object.entries(SAME_MAILBOX_DOMAINS)
    .map(([alias, main]) => `WHEN ${quoted(alias)} THEN ${quoted(main)}`)
    .join(" ");
  return `(substr(${spelled}, 1, instr(${spelled} || '+', '+') - 1) || '@' || (CASE ${domain} ${aliases} ELSE ${domain} END))`;
};

/**
 * Joins a request row to the rows of `table` whose address `column` reaches the same mailbox, in a form an index on
 * `column` with NOCASE answers. Every spelling of a mailbox starts with the mailbox's first character followed by its
 * second (`@` for a one-letter name) or by a dropped `+`, `-` or `.` (adjacent to `,` in ASCII: one range), so each
 * request reads two short ranges of the index, plus its own address exactly for a name that is all tag (`+x@...`);
 * only the rows in them have their mailbox worked out. CROSS JOIN keeps SQLite from scanning `table` for each
 * request instead. A row in two ranges comes twice: the links are a UNION.
 */
export const sameMailboxJoin = (
  request: { mailbox: string; address: string },
  table: string,
  alias: string,
  column: string,
) => {
  const first = `substr(${request.mailbox}, 1, 1)`;
  const second = `substr(${request.mailbox}, 2, 1)`;
  const ranges = [
    `json_array(${first} || ${second}, ${first} || char(unicode(${second}) + 1))`,
    `json_array(${first} || '+', ${first} || '/')`,
    `json_array(${request.address}, ${request.address} || char(1))`,
  ];
  const stored = `${alias}.${column}`;
  return `CROSS JOIN json_each(json_array(${ranges.join(", ")})) ${alias}_range
    CROSS JOIN ${table} ${alias} ON ${stored} >= (${alias}_range.value ->> 0) COLLATE NOCASE
      AND ${stored} < (${alias}_range.value ->> 1) COLLATE NOCASE AND ${mailboxSql(stored)} = ${request.mailbox}`;
};
