import type { LoaderFunctionArgs } from "@remix-run/node";
import { inboxStore, requireStaff } from "~/staff/staff.server";

/** The .ics a guest was sent (`<SEQUENCE>.ics`), as kept: the outbox stand-in's file an operator or a test reads. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireStaff(request, context);
  const sequence = /^(\d{1,6})\.ics$/.exec(params.file ?? "")?.[1];
  const kept = sequence
    ? (await inboxStore(context).bookingMessages(params.id ?? "")).find((m) => m.sequence === Number(sequence))
    : undefined;
  if (!kept)
    return new Response("404 Not Found: no such calendar file.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  return new Response(kept.ics, {
    headers: {
      "Content-Type": `text/calendar; charset=utf-8; method=${kept.method}`,
      "Content-Disposition": `attachment; filename="booking-${sequence}.ics"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
