import { isIP } from "node:net";

/** The client's address: from the trusted proxy header when one is configured, else the
 * socket's address. For a list header (X-Forwarded-For) the right-most entry: the one the
 * trusted proxy appended; the entries to its left are whatever the client sent. A single-value
 * header (CF-Connecting-IP, X-Real-IP) is its one entry. A value that is not an address counts
 * as the socket's (the proxy's) rather than as a key the client could vary. */
export function clientAddress(
  request: { headers: { get(name: string): string | null } },
  socketAddress: string | undefined,
  trustedHeader?: string,
): string {
  if (trustedHeader) {
    const last = request.headers.get(trustedHeader)?.split(",").at(-1)?.trim();
    const address = last ? addressOf(last) : undefined;
    if (address) return address;
  }
  return (socketAddress && addressOf(socketAddress)) || socketAddress || "unknown";
}

/** An IP address as a rate-limit key: IPv4 as it is (IPv4-mapped IPv6 too), IPv6 by its /64,
 * the block one subscriber gets, so that rotating addresses within it does not dodge the limit.
 * A port or brackets around it are dropped. Undefined when it is not an address. */
function addressOf(value: string): string | undefined {
  let candidate = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(candidate);
  if (bracketed) candidate = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(candidate)) candidate = candidate.slice(0, candidate.lastIndexOf(":"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(candidate);
  if (mapped) candidate = mapped[1]!;
  const kind = isIP(candidate);
  if (kind === 4) return candidate;
  if (kind !== 6) return undefined;
  // Expand "::" to the full eight groups, keep the first four.
  const [head = "", tail = ""] = candidate.toLowerCase().split("::");
  const groups = head ? head.split(":") : [];
  const rest = candidate.includes("::") ? (tail ? tail.split(":") : []) : [];
  const full = [...groups, ...Array(8 - groups.length - rest.length).fill("0"), ...rest];
  return `${full
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
