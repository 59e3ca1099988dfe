import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CATEGORIES, HONEYPOT_FIELD, MAX_LENGTH, type EnquiryField, type EnquiryValues } from "~/enquiry/fields";
import { button } from "~/styles/ui.css";
import * as s from "./ContactForm.css";

type Props = {
  values: EnquiryValues;
  fieldErrors?: Partial<Record<EnquiryField, string>>;
};

type FieldProps = {
  name: EnquiryField;
  label: string;
  error?: string;
  children: (attrs: {
    id: string;
    name: EnquiryField;
    "aria-invalid"?: true;
    "aria-describedby"?: string;
    "aria-required": true;
    className: string;
  }) => React.ReactNode;
};

function Field({ name, label, error, children }: FieldProps) {
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
        "aria-required": true,
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

/** "Send us a message". Validation is the server's (one schema for every client, with or
 * without JavaScript), so the browser's own required-field bubbles are switched off with
 * noValidate and the spec's warning toast speaks instead. */
export function ContactForm({ values, fieldErrors = {} }: Props) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const formRef = useRef<HTMLFormElement>(null);

  // After a rejected submit, put focus on the first field that needs attention.
  useEffect(() => {
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [fieldErrors]);

  return (
    <Form method="post" action="/contact" className={s.form} noValidate ref={formRef} aria-labelledby="form-title">
      <div className={s.row}>
        <Field name="name" label="Name" error={fieldErrors.name}>
          {(attrs) => (
            <input {...attrs} type="text" autoComplete="name" maxLength={MAX_LENGTH.name} defaultValue={values.name} />
          )}
        </Field>
        <Field name="email" label="E-mail" error={fieldErrors.email}>
          {(attrs) => (
            <input
              {...attrs}
              type="email"
              autoComplete="email"
              maxLength={MAX_LENGTH.email}
              defaultValue={values.email}
            />
          )}
        </Field>
      </div>
      <div className={s.row}>
        <Field name="number" label="Phone number" error={fieldErrors.number}>
          {(attrs) => (
            <input
              {...attrs}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={MAX_LENGTH.number}
              defaultValue={values.number}
            />
          )}
        </Field>
        <Field name="category" label="Category" error={fieldErrors.category}>
          {(attrs) => (
            <select {...attrs} defaultValue={values.category}>
              <option value="">Choose a category</option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field name="message" label="Message" error={fieldErrors.message}>
        {(attrs) => <textarea {...attrs} rows={4} maxLength={MAX_LENGTH.message} defaultValue={values.message} />}
      </Field>
      {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
      <div className={s.honeypot} aria-hidden="true">
        <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
        <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div className={s.actions}>
        <button type="submit" className={button.primary} disabled={sending} aria-disabled={sending}>
          {sending ? "Sending…" : "Send message"}
        </button>
      </div>
    </Form>
  );
}
