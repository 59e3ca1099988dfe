import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { CITY_IDS } from "~/content/cities";
import {
  BUDGETS,
  CATEGORIES,
  FRESH_ENQUIRY,
  ENQUIRY_ANCHOR,
  FORM_NAMES,
  FORM_TIME_FIELD,
  FORM_TIME_PLACEHOLDER,
  HONEYPOT_FIELD,
  MAX_LENGTH,
  type Category,
  type EnquiryField,
  type EnquiryValues,
} from "~/content/enquiry-fields";
import { clearDraft, restoreDraft, saveDraft } from "./draft";
import { CONTACT } from "~/i18n/contact";
import { useTranslation } from "~/i18n/use-locale";
import { button } from "~/styles/ui.css";
import * as s from "./ContactForm.css";

const FORM_TIME_INPUT = `<input type="hidden" name="${FORM_TIME_FIELD}" value="${FORM_TIME_PLACEHOLDER}">`;

type Props = {
  values?: EnquiryValues;
  fieldErrors?: Partial<Record<EnquiryField, string>>;
  sent?: boolean;
};

type FieldProps = {
  name: EnquiryField;
  label: string;
  value: string;
  error?: string;
  required?: boolean;
  children: (attrs: {
    id: string;
    name: EnquiryField;
    defaultValue: string;
    maxLength?: number;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
    "aria-required"?: true;
    className: string;
  }) => ReactNode;
};

const CHOSEN: readonly EnquiryField[] = ["category", "budget", "city"];

function Field({ name, label, value, error, required = true, children }: FieldProps) {
  const id = `enquiry-${name}`;
  const errorId = `${id}-error`;
  return (
    <div className={s.field}>
      <label htmlFor={id} className={s.label}>
        {label}
      </label>
      {children({
        id,
        name,
        defaultValue: value,
        maxLength: CHOSEN.includes(name) ? undefined : MAX_LENGTH[name],
        "aria-required": required ? true : undefined,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? errorId : undefined,
        className: s.control,
      })}
      {error ? (
        <p id={errorId} className={s.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Validation is the server's (one schema, with or without JavaScript): noValidate, and the spec's toast speaks. */
export function ContactForm({ values = FRESH_ENQUIRY, fieldErrors = {}, sent = false }: Props) {
  const { t, to } = useTranslation(CONTACT);
  const page = to("contact");
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction?.split("#")[0] === page;
  const problems = FORM_NAMES.filter((name) => fieldErrors[name]);
  const formRef = useRef<HTMLFormElement>(null);
  // The date's and guests' labels follow the chosen service line (decision 0031).
  const [category, setCategory] = useState<Category>(asCategory(values.category));
  useEffect(() => {
    const select = formRef.current?.elements.namedItem("category");
    if (select instanceof HTMLSelectElement) setCategory(asCategory(select.value));
  }, [values]);

  // The draft (draft.ts) fills only fields still empty after a reload; gone after a success.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    if (sent) return clearDraft();
    restoreDraft(form);
    saveDraft(form);
  }, [sent]);

  // Kept in view once the router has scrolled to #enquiry, which may come after this effect.
  useEffect(() => {
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.focus();
    const frame = requestAnimationFrame(() => first.scrollIntoView({ block: "center" }));
    return () => cancelAnimationFrame(frame);
  }, [fieldErrors]);

  return (
    <Form
      method="post"
      action={`${page}#${ENQUIRY_ANCHOR}`}
      className={s.form}
      noValidate
      ref={formRef}
      aria-labelledby="form-title"
      onInput={(event) => saveDraft(event.currentTarget)}
    >
      {problems.length > 0 ? (
        <div className={s.problems}>
          <p className={s.problemsTitle}>{t.problemsTitle}</p>
          <ul className={s.problemsList}>
            {problems.map((name) => (
              <li key={name}>
                <a href={`#enquiry-${name}`}>
                  {t.labels[name]}: {fieldErrors[name]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={s.row}>
        <Field name="name" label={t.labels.name} value={values.name} error={fieldErrors.name}>
          {(attrs) => <input {...attrs} type="text" autoComplete="name" />}
        </Field>
        <Field name="email" label={t.labels.email} value={values.email} error={fieldErrors.email}>
          {(attrs) => <input {...attrs} type="email" autoComplete="email" />}
        </Field>
      </div>
      <div className={s.row}>
        <Field name="number" label={t.labels.number} value={values.number} error={fieldErrors.number}>
          {(attrs) => <input {...attrs} type="tel" inputMode="tel" autoComplete="tel" />}
        </Field>
        <Field name="category" label={t.labels.category} value={values.category} error={fieldErrors.category}>
          {(attrs) => (
            <select {...attrs} onChange={(event) => setCategory(asCategory(event.currentTarget.value))}>
              <option value="">{t.chooseCategory}</option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t.categories[category]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field name="message" label={t.labels.message} value={values.message} error={fieldErrors.message}>
        {(attrs) => <textarea {...attrs} rows={4} />}
      </Field>
      <fieldset className={s.details}>
        <legend className={s.detailsLegend}>{t.details}</legend>
        <p className={s.detailsHint}>{t.detailsHint}</p>
        <div className={s.pair}>
          <Field
            name="event_date"
            label={t.byService.event_date[category]}
            value={values.event_date}
            error={fieldErrors.event_date}
            required={false}
          >
            {(attrs) => <input {...attrs} type="date" placeholder="DD.MM.YYYY" />}
          </Field>
          <Field
            name="event_time"
            label={t.labels.event_time}
            value={values.event_time}
            error={fieldErrors.event_time}
            required={false}
          >
            {(attrs) => <input {...attrs} type="time" placeholder="22:00" />}
          </Field>
        </div>
        <div className={s.pair}>
          <Field
            name="guests"
            label={t.byService.guests[category]}
            value={values.guests}
            error={fieldErrors.guests}
            required={false}
          >
            {(attrs) => <input {...attrs} type="text" inputMode="numeric" autoComplete="off" />}
          </Field>
          <Field
            name="budget"
            label={t.labels.budget}
            value={values.budget}
            error={fieldErrors.budget}
            required={false}
          >
            {(attrs) => (
              <select {...attrs}>
                <option value="">{t.chooseBudget}</option>
                {BUDGETS.map((budget) => (
                  <option key={budget} value={budget}>
                    {t.options.budget[budget]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field name="city" label={t.labels.city} value={values.city} error={fieldErrors.city} required={false}>
          {(attrs) => (
            <select {...attrs}>
              {CITY_IDS.map((city) => (
                <option key={city} value={city}>
                  {t.options.city[city]}
                </option>
              ))}
              <option value="">{t.elsewhere}</option>
            </select>
          )}
        </Field>
      </fieldset>
      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div className={s.honeypot} aria-hidden="true">
        <label htmlFor={HONEYPOT_FIELD}>{t.honeypot}</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {/* Markup React leaves alone: a re-render would put the signed time's default value back. */}
      <span hidden dangerouslySetInnerHTML={{ __html: FORM_TIME_INPUT }} />
      <div className={s.actions}>
        <button type="submit" className={button.primary} disabled={sending} aria-disabled={sending}>
          {sending ? t.sending : t.send}
        </button>
      </div>
      <p className={s.privacy}>
        {t.privacyNote} <Link to={to("privacy")}>{t.privacyLink}</Link>
      </p>
    </Form>
  );
}

const asCategory = (value: string): Category =>
  (CATEGORIES as readonly string[]).includes(value) ? (value as Category) : "other";
