import type { ActionFunctionArgs } from "@remix-run/node";
import { passkeyCeremony } from "~/staff/ceremonies.server";

/** The passkey ceremonies' endpoint (app/staff/ceremonies.server.ts): POST only. */
export const action = ({ request, context }: ActionFunctionArgs) => passkeyCeremony(request, context);

export const loader = () =>
  new Response("405 Method Not Allowed\n", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain" } });
