// Form fields the workspace needs beyond web/components/form.tsx: checkboxes, selects, and the category tree.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { Category } from '#schema/entities';
import { describedBy, FieldFrame, FieldNotes } from '../form';

export function Checkbox({
  label,
  hint,
  ...input
}: { label: string; hint?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId();
  return (
    <div className="ws-check">
      <input id={id} type="checkbox" aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      <label htmlFor={id}>{label}</label>
      <FieldNotes id={id} hint={hint} />
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  children,
  ...select
}: {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

/** The categories as a tree of checkboxes (roots first, children indented), siblings by ordinal then title. */
export function CategoryPicker({
  legend,
  categories,
  selected,
  onChange,
  error,
}: {
  legend: string;
  categories: readonly Category[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
}) {
  const known = new Set(categories.map((c) => c.id));
  const childrenOf = (parentId: string | null) =>
    categories
      .filter((c) => (parentId === null ? c.parentId === null || !known.has(c.parentId) : c.parentId === parentId))
      .sort((a, b) => a.ordinal - b.ordinal || a.title.localeCompare(b.title));
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((s) => s !== id));
  const seen = new Set<string>();
  const branch = (parentId: string | null): ReactNode => {
    const list = childrenOf(parentId).filter((c) => !seen.has(c.id) && seen.add(c.id));
    if (list.length === 0) return null;
    return (
      <ul className="ws-tree">
        {list.map((c) => (
          <li key={c.id}>
            <Checkbox
              label={c.title}
              checked={selected.includes(c.id)}
              onChange={(e) => toggle(c.id, e.currentTarget.checked)}
            />
            {branch(c.id)}
          </li>
        ))}
      </ul>
    );
  };
  return (
    <fieldset className={error ? 'ws-categories field-invalid' : 'ws-categories'}>
      <legend>{legend}</legend>
      {branch(null)}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}
