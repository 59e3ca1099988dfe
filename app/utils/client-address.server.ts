import { isIP } from "node:net";

/** X-Forwarded-For's right-most entry is the one the trusted proxy appended; those left of it are the client's to
 * choose. Not an address: the socket's, never a key the client could vary. */
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

/** IPv6 by its /64, one subscriber's block, so rotating addresses within it does not dodge the limit. */
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
  const [head = "", tail = ""] = candidate.toLowerCase().split("::");
  const groups = head ? head.split(":") : [];
  const rest = candidate.includes("::") ? (tail ? tail.split(":") : []) : [];
  const full = [...groups, ...Array(8 - groups.length - rest.length).fill("0"), ...rest];
  return `${full
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
