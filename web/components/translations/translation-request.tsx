// Asking to publish translations (issue 29, decision 054): while the item is public, its draft translations can
// be named in one publication request, which an admin approves like the item's own.
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ContentType } from '#schema/enums';
import type { WorkspaceTranslation } from '#schema/workspace';
import { useForm } from '../screen-kit/use-form';
import { Checkbox } from '../workspace/fields';
import { useAskPublication } from '../workspace/ask-publication';
import { useLanguageName } from './language-bar';

export function TranslationRequest({
  contentId,
  type,
  translations,
}: {
  contentId: string;
  type: ContentType;
  translations: readonly WorkspaceTranslation[] | undefined;
}) {
  const nameOf = useLanguageName();
  const drafts = (translations ?? []).filter((t) => t.state === 'draft');
  const [initial] = useState<{ languages: string[] }>({ languages: [] });
  const form = useForm({ initial });
  const askPublication = useAskPublication(form, initial);
  const { values, set, ref: formElement } = form;
  if (drafts.length === 0) return null;

  async function ask() {
    if (values.languages.length === 0) return;
    await askPublication(contentId, type, null, null, values.languages);
  }

  return (
    <form ref={formElement} className="ws-request" noValidate onSubmit={form.onSubmit(ask)}>
      <fieldset>
        <legend>
          <FormattedMessage id="tr.requestLanguages" />
        </legend>
        {drafts.map((t) => (
          <Checkbox
            key={t.language}
            label={nameOf(t.language)}
            checked={values.languages.includes(t.language)}
            onChange={(e) =>
              set(
                'languages',
                e.currentTarget.checked
                  ? [...values.languages, t.language]
                  : values.languages.filter((l) => l !== t.language),
              )
            }
          />
        ))}
      </fieldset>
      {form.alert && (
        <p className="field-error" role="alert">
          {form.alert}
        </p>
      )}
      <button
        type="submit"
        className="button"
        disabled={form.busy || values.languages.length === 0}
        aria-busy={form.busy}
      >
        <FormattedMessage id="ws.publication.request" />
      </button>
    </form>
  );
}
