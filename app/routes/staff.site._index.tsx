import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { galleryIn } from "~/content/galleries.server";
import { CAMPAIGN_LINKS } from "~/i18n/campaign-links";
import { SITE } from "~/i18n/site";
import { SITE_WORDS } from "~/i18n/site-words";
import { differs, GALLERY_IDS, readDocument, type PublishProblem } from "~/site/document";
import { WORD_PARTS, wordsProblems } from "~/site/words";
import { fieldLabel } from "~/staff/site-section/WordsFields";
import { publish, republish } from "~/site/editing.server";
import { staffFormAs } from "~/staff/form.server";
import { STAFF_PATHS } from "~/staff/paths";
import { requestMeta, requireSiteEditor, staffStore } from "~/staff/staff.server";
import { IntentButton } from "~/staff/ui/IntentButton";
import { staffTime, staffTitle, useSignedIn } from "~/staff/ui/staff-route";

/** The Site section's overview: each gallery (draft beside published), publish, preview, and the
 * published versions, any of which can be published again in one step. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireSiteEditor(request, context);
  const part = context.wiring.site.store;
  const [state, versions] = await Promise.all([part.state(), part.listVersions()]);
  const [draft, published] = [readDocument(state.draft), readDocument(await part.versionDocument(state.version))];
  return {
    revision: state.revision,
    changed: differs(draft, published),
    galleries: GALLERY_IDS.map((id) => ({
      id,
      draft: draft.galleries[id]?.length,
      published: published.galleries[id]?.length,
      shipped: galleryIn(id, "en").length,
    })),
    versions,
    untranslated: wordsProblems(draft.words),
  };
}

const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish"), revision: z.coerce.number().int().min(0) }),
  z.object({ intent: z.literal("republish"), version: z.coerce.number().int().min(1) }),
]);

type ActionData = { published?: number; restored?: number; stale?: true; problems?: PublishProblem[] };

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireSiteEditor(request, context);
  const asked = await staffFormAs(request, Intent);
  const part = context.wiring.site.store;
  const meta = requestMeta(request, context);
  const outcome =
    asked.intent === "publish"
      ? await publish(part, staff, asked.revision)
      : await republish(part, staff, asked.version);
  if (!outcome.ok)
    return data<ActionData>(outcome.reason === "problems" ? { problems: outcome.problems } : { stale: true }, {
      status: 409,
    });
  const restoredFrom: Record<string, number> = asked.intent === "republish" ? { restoredFrom: asked.version } : {};
  await staffStore(context).audit({
    event: "site-publish",
    outcome: "ok",
    actor: staff,
    subject: `version ${outcome.version}`,
    ...meta,
    detail: {
      version: outcome.version,
      ...restoredFrom,
      galleries: outcome.changed.join(" "),
      pages: outcome.pages.join(" "),
    },
  });
  await context.wiring.site.renewNow();
  return data<ActionData>(asked.intent === "publish" ? { published: outcome.version } : { restored: outcome.version });
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => SITE[locale].title);

export default function SiteOverview() {
  const { locale } = useSignedIn();
  const { revision, changed, galleries, versions, untranslated } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = SITE[locale];
  const tw = SITE_WORDS[locale];
  const tl = CAMPAIGN_LINKS[locale];
  const gap = (p: Extract<PublishProblem, { kind: "words" }>) =>
    tw.gap(tw.parts[p.part], fieldLabel(tw, p.field), tw.languages[p.locale]);
  return (
    <section className="staff-card">
      <h1>{t.title}</h1>
      <p className="staff-hint">{t.lead}</p>
      {result?.published ? (
        <p className="staff-notice" role="status">
          {t.published(result.published)}
        </p>
      ) : null}
      {result?.restored ? (
        <p className="staff-notice" role="status">
          {t.restoredVersion(result.restored)}
        </p>
      ) : null}
      {result?.stale ? (
        <p className="staff-error" role="alert">
          {t.stale}
        </p>
      ) : null}
      {result?.problems?.length ? (
        <div className="staff-error" role="alert">
          <p>{t.problems}</p>
          <ul>
            {result.problems.map((p, i) => (
              <li key={i}>
                {p.kind === "words"
                  ? gap(p)
                  : p.kind === "alt"
                    ? t.problem.alt(t.galleries[p.gallery], p.position, t.languages[p.locale])
                    : t.problem[p.kind](t.galleries[p.gallery], p.position)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <ul className="staff-list site-galleries">
        {galleries.map((g) => (
          <li key={g.id}>
            <span>
              <strong>{t.galleries[g.id]}</strong>
              <br />
              <small>
                {g.draft === undefined ? t.shipped(g.shipped) : t.count(g.draft)}
                {g.published !== undefined && g.published !== g.draft ? ` · ${t.upToDate}: ${g.published}` : ""}
              </small>
            </span>
            <Link
              className="staff-button staff-button-quiet"
              to={`${STAFF_PATHS.site}/${g.id}`}
              aria-label={`${t.edit}: ${t.galleries[g.id]}`}
            >
              {t.edit}
            </Link>
          </li>
        ))}
      </ul>

      <h2>{tw.heading}</h2>
      <ul className="staff-list site-galleries">
        {WORD_PARTS.map((part) => (
          <li key={part}>
            <strong>{tw.parts[part]}</strong>
            <Link
              className="staff-button staff-button-quiet"
              to={`${STAFF_PATHS.site}/words/${part}`}
              aria-label={`${tw.heading}: ${tw.parts[part]}`}
            >
              {t.edit}
            </Link>
          </li>
        ))}
      </ul>
      {untranslated.length ? (
        <div className="staff-hint" id="untranslated">
          <p>{tw.untranslated}</p>
          <ul>
            {untranslated.map((p, i) => (
              <li key={i}>{gap(p)}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="staff-hint">{tw.allTranslated}</p>
      )}

      <p className="staff-hint">{changed ? t.draftChanged : t.upToDate}</p>
      <div className="site-actions">
        <Form method="post" action={STAFF_PATHS.sitePreview} reloadDocument>
          <input type="hidden" name="intent" value="start" />
          <button type="submit" className="staff-button staff-button-quiet">
            {t.preview}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="publish" />
          <input type="hidden" name="revision" value={revision} />
          <button type="submit" className="staff-button" disabled={!changed}>
            {t.publish}
          </button>
        </Form>
      </div>

      <h2>{tl.title}</h2>
      <p className="staff-hint">{tl.lead}</p>
      <p>
        <Link className="staff-button staff-button-quiet" to={STAFF_PATHS.siteLinks}>
          {tl.nav}
        </Link>
      </p>

      <h2>{t.history}</h2>
      {versions.length ? (
        <ul className="staff-list">
          {versions.map((v) => (
            <li key={v.version}>
              <span>
                {t.versionLine(v.version, staffTime(v.publishedAt, locale), v.publishedBy)}
                {v.restoredFrom ? ` ${t.restoredFrom(v.restoredFrom)}` : ""}
              </span>
              {v.version !== versions[0]!.version ? (
                <IntentButton
                  intent="republish"
                  fields={{ version: String(v.version) }}
                  className="staff-button staff-button-quiet staff-button-small"
                  label={t.restoreVersionLabel(v.version)}
                >
                  {t.restoreVersion}
                </IntentButton>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="staff-hint">{t.historyEmpty}</p>
      )}
    </section>
  );
}
