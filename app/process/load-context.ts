import type { Wiring } from "./wire.server";

/** What server/app.ts passes to every loader and action: the process's parts and the request's; staff adds its member. */
declare module "@remix-run/node" {
  interface AppLoadContext {
    wiring: Wiring;
    clientAddress?: string;
    requestId?: string;
    cspNonce?: string;
    enquiryAnswer?: unknown;
  }
}

export {};
