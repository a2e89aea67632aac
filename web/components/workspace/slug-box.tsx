// The address of an article or channel in its form: /article/{slug} or /chan/{slug} works besides its id. Saved on
// its own (PUT /slugs/{id}), checked with the shared slug schema first.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LIMITS, slug as slugSchema } from '#schema/requests';
import { putSlug } from '#web/api/slugs-edit';
import { write } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { TextField } from '../form';
import { useNotify } from '../notifications';
import { errorText } from '../error-text';

export function SlugBox({ kind, id, slug }: { kind: 'article' | 'channel'; id: string; slug: string }) {
  const intl = useIntl();
  const notify = useNotify();
  const [value, setValue] = useState(slug);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new slug from the server (saved here or elsewhere) is the field's value again.
  const [slugOf, setSlugOf] = useState(slug);
  if (slugOf !== slug) {
    setSlugOf(slug);
    setValue(slug);
  }
  const save = async () => {
    const parsed = slugSchema.safeParse(value);
    if (!parsed.success) return setError(intl.formatMessage({ id: 'ws.slug.invalid' }));
    setError(null);
    setBusy(true);
    try {
      const entity = kind === 'article' ? keys.article(id) : keys.channel(id);
      await write(() => putSlug(id, parsed.data, kind), { invalidate: [entity, ['workspace']] });
      notify({ kind: 'success', message: intl.formatMessage({ id: 'ws.slug.saved' }) });
    } catch (err) {
      setError(errorText(err, intl));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ws-box">
      <div className="ws-inline-form">
        <TextField
          label={intl.formatMessage({ id: 'ws.slug.label' })}
          name="slug"
          value={value}
          maxLength={LIMITS.slug}
          hint={intl.formatMessage({ id: kind === 'article' ? 'ws.slug.hint' : 'ws.slug.channelHint' })}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={error ?? undefined}
        />
        <button
          type="button"
          className="button button-secondary"
          disabled={busy || value === slug}
          onClick={() => void save()}
        >
          {intl.formatMessage({ id: 'ws.slug.save' })}
        </button>
      </div>
    </section>
  );
}
