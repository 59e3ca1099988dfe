import type { ReactNode } from "react";

type Props = {
  label: string;
  /** The query parameter it sets. */
  name: string;
  /** The filter's value now (none: "any"). */
  value: string | undefined;
  /** The label of "no narrowing". */
  any: string;
  /** Each option's value and what a person reads for it. */
  options: readonly (readonly [string, ReactNode])[];
};

/** One of the inbox's filters: a labelled `<select>` in its GET form, "any" first. */
export function FilterSelect({ label, name, value, any, options }: Props) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value ?? ""}>
        <option value="">{any}</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A filter's options from its values and what a person reads for each. */
export const choices = <T extends string>(values: readonly T[], text: (value: T) => ReactNode = (value) => value) =>
  values.map((value) => [value, text(value)] as const);
