import type { LoaderFunctionArgs } from "@remix-run/node";
import { accountEmail } from "~/staff/members.server";
import { requestMeta, requireAllowed, inboxStore, staffStore } from "~/staff/staff.server";

/** Everything held about one e-mail address as one JSON file (a data subject's access request):
 * its enquiries, each whole, and what an import quarantined that mentions it. Owners only; in the
 * audit log with the counts, never the address. A resource route: a page's loader cannot answer
 * with a file (Remix reads its answer as the page's data). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const owner = requireAllowed(request, context, "exportEnquiries");
  const email = accountEmail(new URL(request.url).searchParams.get("email") ?? "");
  if (!email)
    return new Response("400 Bad Request: give the e-mail address (?email=…).\n", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  const inbox = inboxStore(context);
  const tables = staffStore(context);
  const enquiries = await inbox.enquiriesOf(email);
  const quarantined = await inbox.quarantinedMentioning(email);
  await tables.audit({
    event: "export",
    outcome: "ok",
    actor: owner,
    ...requestMeta(request, context),
    detail: { kind: "subject", enquiries: enquiries.length, quarantined: quarantined.length },
  });
  const exportedAt = new Date().toISOString();
  return new Response(`${JSON.stringify({ exportedAt, email, enquiries, quarantined }, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="subject-${exportedAt.slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
