import type { PushKeys } from "~/store/push.server";
import type { PushPart } from "~/store/push-part.server";
import { contactDetailsFrom, type Env } from "~/utils/env-schema.server";
import { parsePushServices, type PushService } from "~/utils/push-services.server";

export type PushSettings = {
  enabled: boolean;
  services: readonly PushService[];
  /** VAPID's subject: where a push service's operator can reach us. */
  subject: string;
  configuredKeys?: PushKeys;
  maxDevices: number;
  confirmMs: number;
  /** A call to a push service, queued alert or test alike. */
  timeoutMs: number;
};

export function pushSettingsFrom(env: Env): PushSettings {
  const services = parsePushServices(env.PUSH_SERVICE_HOSTS);
  return {
    enabled: env.PUSH_ENABLED,
    // The env gate refused a list it could not read, so a string cannot happen here.
    services: typeof services === "string" ? [] : services,
    subject: `mailto:${contactDetailsFrom(env).email}`,
    configuredKeys:
      env.PUSH_VAPID_PUBLIC_KEY && env.PUSH_VAPID_PRIVATE_KEY
        ? { publicKey: env.PUSH_VAPID_PUBLIC_KEY, privateKey: env.PUSH_VAPID_PRIVATE_KEY }
        : undefined,
    maxDevices: env.PUSH_MAX_DEVICES,
    confirmMs: env.PUSH_CONFIRM_MINUTES * 60_000,
    timeoutMs: env.DELIVERY_TIMEOUT_MS,
  };
}

/** The site's VAPID keys, read (or made) once; asked again after a failure: the database may be back. */
export function keysOnce(push: () => Pick<PushPart, "keys">, settings: PushSettings): () => Promise<PushKeys> {
  let keys: Promise<PushKeys> | undefined;
  return () =>
    (keys ??= push()
      .keys(settings.configuredKeys)
      .catch((error: unknown) => {
        keys = undefined;
        throw error;
      }));
}
