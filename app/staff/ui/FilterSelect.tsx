import type { ReactNode } from "react";

type Props = {
  label: string;
  name: string;
  value: string | undefined;
  any: string;
  options: readonly (readonly [string, ReactNode])[];
};

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

export const choices = <T extends string>(values: readonly T[], text: (value: T) => ReactNode = (value) => value) =>
  values.map((value) => [value, text(value)] as const);
