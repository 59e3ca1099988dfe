import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { SITE } from "~/i18n/site";
import { STAFF } from "~/i18n/staff";
import {
  accountEmail,
  invite,
  listMembers,
  memberByEmail,
  removeMember,
  reset,
  setSiteEditor,
  StaffCommandError,
} from "~/staff/members.server";
import { passkeysOf, removePasskey } from "~/staff/passkeys.server";
import { requestMeta, requireAllowed, siteUrl, staffStore } from "~/staff/staff.server";
import { CopyText } from "~/staff/ui/CopyText";
import { IntentButton } from "~/staff/ui/IntentButton";
import { staffTime, staffTitle, useSignedIn } from "~/staff/ui/staff-route";
import { staffFormAs } from "~/staff/form.server";
import { mayBeSiteEditor } from "~/utils/permissions";

/** Not a member of staff (an owner, or no such account): nothing to allow. */

/** Owners only: everyone with an account, their passkeys and open invitations. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAllowed(request, context, "managePeople");
  const tables = staffStore(context);
  const members = await listMembers(tables);
  return {
    members: await Promise.all(members.map(async (m) => ({ ...m, keys: await passkeysOf(tables, m.id) }))),
  };
}

type ActionData = {
  link?: { email: string; url: string };
  done?: string;
  error?: string;
  site?: { email: string; allowed: boolean };
};

const email = z.string().max(300);
/** What this page's forms ask, one schema per intent. */
const PeopleIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), email, owner: z.literal("on").optional() }),
  z.object({ intent: z.literal("reset"), email }),
  z.object({ intent: z.literal("remove"), email }),
  z.object({ intent: z.literal("remove-passkey"), email, passkey: z.string().max(1_000) }),
  z.object({ intent: z.literal("site"), email, allowed: z.enum(["yes", "no"]) }),
]);

/** Invite, give a new link, remove a person, remove one of their passkeys. */
export async function action({ request, context }: ActionFunctionArgs) {
  const owner = requireAllowed(request, context, "managePeople");
  const asked = await staffFormAs(request, PeopleIntent);
  const { email } = asked;
  const tables = staffStore(context);
  const meta = requestMeta(request, context);
  try {
    if (asked.intent === "invite" || asked.intent === "reset") {
      const made =
        asked.intent === "invite"
          ? await invite(tables, { email, role: asked.owner ? "owner" : "staff", by: owner.email, siteUrl })
          : await reset(tables, { email, by: owner.email, siteUrl });
      await tables.audit({
        event: "invitation",
        outcome: "ok",
        actor: owner,
        subject: made.member.email,
        ...meta,
        detail: { kind: asked.intent, role: made.member.role },
      });
      return data<ActionData>({ link: { email: made.member.email, url: made.link } });
    }
    if (asked.intent === "site") {
      const allowed = asked.allowed === "yes";
      const address = await setSiteEditor(tables, email, allowed);
      await tables.audit({
        event: "site-grant",
        outcome: "ok",
        actor: owner,
        subject: address,
        ...meta,
        detail: { allowed },
      });
      return data<ActionData>({ site: { email: address, allowed } });
    }
    if (asked.intent === "remove") {
      const removed = await removeMember(tables, email);
      await tables.audit({ event: "person-removed", outcome: "ok", actor: owner, subject: removed.email, ...meta });
      return data<ActionData>({ done: removed.email });
    }
    // What is left: remove-passkey.
    const address = accountEmail(email);
    const member = address ? await memberByEmail(tables, address) : undefined;
    const outcome = member ? await removePasskey(tables, member.id, asked.passkey) : "unknown";
    if (outcome === "removed")
      await tables.audit({ event: "passkey-removed", outcome: "ok", actor: owner, subject: member!.email, ...meta });
    return data<ActionData>(outcome === "removed" ? {} : { error: outcome }, {
      status: outcome === "removed" ? 200 : 400,
    });
  } catch (error) {
    if (error instanceof StaffCommandError) return data<ActionData>({ error: error.message }, { status: 400 });
    throw error;
  }
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => STAFF[locale].people.title);

