import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { INBOX } from "~/i18n/inbox";
import { accountEmail } from "~/staff/members.server";
import { requestMeta, requireAllowed, inboxStore, staffStore } from "~/staff/staff.server";
import { staffMeta, staffTime, staffTitle, useStaffFrame } from "~/staff/ui/staff-route";
import { staffFormAs } from "~/staff/form.server";

/** Everything held about one e-mail address (a data subject's access request): the enquiries
 * found, the JSON file of them (staff.inbox.subject.download.ts), erasure. Owners only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAllowed(request, context, "exportEnquiries");
  const search = new URL(request.url).searchParams;
  const email = accountEmail(search.get("email") ?? "");
  // The address this page's download link had before it was a route of its own.
  if (email && search.get("download") === "1") throw redirect(subjectDownload(email), 303);
  const inbox = inboxStore(context);
  const enquiries = email ? await inbox.enquiriesOf(email) : [];
  const quarantined = email ? await inbox.quarantinedMentioning(email) : [];
  return {
    email: email ?? "",
    asked: search.has("email"),
    quarantined: quarantined.length,
    enquiries: enquiries.map((e) => ({
      id: e.id,
      reference: e.reference,
      receivedAt: e.receivedAt,
      followUp: e.followUp,
      category: e.category,
    })),
  };
}

const subjectDownload = (email: string) => `/staff/inbox/subject/download?email=${encodeURIComponent(email)}`;

/** The one thing this page's form does: erase, the address typed again to confirm. */
const EraseSubject = z.object({ email: z.string().max(300), confirm: z.string().max(300) });

/** Erases every enquiry from the address (confirmed by typing it again). */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = requireAllowed(request, context, "exportEnquiries");
  const asked = await staffFormAs(request, EraseSubject);
  const email = accountEmail(asked.email);
  const confirm = accountEmail(asked.confirm);
  if (!email || confirm !== email) return data({ error: "confirm" as const }, { status: 400 });
  const inbox = inboxStore(context);
  const tables = staffStore(context);
  const references: string[] = [];
  for (const enquiry of await inbox.enquiriesOf(email)) {
    const reference = await inbox.erase(enquiry.id);
    if (reference) references.push(reference);
  }
  const quarantined = await inbox.eraseQuarantined((await inbox.quarantinedMentioning(email)).map((s) => s.ref));
  await tables.audit({
    event: "erasure",
    outcome: "ok",
    actor: staff,
    subject: references.join(" ").slice(0, 300),
    ...requestMeta(request, context),
    detail: { kind: "subject", enquiries: references.length, quarantined },
  });
  return redirect(`/staff/inbox?erased=${encodeURIComponent(String(references.length))}`, 303);
}

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data ? staffTitle(args, (locale) => INBOX[locale].subject) : staffMeta(INBOX.en.subject);

export default function InboxSubject() {
  const { locale } = useStaffFrame();
  const { email, asked, enquiries, quarantined } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = INBOX[locale];
  return (
    <>
      <p>
        <Link to="/staff/inbox">← {t.enquiry.back}</Link>
      </p>
      <section className="staff-card">
        <h1>{t.subject}</h1>
        <p className="staff-hint">{t.subjectHint}</p>
        <Form method="get" className="staff-form staff-inline">
          <label htmlFor="subject-email">{t.enquiry.email}</label>
          <input id="subject-email" type="email" name="email" required defaultValue={email} />
          <button type="submit" className="staff-button staff-button-quiet">
            {t.subjectFind}
          </button>
        </Form>
        {asked && email ? (
          <>
            {enquiries.length === 0 ? (
              <p>{t.none}</p>
            ) : (
              <ul className="staff-list">
                {enquiries.map((e) => (
                  <li key={e.id}>
                    <Link to={`/staff/inbox/${e.id}`}>
                      <span className="inbox-ref">{e.reference}</span> · {staffTime(e.receivedAt, locale)} ·{" "}
                      {e.category} · {t.followUp[e.followUp]}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <p className="inbox-actions">
              <a className="staff-button staff-button-quiet" href={subjectDownload(email)} download>
                {t.subjectExport}
              </a>
            </p>
            {quarantined ? <p className="staff-hint">{t.subjectQuarantined(quarantined)}</p> : null}
            {enquiries.length || quarantined ? (
              <Form method="post" className="staff-form">
                <input type="hidden" name="email" value={email} />
                <label htmlFor="subject-confirm">{t.subjectConfirm}</label>
                <input
                  id="subject-confirm"
                  name="confirm"
                  type="email"
                  autoComplete="off"
                  aria-invalid={answer ? true : undefined}
                />
                {answer ? <p className="staff-error">{t.errors.confirm}</p> : null}
                <button type="submit" className="staff-button staff-button-danger">
                  {t.subjectErase(enquiries.length + quarantined)}
                </button>
              </Form>
            ) : null}
          </>
        ) : null}
      </section>
    </>
  );
}
