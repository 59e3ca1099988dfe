import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { INBOX } from "~/i18n/inbox";
import { normalizeReference } from "~/store/reference.server";
import { durationParts } from "~/staff/inbox/desk-days";
import { STAFF_PATHS } from "~/staff/paths";
import { FOLLOW_UPS, NOTE_MAX, type FollowUp } from "~/store/inbox-states";
import { replyLinks } from "~/staff/inbox/reply-links";
import { safeNext } from "~/staff/paths";
import { requestMeta, requireStaff, inboxStore, staffStore } from "~/staff/staff.server";
import { failingChannels } from "~/staff/ui/ChannelNotice";
import { EnquiryDetails } from "~/staff/ui/EnquiryDetails";
import { EnquirySource } from "~/staff/ui/EnquirySource";
import { categoryName } from "~/staff/ui/InboxRows";
import { IntentButton } from "~/staff/ui/IntentButton";
import { staffClock, staffMeta, staffTime, staffTitle, useSignedIn } from "~/staff/ui/staff-route";
import { staffFormAs } from "~/staff/form.server";
import {
  BOOKING_FIELDS,
  checkBooking,
  venueOptions,
  type BookingField,
  type BookingProblem,
} from "~/staff/inbox/booking-form.server";
import { BookingCard } from "~/staff/ui/BookingCard";
import { DESK_REPLY } from "~/i18n/desk-reply";
import { checkReply, REPLY_MAX, type ReplyProblem } from "~/staff/inbox/reply-form";
import { teamDay } from "~/utils/team-time";
import type { Words } from "~/site/words";

/** One enquiry: every field as typed, where it came from, its deliveries, its follow-up. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireStaff(request, context);
  const inbox = inboxStore(context);
  const enquiry = await inbox.enquiry(params.id ?? "");
  if (!enquiry) throw notFound();
  const others = await inbox.others(enquiry, OTHERS_SHOWN + 1);
  const url = new URL(request.url);
  const booking = await inbox.booking(enquiry.id);
  const messages = (await inbox.bookingMessages(enquiry.id)).map(({ ics: _ics, ...m }) => m);
  return {
    replies: await inbox.replies(enquiry.id),
    replyQueued: url.searchParams.has("replied"),
    booking,
    messages,
    venues: venueOptions(context.wiring.site.publishedWords()),
    answers: savedAnswers(context, enquiry.language),
    bookingNotice: (["saved", "cancelled"] as const).find((n) => url.searchParams.get("booking") === n),
    configured: context.wiring.channelNames,
    failing: failingChannels(await context.wiring.channelStates()),
    now: Date.now(),
    enquiry,
    links: linksOf(enquiry),
    others: others.slice(0, OTHERS_SHOWN),
    moreOthers: others.length > OTHERS_SHOWN,
    saved: new URL(request.url).searchParams.has("saved"),
    retried: new URL(request.url).searchParams.has("retried"),
  };
}

const notFound = () => new Response(null, { status: 404 });

/** The owner's published saved answers in the guest's language (decision 0040's words). */
const savedAnswers = (context: { wiring: { site: { publishedWords(): Words | undefined } } }, language: string) =>
  context.wiring.site.publishedWords()?.replies?.[language === "hr" ? "hr" : "en"] ?? [];

/** How many of a person's other enquiries the page lists. */
const OTHERS_SHOWN = 20;

/** The reply links, the subject in the visitor's language. */
const linksOf = (enquiry: { email: string; phone: string; language: string; reference: string }) =>
  replyLinks(enquiry, {
    subject: INBOX[enquiry.language === "hr" ? "hr" : "en"].enquiry.replySubject(enquiry.reference),
  });

const REPLY_VIA = { email: "mailto", whatsapp: "whatsapp", phone: "tel" } as const;

type ActionData =
  | { error: "note" | "confirm"; note?: string }
  | { error: "reply"; problem: ReplyProblem; text: string }
  | { error?: never; used: true; text: string }
  | {
      error: "booking";
      problems: Partial<Record<BookingField, BookingProblem>>;
      fields: Partial<Record<BookingField, string>>;
    };

const bookingText = z.string().max(600).optional().default("");

