/** What server/index.ts passes to every loader and action; staff adds its member. */
declare module "@remix-run/node" {
  interface AppLoadContext {
    clientAddress?: string;
    requestId?: string;
    cspNonce?: string;
    enquiryAnswer?: unknown;
  }
}

export {};
