import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

type Props = {
  /** What the action is asked to do (its schema's `intent`); none for an action that does one thing. */
  intent?: string;
  /** The hidden fields that say what it is done to, in this order. */
  fields?: Record<string, string>;
  /** The button's class and its accessible name, when the label alone does not say which. */
  className: string;
  label?: string;
  /** The form's class. */
  formClassName?: string;
  /** A button that would do nothing here (moving the first photo up). */
  disabled?: boolean;
  children: ReactNode;
};

/** A staff action as one button: a form (a plain post, so it works without JavaScript) holding
 * the intent and the hidden fields it acts on. */
export function IntentButton({ intent, fields = {}, className, label, formClassName, disabled, children }: Props) {
  return (
    <Form method="post" className={formClassName}>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} aria-label={label} disabled={disabled}>
        {children}
      </button>
    </Form>
  );
}
