const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const HEXTET = /^[0-9a-f]{1,4}$/;

/** The eight groups of an IPv6 address, `::` expanded, or null when it is not one. */
const ipv6Groups = (address: string): string[] | null => {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const [head = "", tail] = halves;
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...tailGroups];
  return groups.every((group) => HEXTET.test(group)) ? groups : null;
};

/**
 * The network an address stands for when accounts are compared: an IPv4 address itself, and the /64 of an IPv6
 * one, since one home or phone line gets a whole /64 and rotates addresses inside it. Null for anything else.
 */
export const ipNetwork = (ip: string | undefined | null): string | null => {
  const address = ip?.trim().toLowerCase() ?? "";
  const mapped = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (IPV4.test(mapped)) return mapped;
  const groups = ipv6Groups(address);
  if (!groups) return null;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
};