/** What this page's forms ask, one schema per intent. */
const EnquiryIntent = z.discriminatedUnion("intent", [
  // `back`: the list a row's button was pressed in (its path and query), to return to at the row.
  z.object({ intent: z.literal("follow-up"), state: z.enum(FOLLOW_UPS), back: z.string().max(500).optional() }),
  z.object({ intent: z.literal("reply"), via: z.enum(["email", "whatsapp", "phone"]) }),
  z.object({ intent: z.literal("note"), note: z.string() }),
  z.object({ intent: z.literal("retry"), channel: z.string().max(40) }),
  z.object({ intent: z.literal("erase"), confirm: z.string().max(100) }),
  z.object({
    intent: z.literal("book"),
    ...(Object.fromEntries(BOOKING_FIELDS.map((f) => [f, bookingText])) as Record<BookingField, typeof bookingText>),
  }),
  z.object({ intent: z.literal("cancel-booking") }),
  z.object({ intent: z.literal("write-reply"), text: z.string().max(REPLY_MAX * 4) }),
  z.object({ intent: z.literal("use-answer"), answer: z.string().max(4), text: z.string().max(REPLY_MAX * 4) }),
]);

/** Follow-up, a note, a retry, erasure: each a form (post, then redirect back). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = requireStaff(request, context);
  const id = params.id ?? "";
  const asked = await staffFormAs(request, EnquiryIntent);
  const inbox = inboxStore(context);
  const tables = staffStore(context);
  // The id is the address's own (checked by each query below); the way back still takes the one rule.
  const back = (query: string) => redirect(safeNext(`/staff/inbox/${encodeURIComponent(id)}?${query}`), 303);
  // The reference and the change, nothing of the guest.
  const audited = (change: { reference: string; sequence: number; change: string }) =>
    tables.audit({
      event: "booking",
      outcome: "ok",
      actor: staff,
      subject: change.reference,
      ...requestMeta(request, context),
      detail: { change: change.change, sequence: change.sequence },
    });

  switch (asked.intent) {
    case "follow-up": {
      // Booked only with its details: a bare "booked" (an old page's button) is shown the booking form.
      if (asked.state === "booked") return redirect(`/staff/inbox/${encodeURIComponent(id)}#booking`, 303);
      if (!(await inbox.setFollowUp(id, asked.state, staff.email))) throw notFound();
      // Back where the click was: the list, at this enquiry's row; or this page, at its follow-up.
      const list = asked.back ? safeNext(asked.back) : undefined;
      if (
        list &&
        (list === STAFF_PATHS.inbox ||
          list.startsWith(`${STAFF_PATHS.inbox}/`) ||
          list.startsWith(`${STAFF_PATHS.inbox}?`))
      )
        return redirect(`${list}#e-${encodeURIComponent(id)}`, 303);
      return redirect(`${safeNext(`/staff/inbox/${encodeURIComponent(id)}?saved=1`)}#follow-up`, 303);
    }
    case "reply": {
      // Recorded first (the first reply's time; a new enquiry becomes replied), then the browser
      // goes on to the link built from the checked address or number (never from the form).
      const enquiry = await inbox.enquiry(id);
      if (!enquiry) throw notFound();
      const link = linksOf(enquiry)[REPLY_VIA[asked.via]];
      if (!link) return back("saved=1");
      if (!(await inbox.recordReply(id, staff.email))) throw notFound();
      return redirect(link, 303);
    }
    case "note": {
      const { note } = asked;
      if (note.trim().length === 0 || note.trim().length > NOTE_MAX)
        return data<ActionData>({ error: "note", note: note.slice(0, NOTE_MAX * 2) }, { status: 400 });
      if (!(await inbox.addNote(id, note, staff.email))) throw notFound();
      return back("saved=1");
    }
    case "book": {
      const enquiry = await inbox.enquiry(id);
      if (!enquiry) throw notFound();
      const fields = Object.fromEntries(BOOKING_FIELDS.map((f) => [f, asked[f]])) as Record<BookingField, string>;
      const checked = checkBooking(fields, {
        venues: venueOptions(context.wiring.site.publishedWords()),
        today: teamDay(),
        current: await inbox.booking(id),
      });
      if (!checked.ok)
        return data<ActionData>({ error: "booking", problems: checked.problems, fields }, { status: 400 });
      const saved = await inbox.saveBooking(id, checked.value, staff.email);
      if (!saved) throw notFound();
      await audited(saved);
      return redirect(`${safeNext(`/staff/inbox/${encodeURIComponent(id)}?booking=saved`)}#booking`, 303);
    }
    case "write-reply": {
      const enquiry = await inbox.enquiry(id);
      if (!enquiry) throw notFound();
      const checked = checkReply(asked.text);
      const refused = (problem: ReplyProblem) =>
        data<ActionData>({ error: "reply", problem, text: asked.text.slice(0, REPLY_MAX * 2) }, { status: 400 });
      if (!checked.ok) return refused(checked.problem);
      const subject = INBOX[enquiry.language === "hr" ? "hr" : "en"].enquiry.replySubject(enquiry.reference);
      const queued = await inbox.queueReply(id, { subject, body: checked.body }, staff.email);
      if (!queued) throw notFound();
      if (!queued.ok) return refused(queued.why);
      // Who replied to which enquiry, never the text.
      await tables.audit({
        event: "reply",
        outcome: "ok",
        actor: staff,
        subject: enquiry.reference,
        ...requestMeta(request, context),
      });
      return redirect(`${safeNext(`/staff/inbox/${encodeURIComponent(id)}?replied=1`)}#write-reply`, 303);
    }
    case "use-answer": {
      // Fills the textarea server-side (no script): the chosen answer after what was already typed.
      const enquiry = await inbox.enquiry(id);
      if (!enquiry) throw notFound();
      const chosen = savedAnswers(context, enquiry.language)[Number(asked.answer)];
      const typed = asked.text.slice(0, REPLY_MAX * 2).trimEnd();
      return data<ActionData>({ used: true, text: chosen ? (typed ? `${typed}\n\n${chosen}` : chosen) : typed });
    }
    case "cancel-booking": {
      const cancelled = await inbox.cancelBooking(id, staff.email);
      if (!cancelled) return redirect(`${safeNext(`/staff/inbox/${encodeURIComponent(id)}`)}#booking`, 303);
      await audited(cancelled);
      return redirect(`${safeNext(`/staff/inbox/${encodeURIComponent(id)}?booking=cancelled`)}#booking`, 303);
    }
    case "retry":
      if (!(await inbox.retryDelivery(id, asked.channel, staff.email))) throw notFound();
      return back("retried=1");
    case "erase": {
      const enquiry = await inbox.enquiry(id);
      if (!enquiry) throw notFound();
      // Typed as search takes a reference: any case, spaces or none, with or without the dash.
      if (normalizeReference(asked.confirm) !== enquiry.reference)
        return data<ActionData>({ error: "confirm" }, { status: 400 });
      const reference = await inbox.erase(id);
      if (!reference) throw notFound();
      // The audit keeps that it was erased, by whom and when: the reference, nothing of the visitor.
      await tables.audit({
        event: "erasure",
        outcome: "ok",
        actor: staff,
        subject: reference,
        ...requestMeta(request, context),
        detail: { kind: "enquiry" },
      });
      return redirect(`/staff/inbox?erased=${encodeURIComponent(reference)}`, 303);
    }
  }
}

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data
    ? staffTitle(args, (locale) => INBOX[locale].enquiry.title(args.data!.enquiry.name))
    : staffMeta(INBOX.en.title);

export default function InboxEnquiry() {
  const { locale } = useSignedIn();
  const {
    configured,
    failing,
    now,
    enquiry,
    links,
    others,
    moreOthers,
    saved,
    retried,
    replies,
    replyQueued,
    answers,
    ...booked
  } = useLoaderData<typeof loader>();
  const r = DESK_REPLY[locale];
  const answer = useActionData<typeof action>();
  const t = INBOX[locale];
  const e = t.enquiry;
  const held = (d: { channel: string; state: string }) => d.state === "pending" && !configured.includes(d.channel);
  const outage = (d: { channel: string; state: string }) =>
    d.state === "pending" ? failing.find((c) => c.channel === d.channel) : undefined;
  return (
    <>
      <p>
        <Link to="/staff/inbox">← {e.back}</Link>
      </p>
      <article className="staff-card inbox-enquiry">
        <header className="inbox-head">
          <h1>{e.title(enquiry.name)}</h1>
          <p className="inbox-meta">
            <span className="inbox-ref">{enquiry.reference}</span> · {staffTime(enquiry.receivedAt, locale)} ·{" "}
            <span className={`inbox-badge inbox-${enquiry.followUp}`}>{t.followUp[enquiry.followUp]}</span>
          </p>
        </header>
        {saved ? (
          <p className="staff-notice" role="status">
            {e.saved}
          </p>
        ) : null}
        {retried ? (
          <p className="staff-notice" role="status">
            {e.retried}
          </p>
        ) : null}

        <p className="inbox-meta" data-first-reply>
          {enquiry.firstRepliedAt
            ? t.firstReply(durationParts(Date.parse(enquiry.firstRepliedAt) - Date.parse(enquiry.receivedAt)))
            : t.noReplyYet(durationParts(now - Date.parse(enquiry.receivedAt)))}
        </p>

        <h2>{e.reply}</h2>
        <div className="inbox-actions">
          {(
            [
              ["email", links.mailto, e.replyEmail, "staff-button"],
              ["whatsapp", links.whatsapp, e.whatsapp, "staff-button staff-button-quiet"],
              ["phone", links.tel, e.call, "staff-button staff-button-quiet"],
            ] as const
          ).map(([via, link, label, className]) =>
            link ? (
              <IntentButton
                key={via}
                intent="reply"
                fields={{ via }}
                className={className}
                formClassName="inbox-inline"
              >
                {label}
              </IntentButton>
            ) : null,
          )}
        </div>
        <p className="staff-hint">{e.replyHint}</p>
        <Form method="post" className="staff-form" id="write-reply">
          {replyQueued ? (
            <p className="staff-notice" role="status">
              {r.queued}
            </p>
          ) : null}
          <label htmlFor="reply-text">{r.label}</label>
          {answers.length ? (
            <div className="inbox-inline">
              <label htmlFor="reply-answer">{r.saved}</label>
              <select id="reply-answer" name="answer">
                {answers.map((a, n) => (
                  <option key={n} value={n}>
                    {a}
                  </option>
                ))}
              </select>
              <button type="submit" name="intent" value="use-answer" className="staff-button staff-button-quiet">
                {r.use}
              </button>
            </div>
          ) : null}
          <textarea
            // A new text from the server (an answer used, a refusal) replaces what the field shows.
            key={answer && "text" in answer ? answer.text : ""}
            id="reply-text"
            name="text"
            rows={6}
            defaultValue={answer && "text" in answer ? answer.text : ""}
            aria-describedby="reply-hint"
            aria-invalid={answer?.error === "reply" || undefined}
          />
          <p id="reply-hint" className={answer?.error === "reply" ? "staff-error" : "staff-hint"}>
            {answer?.error === "reply" ? r.problems[answer.problem] : r.hint(REPLY_MAX)}
          </p>
          <button type="submit" name="intent" value="write-reply" className="staff-button">
            {r.send}
          </button>
        </Form>
        {replies.length ? (
          <ol className="inbox-history" data-replies>
            {replies.map((reply) => (
              <li key={reply.id}>
                <small>
                  {r.written(reply.actor, staffTime(reply.writtenAt, locale))} ·{" "}
                  {reply.sentAt && reply.via ? r.sentState(reply.via, staffTime(reply.sentAt, locale)) : r.waitingState}
                </small>
                <p>
                  <strong>{reply.subject}</strong>
                </p>
                <p className="inbox-message">{reply.body}</p>
              </li>
            ))}
          </ol>
        ) : null}
        <h2 id="follow-up">{e.followUp}</h2>
        <p>
          <span className={`inbox-badge inbox-${enquiry.followUp}`}>{t.followUp[enquiry.followUp]}</span>
        </p>
        <div className="inbox-actions" role="group" aria-label={t.markHint}>
          {FOLLOW_UPS.filter((s) => s !== enquiry.followUp && s !== "booked").map((state) => (
            <IntentButton
              key={state}
              intent="follow-up"
              fields={{ state }}
              className="staff-button staff-button-quiet"
              formClassName="inbox-inline"
            >
              {t.mark[state]}
            </IntentButton>
          ))}
        </div>
        <BookingCard
          locale={locale}
          enquiryId={enquiry.id}
          booking={booked.booking}
          messages={booked.messages}
          venues={booked.venues}
          suggested={{ date: enquiry.event_date, time: enquiry.event_time, guests: enquiry.guests }}
          refused={answer?.error === "booking" ? answer : undefined}
          notice={booked.bookingNotice}
        />
        {others.length ? (
          <>
            <h2>{e.others(others.length, moreOthers)}</h2>
            <ul className="inbox-others">
              {others.map((o) => (
                <li key={o.id}>
                  <Link to={`/staff/inbox/${o.id}`}>
                    <span className="inbox-ref">{o.reference}</span> · {staffTime(o.receivedAt, locale)} ·{" "}
                    {t.followUp[o.followUp]}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : null}

        <h2>{e.fields}</h2>
        <dl className="inbox-fields">
          <dt>{e.name}</dt>
          <dd>{enquiry.name}</dd>
          <dt>{e.email}</dt>
          <dd>{enquiry.email}</dd>
          <dt>{e.phone}</dt>
          <dd>{enquiry.phone}</dd>
          <dt>{e.category}</dt>
          <dd>{categoryName(enquiry.category, locale)}</dd>
          <EnquiryDetails enquiry={enquiry} locale={locale} />
          <dt>{e.language}</dt>
          <dd>{t.languages[enquiry.language] ?? enquiry.language}</dd>
          <dt>{e.page}</dt>
          <dd>
            <code>{enquiry.page ?? "—"}</code>
          </dd>
          <EnquirySource source={enquiry.source} locale={locale} />
          <dt>{e.message}</dt>
          <dd className="inbox-message">{enquiry.message}</dd>
        </dl>

        <Form method="post" className="staff-form">
          <input type="hidden" name="intent" value="note" />
          <label htmlFor="note">{e.note}</label>
          <textarea
            id="note"
            name="note"
            rows={3}
            maxLength={NOTE_MAX}
            defaultValue={answer?.error === "note" ? answer.note : ""}
            aria-describedby="note-hint"
            aria-invalid={answer?.error === "note" || undefined}
          />
          <p id="note-hint" className={answer?.error === "note" ? "staff-error" : "staff-hint"}>
            {answer?.error === "note" ? t.errors.note : e.noteHint}
          </p>
          <button type="submit" className="staff-button staff-button-quiet">
            {e.addNote}
          </button>
        </Form>
        {enquiry.events.length ? (
          <>
            <h3>{e.history}</h3>
            <ol className="inbox-history">
              {enquiry.events.map((event, i) => (
                <li key={i}>
                  <small>{staffTime(event.at, locale)}</small>{" "}
                  {event.kind === "follow-up"
                    ? e.changed(
                        event.actor,
                        t.followUp[event.from as FollowUp] ?? event.from ?? "",
                        t.followUp[event.to as FollowUp] ?? event.to ?? "",
                      )
                    : event.kind === "retry"
                      ? `${event.actor}: ${e.retry} (${t.channel(event.to ?? "")})`
                      : e.noted(event.actor)}
                  {event.note ? <p className="inbox-note">{event.note}</p> : null}
                </li>
              ))}
            </ol>
          </>
        ) : null}

        <h2>{e.deliveries}</h2>
        <ul className="staff-list">
          {enquiry.deliveryDetails.map((d) => (
            <li key={d.channel}>
              <span>
                <strong>{t.channel(d.channel)}</strong>{" "}
                <span className={`inbox-chip inbox-d-${d.state}`}>
                  {held(d) ? t.held : outage(d) ? t.waitingForProvider : t.delivery[d.state]}
                </span>
                <br />
                {outage(d) ? (
                  <small data-waits-for-provider={d.channel}>
                    {e.waitsForProvider(
                      staffClock(outage(d)!.failingSince, locale, new Date(now)),
                      outage(d)!.nextProbeAt ? staffClock(outage(d)!.nextProbeAt!, locale, new Date(now)) : undefined,
                    )}
                    <br />
                  </small>
                ) : d.state === "pending" && d.dueAt && Date.parse(d.dueAt) > now ? (
                  <small>
                    {e.nextTry(staffClock(d.dueAt, locale, new Date(now)))}
                    <br />
                  </small>
                ) : null}
                <small>
                  {e.attempts(d.attempts.length)}
                  {d.deliveredAt ? ` · ${staffTime(d.deliveredAt, locale)}` : ""}
                  {d.failure ? ` · ${d.failure.reason}${d.failure.fix ? `: ${d.failure.fix}` : ""}` : ""}
                </small>
                {d.attempts.length ? (
                  <ol className="inbox-attempts">
                    {d.attempts.map((a, i) => (
                      <li key={i}>
                        <small>
                          {staffTime(a.at, locale)} · {a.outcome}
                          {a.detail ? ` · ${a.detail}` : ""}
                        </small>
                      </li>
                    ))}
                  </ol>
                ) : null}
              </span>
              {d.state === "failed" ? (
                <IntentButton
                  intent="retry"
                  fields={{ channel: d.channel }}
                  className="staff-button staff-button-quiet"
                >
                  {e.retry}
                </IntentButton>
              ) : null}
            </li>
          ))}
        </ul>

        <h2>{e.erase}</h2>
        <p className="staff-hint">{e.eraseHint}</p>
        <Form method="post" className="staff-form staff-inline">
          <input type="hidden" name="intent" value="erase" />
          <label htmlFor="erase-confirm">
            {e.eraseConfirm} ({enquiry.reference})
          </label>
          <input
            id="erase-confirm"
            name="confirm"
            autoComplete="off"
            aria-invalid={answer?.error === "confirm" || undefined}
            aria-describedby={answer?.error === "confirm" ? "erase-error" : undefined}
          />
          {answer?.error === "confirm" ? (
            <p id="erase-error" className="staff-error">
              {t.errors.confirm}
            </p>
          ) : null}
          <button type="submit" className="staff-button staff-button-danger">
            {e.erase}
          </button>
        </Form>
      </article>
    </>
  );
}
