/** What server/index.ts passes to every loader and action (the staff area adds the signed-in
 * member: app/staff/session.server.ts). */
declare module "@remix-run/node" {
  interface AppLoadContext {
    clientAddress?: string;
    requestId?: string;
    cspNonce?: string;
    /** The contact action's answer, when the server has already run it (server/answer-first.ts). */
    enquiryAnswer?: unknown;
  }
}

export {};
