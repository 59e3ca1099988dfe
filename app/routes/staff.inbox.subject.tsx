import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { INBOX } from "~/i18n/inbox";
import { audit } from "~/staff/audit.server";
import { enquiriesOf, eraseEnquiry, eraseSetAside, setAsideMentioning } from "~/store/inbox.server";
import { accountEmail } from "~/staff/members.server";
import { requestMeta, requireOwner, staffDatabase } from "~/staff/staff.server";
import { staffLocale } from "~/staff/locale.server";
import { StaffFrame } from "~/staff/ui/StaffFrame";
import { staffHandle, staffMeta, staffTime } from "~/staff/ui/staff-route";
import { staffForm } from "~/staff/form.server";

export { StaffError as ErrorBoundary } from "~/staff/ui/StaffError";
export const handle = staffHandle();

/** Everything held about one e-mail address (a data subject's access request): the enquiries
 * found, the JSON file of them (staff.inbox.subject.download.ts), erasure. Owners only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requireOwner(request, context);
  const locale = staffLocale(request);
  const search = new URL(request.url).searchParams;
  const email = accountEmail(search.get("email") ?? "");
  // The address this page's download link had before it was a route of its own.
  if (email && search.get("download") === "1") throw redirect(subjectDownload(email), 303);
  const sql = await staffDatabase();
  const enquiries = email ? await enquiriesOf(sql, email) : [];
  const setAside = email ? await setAsideMentioning(sql, email) : [];
  return {
    locale,
    staff: { email: staff.email, role: staff.role },
    email: email ?? "",
    asked: search.has("email"),
    setAside: setAside.length,
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

/** Erases every enquiry from the address (confirmed by typing it again). */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = requireOwner(request, context);
  const form = await staffForm(request);
  const email = accountEmail(form.get("email") ?? "");
  const confirm = accountEmail(form.get("confirm") ?? "");
  if (!email || confirm !== email) return data({ error: "confirm" as const }, { status: 400 });
  const sql = await staffDatabase();
  const references: string[] = [];
  for (const enquiry of await enquiriesOf(sql, email)) {
    const reference = await eraseEnquiry(sql, enquiry.id);
    if (reference) references.push(reference);
  }
  const setAside = await eraseSetAside(
    sql,
    (await setAsideMentioning(sql, email)).map((s) => s.ref),
  );
  await audit(sql, {
    event: "erasure",
    outcome: "ok",
    actor: staff,
    subject: references.join(" ").slice(0, 300),
    ...requestMeta(request, context),
    detail: { kind: "subject", enquiries: references.length, setAside },
  });
  return redirect(`/staff/inbox?erased=${encodeURIComponent(String(references.length))}`, 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => staffMeta(INBOX[data?.locale ?? "en"].subject);

export default function InboxSubject() {
  const { locale, staff, email, asked, enquiries, setAside } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = INBOX[locale];
  return (
    <StaffFrame locale={locale} staff={staff}>
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
            {setAside ? <p className="staff-hint">{t.subjectSetAside(setAside)}</p> : null}
            {enquiries.length || setAside ? (
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
                  {t.subjectErase(enquiries.length + setAside)}
                </button>
              </Form>
            ) : null}
          </>
        ) : null}
      </section>
    </StaffFrame>
  );
}
