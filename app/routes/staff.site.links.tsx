import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { PAGES, type PageId } from "~/content/pages";
import { CAMPAIGN_LINKS, type TagName } from "~/i18n/campaign-links";
import { LAYOUT } from "~/i18n/layout";
import { channelName } from "~/i18n/sources";
import { LANGUAGE, type Locale } from "~/i18n/locale";
import { isServiceSlug } from "~/content/services";
import { campaignLink, TAG_CAPS, type LinkAnswer } from "~/staff/site-section/campaign-link";
import { STAFF_PATHS } from "~/staff/paths";
import { requireSiteEditor } from "~/staff/staff.server";
import { CopyText } from "~/staff/ui/CopyText";
import { staffTitle, useSignedIn } from "~/staff/ui/staff-route";
import { siteUrl } from "~/utils/env.server";

const TAGS: readonly TagName[] = ["source", "medium", "campaign"];
const asked = (params: URLSearchParams, name: string) => (params.get(name) ?? "").slice(0, 500);

/** A GET form: the built link is part of the page, so it works without JavaScript and can be bookmarked. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireSiteEditor(request, context);
  const params = new URL(request.url).searchParams;
  const values = {
    page: asked(params, "page") || "/",
    source: asked(params, "source"),
    medium: asked(params, "medium"),
    campaign: asked(params, "campaign"),
  };
  const answer: LinkAnswer | undefined = params.has("source") ? campaignLink(siteUrl, values) : undefined;
  return { values, answer };
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => CAMPAIGN_LINKS[locale].title);

const pageName = (id: PageId, locale: Locale) => {
  const l = LAYOUT[locale];
  if (id === "home") return l.home;
  if (id === "contact") return l.contact;
  if (id === "privacy") return l.footer.privacy;
  return isServiceSlug(id) ? l.services[id] : id;
};

export default function CampaignLinks() {
  const { locale } = useSignedIn();
  const { values, answer } = useLoaderData<typeof loader>();
  const t = CAMPAIGN_LINKS[locale];
  const problems = answer && !answer.ok ? answer.problems : {};
  return (
    <section className="staff-card">
      <h1>{t.title}</h1>
      <p className="staff-hint">{t.lead}</p>
      {answer?.ok ? (
        <div className="staff-notice" id="campaign-link-result">
          <CopyText
            id="campaign-link"
            label={t.link}
            value={answer.url}
            copy={t.copy}
            copied={t.copied}
            failed={t.copyFailed}
          />
          <p className="staff-hint">{t.selectHint}</p>
          <p className="staff-hint">
            {t.cleaned}{" "}
            {TAGS.filter((name) => answer.tags[name])
              .map((name) => `utm_${name}=${answer.tags[name]}`)
              .join(" · ")}
          </p>
          <p className="staff-hint">{t.countedAs(channelName(answer.channel, locale))}</p>
        </div>
      ) : null}
      <Form method="get" action={STAFF_PATHS.siteLinks} className="staff-form campaign-form">
        <label htmlFor="link-page">{t.page}</label>
        <select
          id="link-page"
          name="page"
          defaultValue={values.page}
          aria-invalid={problems.page ? true : undefined}
          aria-describedby={problems.page ? "link-page-error" : undefined}
        >
          {PAGES.map((p) => (
            <option key={p.path} value={p.path}>
              {t.pageName(pageName(p.id, p.locale), LANGUAGE[p.locale].name)}
            </option>
          ))}
        </select>
        {problems.page ? (
          <p id="link-page-error" className="staff-error">
            {t.choosePage}
          </p>
        ) : null}
        {TAGS.map((name) => {
          const id = `link-${name}`;
          const problem = problems[name];
          return (
            <div key={name} className="campaign-field">
              <label htmlFor={id}>{t.labels[name]}</label>
              <input
                id={id}
                type="text"
                name={name}
                defaultValue={values[name]}
                maxLength={200}
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                aria-invalid={problem ? true : undefined}
                aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ""}`}
              />
              <p id={`${id}-hint`} className="staff-hint">
                {t.hints[name]}
              </p>
              {problem ? (
                <p id={`${id}-error`} className="staff-error">
                  {t.problem(TAG_CAPS[name])[problem]}
                </p>
              ) : null}
            </div>
          );
        })}
        <button type="submit" className="staff-button">
          {t.build}
        </button>
      </Form>
    </section>
  );
}
