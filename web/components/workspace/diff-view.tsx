// Shows what changed in the text fields between two states: one line diff per field that differs.
import { useIntl, type IntlShape } from 'react-intl';
import { diffLines } from './text-diff';
import './no-lost-work.css';

export interface FieldTexts {
  label: string;
  before: string;
  after: string;
}

/** The text fields `keys` of an item (or of a revision's saved fields), labelled as the forms label them. */
export function textFields(intl: IntlShape, item: Record<string, unknown>, keys: readonly string[]): FieldTexts[] {
  return keys.map((key) => {
    const value = item[key];
    return {
      label: intl.formatMessage({ id: `ws.field.${key}` }),
      before: '',
      after: typeof value === 'string' ? value : '',
    };
  });
}

export function DiffView({ fields }: { fields: FieldTexts[] }) {
  const intl = useIntl();
  const changed = fields.filter((f) => f.before !== f.after);
  if (changed.length === 0) return <p>{intl.formatMessage({ id: 'rt.noDiff' })}</p>;
  return (
    <div className="ws-diff">
      {changed.map((f) => (
        <section key={f.label}>
          <h3>{f.label}</h3>
          <pre>
            {diffLines(f.before, f.after).map((line, i) => (
              <span key={i} className={`ws-diff-${line.kind}`}>
                {line.kind === 'added' ? (
                  <ins>+ {line.text}</ins>
                ) : line.kind === 'removed' ? (
                  <del>− {line.text}</del>
                ) : (
                  <> {line.text}</>
                )}
                {'\n'}
              </span>
            ))}
          </pre>
        </section>
      ))}
    </div>
  );
}
