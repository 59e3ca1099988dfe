import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { STAFF } from "~/i18n/staff";
import { deviceName, passkeysOf, removePasskey } from "~/staff/passkeys.server";
import { STAFF_PATHS } from "~/staff/paths";
import { sessionsOf } from "~/staff/session.server";
import { inboxStore, requestMeta, requireStaff, siteUrl, staffStore } from "~/staff/staff.server";
import { PasskeyButton } from "~/staff/ui/PasskeyButton";
import { IntentButton } from "~/staff/ui/IntentButton";
import { hydrateHandle, staffTime, staffTitle, useSignedIn } from "~/staff/ui/staff-route";
import { parseStaffForm, staffForm } from "~/staff/form.server";
import { feedUrl, makeFeed } from "~/staff/inbox/calendar-feed.server";
import { CalendarFeedCard } from "~/staff/ui/CalendarFeedCard";
import { may } from "~/utils/permissions";

export const handle = hydrateHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = requireStaff(request, context);
  const tables = staffStore(context);
  const search = new URL(request.url).searchParams;
  const inbox = inboxStore(context);
  return {
    feed: {
      madeAt: await inbox.feedMadeAt(staff.id),
      details: await inbox.feedShowsDetails(),
      mayChangeDetails: may(staff, "calendarDetails"),
      revoked: search.has("feed-stopped"),
    },
    passkeys: (await passkeysOf(tables, staff.id)).map((p) => ({ ...p, current: p.id === staff.passkeyId })),
    sessions: await sessionsOf(tables, staff, deviceName),
    notice: search.has("added")
      ? "addedOk"
      : search.has("removed")
        ? "removedOk"
        : search.has("last")
          ? "lastOne"
          : undefined,
  } as const;
}

/** Remove a passkey, by its id; or the calendar link's intents. */
const RemovePasskey = z.object({ passkey: z.string().max(1_000) });
const Calendar = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("calendar-new") }),
  z.object({ intent: z.literal("calendar-revoke") }),
  z.object({ intent: z.literal("calendar-details"), details: z.enum(["on", "off"]) }),
]);

/** Removes one of this person's own passkeys (never the last: they would be locked out). */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = requireStaff(request, context);
  const form = await staffForm(request);
  const tables = staffStore(context);
  if (form.has("intent")) {
    const asked = parseStaffForm(form, Calendar);
    const inbox = inboxStore(context);
    const audit = (change: string) =>
      tables.audit({
        event: "calendar-feed",
        outcome: "ok",
        actor: staff,
        subject: staff.email,
        ...requestMeta(request, context),
        detail: { change },
      });
    if (asked.intent === "calendar-new") {
      const token = await makeFeed(inbox, staff.id);
      await audit("made");
      // Shown in this answer only: the page's address never holds it.
      return { feedUrl: feedUrl(siteUrl, token) };
    }
    if (asked.intent === "calendar-revoke") {
      if (await inbox.revokeFeed(staff.id)) await audit("stopped");
      return redirect(`${STAFF_PATHS.account}?feed-stopped=1#calendar-feed`, 303);
    }
    if (!may(staff, "calendarDetails")) throw new Response("Only an owner changes this.", { status: 403 });
    await inbox.setFeedDetails(asked.details === "on");
    await audit(`details-${asked.details}`);
    return redirect(`${STAFF_PATHS.account}#calendar-feed`, 303);
  }
  const { passkey: passkeyId } = parseStaffForm(form, RemovePasskey);
  const outcome = await removePasskey(tables, staff.id, passkeyId);
  if (outcome === "removed")
    await tables.audit({
      event: "passkey-removed",
      outcome: "ok",
      actor: staff,
      subject: staff.email,
      ...requestMeta(request, context),
    });
  // Removing the passkey this session was signed in with ends this session too.
  if (outcome === "removed" && passkeyId === staff.passkeyId) return redirect(`${STAFF_PATHS.signIn}?ended=1`, 303);
  // Not one of this person's passkeys (another's id, or gone): nothing happened, and it says so.
  if (outcome === "unknown") throw new Response("No such passkey of yours.", { status: 404 });
  return redirect(`${STAFF_PATHS.account}?${outcome === "last" ? "last" : "removed"}=1`, 303);
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => STAFF[locale].account.title);

export default function StaffAccount() {
  const { locale } = useSignedIn();
  const { passkeys, sessions, notice, feed } = useLoaderData<typeof loader>();
  const made = useActionData<typeof action>();
  const t = STAFF[locale];
  return (
    <section className="staff-card">
      <h1>{t.account.title}</h1>
      {notice ? (
        <p className="staff-notice" role="status">
          {t.account[notice]}
        </p>
      ) : null}
      <h2>{t.account.passkeys}</h2>
      <ul className="staff-list">
        {passkeys.map((passkey) => (
          <li key={passkey.id}>
            <span>
              <strong>{passkey.device}</strong>
              {passkey.backedUp ? ` (${t.account.synced})` : ""}
              <br />
              <small>
                {t.account.added(staffTime(passkey.createdAt, locale))},{" "}
                {passkey.lastUsedAt ? t.account.lastUsed(staffTime(passkey.lastUsedAt, locale)) : t.account.never}
              </small>
            </span>
            {passkeys.length > 1 ? (
              <IntentButton
                fields={{ passkey: passkey.id }}
                className="staff-button staff-button-quiet"
                label={t.account.removeLabel(passkey.device)}
              >
                {t.account.remove}
              </IntentButton>
            ) : null}
          </li>
        ))}
      </ul>
      {passkeys.length === 1 ? <p className="staff-hint">{t.account.lastOne}</p> : null}
      <p className="staff-hint">{t.account.addHint}</p>
      <PasskeyButton locale={locale} kind="register" label={t.account.add} primary={false} />

      <h2>{t.account.sessions}</h2>
      <ul className="staff-list">
        {sessions.map((session, index) => (
          <li key={index}>
            <span>
              <strong>{session.device}</strong>
              {session.current ? ` (${t.account.current})` : ""}
              <br />
              <small>
                {t.account.since(staffTime(session.createdAt, locale))},{" "}
                {t.account.seen(staffTime(session.lastSeenAt, locale))}
                {session.address ? `, ${session.address}` : ""}
              </small>
            </span>
          </li>
        ))}
      </ul>
      <CalendarFeedCard locale={locale} {...feed} url={made && "feedUrl" in made ? made.feedUrl : undefined} />
      <Form method="post" action={STAFF_PATHS.signOut} reloadDocument>
        <p className="staff-hint">{t.account.everywhereHint}</p>
        <button type="submit" name="scope" value="everywhere" className="staff-button staff-button-quiet">
          {t.account.everywhere}
        </button>
      </Form>
    </section>
  );
}
