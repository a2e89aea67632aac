// A category's title per language in the category tree (issue 29): ADMIN edits each translation's title beside the
// category's own; the first save of a language creates its translation, later ones name the version they read.
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Category } from '#schema/entities';
import { ApiError } from '#web/api/errors';
import { createTranslation, getTranslation, updateTranslation, type Translation } from '#web/api/translations';
import { errorText } from '#web/components/error-text';
import { TextField } from '#web/components/form';
import { useNotify } from '#web/components/notifications';
import { useContentLanguages, useLanguageName } from '#web/components/translations/language-bar';
import { invalidate } from '#web/data/cache';

export function CategoryTitles({ category }: { category: Category }) {
  const id = useId();
  // Every configured language but the category's own.
  const all = useContentLanguages();
  const source = category.sourceLanguage ?? all[0];
  const languages = all.filter((l) => l !== source);
  if (languages.length === 0) return null;
  return (
    <section className="admin-category-titles" aria-labelledby={`${id}-titles`}>
      <h3 id={`${id}-titles`}>
        <FormattedMessage id="tr.categoryTitles" />
      </h3>
      {languages.map((language) => (
        <CategoryTitle key={language} category={category} language={language} />
      ))}
    </section>
  );
}

function CategoryTitle({ category, language }: { category: Category; language: string }) {
  const intl = useIntl();
  const notify = useNotify();
  const nameOf = useLanguageName();
  const [stored, setStored] = useState<Translation | null | undefined>(undefined);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    getTranslation('categories', category.id, language).then(
      (t) => {
        if (!live) return;
        setStored(t);
        setTitle(t.title ?? '');
      },
      (err: unknown) => {
        if (!live) return;
        // 404: no translation in this language yet, the first save creates it.
        setStored(null);
        if (!(err instanceof ApiError && err.code === 404)) setError(errorText(err, intl));
      },
    );
    return () => {
      live = false;
    };
  }, [category.id, language, intl]);

  async function save() {
    setBusy(true);
    setError(undefined);
    try {
      const saved = stored
        ? await updateTranslation('categories', category.id, language, stored.version, { title })
        : await createTranslation('categories', category.id, language, { title });
      setStored(saved);
      await invalidate(['categories'], ['category', category.id]);
      notify({
        kind: 'success',
        message: intl.formatMessage({ id: 'tr.categorySaved' }, { language: nameOf(language) }),
      });
    } catch (err) {
      setError(errorText(err, intl));
    } finally {
      setBusy(false);
    }
  }

  const label = intl.formatMessage({ id: 'tr.categoryTitle' }, { language: nameOf(language) });
  return (
    <form
      className="admin-category-title"
      lang={language}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <TextField
        label={label}
        name={`title-${language}`}
        value={title}
        placeholder={category.title}
        disabled={stored === undefined}
        onChange={(e) => setTitle(e.currentTarget.value)}
        error={error}
      />
      <button type="submit" className="button button-small" disabled={busy || stored === undefined || !title.trim()}>
        <FormattedMessage id="admin.save" />
      </button>
    </form>
  );
}
