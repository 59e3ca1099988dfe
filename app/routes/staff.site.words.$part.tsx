import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CITY_IDS } from "~/content/cities";
import { isServiceSlug } from "~/content/services";
import { SITE_WORDS } from "~/i18n/site-words";
import { readDocument } from "~/site/document";
import { CONTACT_KEYS, isWordPart, parseWords, SERVICE_FIELDS, type FieldError, type WordPart } from "~/site/words";
import { editWords, type WordsEdit } from "~/site/words-editing.server";
import { formOf } from "~/site/words-form.server";
import { staffForm } from "~/staff/form.server";
import { STAFF_PATHS } from "~/staff/paths";
import { BilingualField, fieldLabel, SingleField, why } from "~/staff/site-section/WordsFields";
import { requireSiteEditor } from "~/staff/staff.server";
import { staffTitle, useSignedIn } from "~/staff/ui/staff-route";

/** One part of the owner's words: a plain form (no script), English and Croatian side by side;
 * saved to the draft, published with the photos from the overview. */
function partOf(params: { part?: string }): WordPart {
  const part = params.part ?? "";
  if (!isWordPart(part)) throw new Response("Not Found", { status: 404 });
  return part;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireSiteEditor(request, context);
  const part = partOf(params);
  const tables = context.wiring.site.store;
  const state = await tables.state();
  const published = readDocument(await tables.versionDocument(state.version));
  return { part, revision: state.revision, ...formOf(part, readDocument(state.draft), published) };
}

type ActionData = { values: Record<string, string>; errors?: FieldError[]; stale?: true; saved?: true };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireSiteEditor(request, context);
  const part = partOf(params);
  const form = await staffForm(request);
  const fields: Record<string, string> = {};
  for (const [name, value] of form)
    if (typeof value === "string" && /^[a-zA-Z]+(\.[a-z]+)?$/.test(name) && name !== "revision") fields[name] = value;
  const revision = Number(form.get("revision"));
  if (!Number.isInteger(revision)) throw new Response("400 Bad Request: revision\n", { status: 400 });
  const kind = part === "home" || part === "contact" || part === "replies" ? part : "service";
  const parsed = parseWords(kind, fields);
  if (!parsed.ok) return data<ActionData>({ values: fields, errors: parsed.errors }, { status: 400 });
  const edit = { part, value: parsed.value } as WordsEdit;
  const outcome = await editWords(context.wiring.site.store, staff, edit, revision);
  if (!outcome.ok) return data<ActionData>({ values: fields, stale: true }, { status: 409 });
  return data<ActionData>({ values: fields, saved: true });
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => SITE_WORDS[locale].heading);

export default function WordsPart() {
  const { locale } = useSignedIn();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = SITE_WORDS[locale];
  // A refused or stale save shows what was typed; a saved one the draft as it now is.
  const values = result && !result.saved ? result.values : loaded.values;
  const errors = result?.errors ?? [];
  const common = { t, values, errors };
  const source = (key: string) => {
    const s = loaded.sources[key];
    return s ? t.sources[s] : undefined;
  };
  return (
    <section className="staff-card">
      <p>
        <Link to={STAFF_PATHS.site}>{t.back}</Link>
      </p>
      <h1>{t.parts[loaded.part]}</h1>
      <p className="staff-hint">{t.lead}</p>
      {result?.saved ? (
        <p className="staff-notice" role="status">
          {t.saved}
        </p>
      ) : null}
      {result?.stale ? (
        <p className="staff-error" role="alert">
          {t.stale}
        </p>
      ) : null}
      {errors.length ? (
        <div className="staff-error" role="alert">
          <p>{t.refused}</p>
          <ul>
            {errors.map((e) => (
              <li key={e.field}>
                <a href={`#w-${e.field.replace(/\./g, "-")}`}>{t.fieldError(fieldLabel(t, e.field), why(t, e))}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post">
        <input type="hidden" name="revision" value={loaded.revision} />
        {loaded.part === "replies" ? (
          <BilingualField {...common} field="answers" lines hint={t.answersHint} source={source("answers")} />
        ) : loaded.part === "home" ? (
          <>
            <BilingualField {...common} field="tagline" source={source("tagline")} />
            <h2>{t.fields.venues}</h2>
            <p className="staff-hint">{t.onePerLine}</p>
            {CITY_IDS.map((id) => (
              <SingleField
                key={id}
                {...common}
                name={`venues.${id}`}
                label={t.cities[id]}
                lines
                source={source(`venues.${id}`)}
              />
            ))}
          </>
        ) : loaded.part === "contact" ? (
          <>
            <BilingualField {...common} field="about" lines source={source("about")} />
            <h2>{t.parts.contact}</h2>
            <p className="staff-hint">{t.contactHint}</p>
            {CONTACT_KEYS.map((k) => (
              <SingleField key={k} {...common} name={k} label={t.fields[k]} source={source(k)} />
            ))}
          </>
        ) : isServiceSlug(loaded.part) ? (
          SERVICE_FIELDS.map((k) => (
            <BilingualField
              key={k}
              {...common}
              field={k}
              lines={k === "intro" || k === "offers"}
              hint={k === "offers" ? t.onePerLine : undefined}
              source={source(k)}
            />
          ))
        ) : null}
        <button type="submit" className="staff-button">
          {t.save}
        </button>
      </Form>
    </section>
  );
}
