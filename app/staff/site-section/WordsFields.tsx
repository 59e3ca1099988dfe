import type { SiteWordsText } from "~/i18n/site-words";

type Field = keyof SiteWordsText["fields"];
export type FieldProblem = { field: string; code: keyof SiteWordsText["errors"]; max?: number };

type Common = {
  t: SiteWordsText;
  values: Record<string, string>;
  errors: readonly FieldProblem[];
  source?: string;
  lines?: boolean;
  hint?: string;
};

const idOf = (name: string) => `w-${name.replace(/\./g, "-")}`;

export function why(t: SiteWordsText, e: FieldProblem): string {
  const m = t.errors[e.code];
  return typeof m === "function" ? m(e.max ?? 0) : m;
}

function Input({ name, label, lines, values, errors, t }: Common & { name: string; label: string }) {
  const error = errors.find((e) => e.field === name);
  const id = idOf(name);
  const props = {
    id,
    name,
    defaultValue: values[name] ?? "",
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  };
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      {lines ? <textarea rows={5} {...props} /> : <input type="text" {...props} />}
      {error ? (
        <p id={`${id}-error`} className="staff-error">
          {why(t, error)}
        </p>
      ) : null}
    </div>
  );
}

export function BilingualField(props: Common & { field: Field }) {
  const { t, field, source, hint } = props;
  return (
    <fieldset className="words-field">
      <legend>{t.fields[field]}</legend>
      {hint ? <p className="staff-hint">{hint}</p> : null}
      <div className="words-pair">
        {(["en", "hr"] as const).map((l) => (
          <Input key={l} {...props} name={`${field}.${l}`} label={t.languages[l]} />
        ))}
      </div>
      {source ? <p className="staff-hint">{source}</p> : null}
    </fieldset>
  );
}

export function SingleField(props: Common & { name: string; label: string }) {
  return (
    <div className="words-single words-field">
      <Input {...props} />
      {props.hint ? <p className="staff-hint">{props.hint}</p> : null}
      {props.source ? <p className="staff-hint">{props.source}</p> : null}
    </div>
  );
}

/** "title.en" → "Title (English)"; "venues.hvar" → "Venues: Hvar". */
export function fieldLabel(t: SiteWordsText, field: string): string {
  const [head, tail] = field.split(".") as [Field, string | undefined];
  const name = t.fields[head] ?? head;
  if (tail === "en" || tail === "hr") return `${name} (${t.languages[tail]})`;
  if (tail) return `${name}: ${t.cities[tail as keyof SiteWordsText["cities"]] ?? tail}`;
  return name;
}
