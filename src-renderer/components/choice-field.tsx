/** A labelled drop-down over a fixed list of names, each shown by its own words. */
import { useId } from 'react';

interface ChoiceFieldProps<Name extends string> {
  label: string;
  names: readonly Name[];
  labels: Readonly<Record<Name, string>>;
  value: Name;
  onChange(next: NoInfer<Name>): void;
}

export function ChoiceField<Name extends string>({ label, names, labels, value, onChange }: ChoiceFieldProps<Name>) {
  const id = useId();
  return (
    <label className="field" htmlFor={id}>
      <span>{label}</span>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Name)}>
        {names.map((name) => (
          <option key={name} value={name}>
            {labels[name]}
          </option>
        ))}
      </select>
    </label>
  );
}