export default function StaffPeople() {
  const { locale, staff } = useSignedIn();
  const { members } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = STAFF[locale];
  return (
    <section className="staff-card">
      <h1>{t.people.title}</h1>
      <p className="staff-hint">{t.people.lead}</p>
      {result?.error ? (
        <p className="staff-error" role="alert">
          {result.error}
        </p>
      ) : null}
      {result?.site ? (
        <p className="staff-notice" role="status">
          {result.site.allowed ? SITE[locale].granted(result.site.email) : SITE[locale].revoked(result.site.email)}
        </p>
      ) : null}
      {result?.done ? (
        <p className="staff-notice" role="status">
          {t.people.removedOk(result.done)}
        </p>
      ) : null}
      {result?.link ? (
        <div className="staff-notice">
          <CopyText
            id="staff-link"
            label={t.people.linkFor(result.link.email)}
            value={result.link.url}
            copy={t.people.copy}
            copied={t.people.copied}
            failed={t.people.copyFailed}
          />
          <p className="staff-hint">{t.people.linkHint}</p>
        </div>
      ) : null}

      <Form method="post" className="staff-form staff-inline">
        <input type="hidden" name="intent" value="invite" />
        <label htmlFor="invite-email">{t.people.email}</label>
        <input id="invite-email" type="email" name="email" required autoComplete="off" />
        <label className="staff-check">
          <input type="checkbox" name="owner" /> {t.people.inviteOwner}
        </label>
        <button type="submit" className="staff-button">
          {t.people.invite}
        </button>
      </Form>

      <ul className="staff-list">
        {members.map((member) => (
          <li key={member.id}>
            <span>
              <strong>{member.email}</strong> · {member.role === "owner" ? t.people.owner : t.people.staff}
              {member.email === staff.email ? ` (${t.people.you})` : ""}
              <br />
              <small>
                {t.people.passkeys}: {member.passkeys}
                {member.invitedUntil ? ` · ${t.people.invited(staffTime(member.invitedUntil, locale))}` : ""}
                {member.siteEditor ? ` · ${SITE[locale].grant}` : ""}
              </small>
              {member.keys.length ? (
                <ul className="staff-sublist" aria-label={t.people.passkeyList(member.email)}>
                  {member.keys.map((key) => (
                    <li key={key.id}>
                      {key.device} · {staffTime(key.createdAt, locale)}
                      {member.keys.length > 1 ? (
                        <IntentButton
                          intent="remove-passkey"
                          fields={{ email: member.email, passkey: key.id }}
                          formClassName="staff-inline-form"
                          className="staff-link-button"
                          label={`${t.account.removeLabel(key.device)} (${member.email})`}
                        >
                          {t.account.remove}
                        </IntentButton>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : null}
            </span>
            <span className="staff-actions">
              {mayBeSiteEditor(member) ? (
                <IntentButton
                  intent="site"
                  fields={{ email: member.email, allowed: member.siteEditor ? "no" : "yes" }}
                  className="staff-button staff-button-quiet"
                  label={`${member.siteEditor ? SITE[locale].revokeAction : SITE[locale].grantAction}: ${SITE[locale].grantLabel(member.email)}`}
                >
                  {member.siteEditor ? SITE[locale].revokeAction : SITE[locale].grantAction}: {SITE[locale].nav}
                </IntentButton>
              ) : null}
              <IntentButton
                intent="reset"
                fields={{ email: member.email }}
                className="staff-button staff-button-quiet"
                label={t.people.resetLabel(member.email)}
              >
                {t.people.reset}
              </IntentButton>
              {member.email !== staff.email ? (
                <IntentButton
                  intent="remove"
                  fields={{ email: member.email }}
                  className="staff-button staff-button-danger"
                  label={t.people.removeLabel(member.email)}
                >
                  {t.people.remove}
                </IntentButton>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
