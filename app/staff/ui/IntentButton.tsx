import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

type Props = {
  intent?: string;
  fields?: Record<string, string>;
  className: string;
  label?: string;
  formClassName?: string;
  disabled?: boolean;
  children: ReactNode;
};

/** A plain post, so it works without JavaScript. */
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
