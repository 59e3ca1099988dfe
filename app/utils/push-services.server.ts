import { lookup as dnsLookup, type LookupAddress, type LookupOneOptions } from "node:dns";
import { isIP } from "node:net";

/** Any other host is refused, so a stored endpoint can never make this server call an address of someone's choosing. */
export const DEFAULT_PUSH_SERVICE_HOSTS =
  "fcm.googleapis.com,*.push.services.mozilla.com,web.push.apple.com,*.push.apple.com,*.notify.windows.com";

export type PushService = { scheme: "https:" | "http:"; host: string; wildcard: boolean; port: string };

export const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
const ENTRY = /^(https?:\/\/)?(\*\.)?[a-z0-9.-]+(:\d{1,5})?$|^(https?:\/\/)?\[::1\](:\d{1,5})?$/i;

export function parsePushServices(value: string): PushService[] | string {
  const services: PushService[] = [];
  for (const raw of value.split(",").map((e) => e.trim().toLowerCase())) {
    if (!raw) continue;
    if (!ENTRY.test(raw)) return `"${raw.slice(0, 60)}" is not a host, *.domain or scheme://host:port`;
    const url = new URL(raw.includes("://") ? raw : `https://${raw.replace("*.", "wildcard.")}`);
    const wildcard = raw.includes("*.");
    const host = wildcard ? url.hostname.replace(/^wildcard\./, "") : url.hostname;
    if (url.protocol === "http:" && (wildcard || !LOOPBACK.test(host)))
      return `"${raw.slice(0, 60)}": plain http only to a loopback address`;
    services.push({ scheme: url.protocol as PushService["scheme"], host, wildcard, port: url.port });
  }
  return services.length ? services : "name at least one push service";
}

export function checkEndpoint(
  endpoint: unknown,
  services: readonly PushService[],
): URL | "not-an-address" | "unknown-push-service" {
  if (typeof endpoint !== "string" || endpoint.length > 1000) return "not-an-address";
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "not-an-address";
  }
  if (url.username || url.password || url.hash) return "not-an-address";
  const allowed = services.some(
    (s) =>
      s.scheme === url.protocol &&
      s.port === url.port &&
      (s.wildcard ? url.hostname.endsWith(`.${s.host}`) : url.hostname === s.host),
  );
  return allowed ? url : "unknown-push-service";
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  if (isIP(address) === 4) {
    const [a, b] = address.split(".").map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const v6 = address.toLowerCase();
  return v6 === "::" || v6 === "::1" || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || v6.startsWith("ff");
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A DNS answer must not turn an allowed name into a call inside our network; a listed IP (a test's stand-in) is the
 * one way to reach a private address. */
export function publicOnlyLookup() {
  return (hostname: string, options: LookupOneOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "");
      const list = addresses as LookupAddress[];
      if (list.length === 0 || list.some((a) => isPrivateAddress(a.address))) {
        const err: NodeJS.ErrnoException = new Error(`${hostname} resolves to a private address: refused`);
        err.code = "EPRIVATEADDRESS";
        return callback(err, "");
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
