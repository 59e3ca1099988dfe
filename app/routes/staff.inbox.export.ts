import type { LoaderFunctionArgs } from "@remix-run/node";
import { EXPORT_TYPES, exportFilename, exportStream, type ExportFormat } from "~/staff/inbox/export.server";
import { parseInboxFilter } from "~/store/inbox-filter.server";
import { requestMeta, requireAllowed, inboxStore, staffStore } from "~/staff/staff.server";

/** The current filter as a file: CSV (RFC 4180, UTF-8 with a byte-order mark, every cell quoted,
 * formula cells neutralised for any separator) or JSON lines; streamed, named with the day; in
 * the audit log (which filters, never their values: a search may be a person's name). Owners
 * only: a file of everyone's personal data leaves the door with whoever downloads it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requireAllowed(request, context, "exportEnquiries");
  const search = new URL(request.url).searchParams;
  const format: ExportFormat = search.get("format") === "jsonl" ? "jsonl" : "csv";
  const filter = parseInboxFilter(search);
  const inbox = inboxStore(context);
  const tables = staffStore(context);
  await tables.audit({
    event: "export",
    outcome: "ok",
    actor: staff,
    ...requestMeta(request, context),
    detail: {
      format,
      filters:
        Object.entries(filter)
          .filter(([, v]) => v)
          .map(([k]) => k)
          .join(",") || "none",
    },
  });
  return new Response(exportStream(inbox.exportRows(filter), format), {
    headers: {
      "Content-Type": EXPORT_TYPES[format],
      "Content-Disposition": `attachment; filename="${exportFilename(format)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
