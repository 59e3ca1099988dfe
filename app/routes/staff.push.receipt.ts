import type { ActionFunctionArgs } from "@remix-run/node";
import { readForm, staffForm } from "~/staff/form.server";
import { acceptReceipt, ReceiptForm } from "~/staff/push-devices.server";
import { pushStore } from "~/staff/staff.server";
import { pushReceipts } from "~/utils/metrics.server";

const answer = (status: number) => new Response(null, { status, headers: { "Cache-Control": "no-store" } });

/** A staff device's receipt for an alert it showed (its service worker posts it): open without a
 * session (a phone's may have ended overnight), proved instead by the token that came inside the
 * alert's encrypted payload. A forged one (another person's device, a guessed token) is refused
 * with 403 and changes nothing. */
export async function action({ request, context }: ActionFunctionArgs) {
  const read = readForm(await staffForm(request), ReceiptForm);
  if (!read.ok) {
    pushReceipts.inc({ result: "refused" });
    return answer(400);
  }
  const outcome = await acceptReceipt(pushStore(context), await context.wiring.push.keys(), read.value);
  pushReceipts.inc({ result: outcome });
  return answer(outcome === "refused" ? 403 : 204);
}

export const loader = () => answer(405);
