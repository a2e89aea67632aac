// A translation beside its source (issue 29): the source's text read-only on the left (stacked above on phones),
// the translation's fields on the right with the form's own pieces: the rich-text editor and its toolbar, the draft
// kept in this browser, the offline retry and the conflict dialog (useNoLostWork), Save naming the version the form
// started from, the translation's own revisions (RevisionsBox with its language) and, for a gallery or video article,
// the titles of its pictures or videos beside the source's. A missing translation is created by its first save
// (POST), an existing one saved with PUT. An existing article translation is written together in its own co-editing
// room (decision 051), bound as the article form's: presence and status above it, the text, title and teaser shared.
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { ArticleDocument } from '#schema/document';
import { plainText } from '#schema/document-text';
import type { Media } from '#schema/entities';
import {
  createTranslation,
  getTranslation,
  updateTranslation,
  type Translation,
  type TranslationFields,
  type TranslationKind,
} from '#web/api/translations';
import { FormAlert, TextArea, TextField } from '#web/components/form';
import { useNotify } from '#web/components/notifications';
import BodyField from '#web/components/rich-text/body-field';
import { CollabBar, useSharedFields } from '#web/components/rich-text/collab/collab-bar';
import { useArticleRoom } from '#web/components/rich-text/collab/use-room';
import DocumentRenderer from '#web/components/rich-text/document-renderer';
import { useForm } from '#web/components/screen-kit/use-form';
import { textFields, type FieldTexts } from '#web/components/workspace/diff-view';
import { useNoLostWork, useStartedFrom } from '#web/components/workspace/no-lost-work';
import { RevisionsBox } from '#web/components/workspace/revisions';
import { LoadError, Loading } from '#web/components/view-state';
import { useSession } from '#web/session/session';
import { useLanguageName } from './language-bar';
import { MediaTitleFields, mediaItems, titlesText, titlesToSend, type MediaTitles } from './media-titles';
import './translations.css';

type TextKey = 'title' | 'name' | 'teaser' | 'description' | 'infoText';

/** What each kind translates: its plain text fields (long ones as text areas) and whether it has a formatted text. */
const FIELDS: Record<TranslationKind, { texts: TextKey[]; long: TextKey[]; body: boolean }> = {
  articles: { texts: ['title', 'teaser'], long: ['teaser'], body: true },
  channels: { texts: ['name', 'infoText'], long: ['infoText'], body: false },
  news: { texts: ['title', 'teaser'], long: ['teaser'], body: false },
  categories: { texts: ['title', 'description'], long: ['description'], body: false },
};
const LOST_WORK_KIND = { articles: 'article', channels: 'channel', news: 'news', categories: 'category' } as const;
/** The kinds whose translations keep revisions (categories keep none, decision 054). */
const REVISION_KIND = { articles: 'article', channels: 'channel', news: 'news', categories: null } as const;

type Values = Record<TextKey, string> & { body: ArticleDocument; mediaTitles: MediaTitles };

const EMPTY_DOCUMENT: ArticleDocument = { version: 1, children: [] };

function valuesOf(t: Partial<Translation> | null): Values {
  return {
    title: t?.title ?? '',
    name: t?.name ?? '',
    teaser: t?.teaser ?? '',
    description: t?.description ?? '',
    infoText: t?.infoText ?? '',
    body: t?.body ?? EMPTY_DOCUMENT,
    mediaTitles: t?.mediaTitles ?? {},
  };
}

/** The text fields a conflict compares: the formatted text as plain text, the media titles a line each. */
function textsOf(intl: IntlShape, kind: TranslationKind, t: Partial<Translation>, media?: Media): FieldTexts[] {
  const { texts, body } = FIELDS[kind];
  if (!body) return textFields(intl, t, texts);
  const fields = textFields(intl, { ...t, description: t.body ? plainText(t.body) : '' }, [...texts, 'description']);
  if (media) {
    fields.push({
      label: intl.formatMessage({ id: 'tr.mediaTitles' }),
      before: '',
      after: titlesText(media, t.mediaTitles),
    });
  }
  return fields;
}

/** The source item's text as the left column shows it. */
export interface TranslationSource {
  language: string;
  fields: Partial<Record<TextKey, string>>;
  body?: ArticleDocument | null | undefined;
  /** The article's media, for the pictures its text places. */
  media?: Media | undefined;
}

export interface TranslationEditorProps {
  kind: TranslationKind;
  id: string;
  language: string;
  /** Whether the translation exists (else the first save creates it). */
  exists: boolean;
  source: TranslationSource;
  /** The pictures and videos the formatted text may place (the article's). */
  editorMedia?: {
    images: { id: string; href: string; title: string }[];
    videos: { id: string; href: string; title: string; thumbnailHref: string | null }[];
  };
  onSaved: (saved: Translation) => void;
  onClose: () => void;
}

/**
 * Whether `theirs` (a newer save of the translation) differs from `base` only where its co-editing room writes
 * (title, teaser, text) and in what a save changes anyway (version, the outdated mark): its address, state or media
 * titles changed by someone else are a conflict.
 */
export const onlyRoomChanges = (base: Translation, theirs: Translation) =>
  base.slug === theirs.slug &&
  base.state === theirs.state &&
  JSON.stringify(base.mediaTitles) === JSON.stringify(theirs.mediaTitles);

/** Loads an existing translation, then shows the form; a missing one starts empty. */
export function TranslationEditor(props: TranslationEditorProps) {
  const { kind, id, language, exists } = props;
  const intl = useIntl();
  const [loaded, setLoaded] = useState<{ item: Translation | null; error?: unknown } | null>(
    exists ? null : { item: null },
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!exists) return;
    let live = true;
    getTranslation(kind, id, language).then(
      (item) => live && setLoaded({ item }),
      (error: unknown) => live && setLoaded({ item: null, error }),
    );
    return () => {
      live = false;
    };
  }, [kind, id, language, exists, attempt]);
  if (!loaded) return <Loading />;
  if (loaded.error) {
    return (
      <LoadError
        error={loaded.error}
        notFound={intl.formatMessage({ id: 'tr.notFound' })}
        onRetry={() => setAttempt((a) => a + 1)}
      />
    );
  }
  return <TranslationForm {...props} translation={loaded.item} />;
}

function TranslationForm({
  kind,
  id,
  language,
  source,
  editorMedia,
  translation,
  onSaved,
  onClose,
}: TranslationEditorProps & { translation: Translation | null }) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: key }, values);
  const notify = useNotify();
  const nameOf = useLanguageName();
  const [latest, setLatest] = useState(translation);
  const base = useStartedFrom(latest);
  const started = base.started;
  const initial = useMemo(() => valuesOf(started), [started]);
  const form = useForm({ initial, leaveMessage: t('ws.leave') });
  base.follow(form.dirty);
  const { ref: formElement } = form;
  const [editorKey, setEditorKey] = useState(0);
  const spec = FIELDS[kind];
  // An existing article translation's room (decision 051): the form edits alone until the room's document arrived,
  // then the editor reloads in the room (unless a shared field was changed meanwhile); the source stays read-only.
  const { user } = useSession();
  const touched = () =>
    form.values.title !== initial.title ||
    form.values.teaser !== initial.teaser ||
    JSON.stringify(form.values.body) !== JSON.stringify(initial.body);
  const roomOf = kind === 'articles' && translation ? id : undefined;
  const reload = () => setEditorKey((k) => k + 1);
  const { connection, mode } = useArticleRoom(roomOf, user, touched, reload, language);
  const joined = mode === 'joined' ? connection : null;
  const collab = useMemo(() => (joined ? { connection: joined } : undefined), [joined]);
  useSharedFields(joined?.handle ?? null, form);
  const guard = useNoLostWork<Values, Translation>({
    kind: LOST_WORK_KIND[kind],
    id: `${id}:${language}`,
    form,
    keep: keepValues,
    started,
    version: started?.version,
    current: async () => {
      const item = await getTranslation(kind, id, language);
      return { item, version: item.version };
    },
    textsOf: (item) => textsOf(intl, kind, item, source.media),
    load: ({ item }) => {
      setLatest(item);
      form.setValues(valuesOf(item));
      setEditorKey((k) => k + 1);
    },
    restore: (values) => {
      form.setValues(values);
      setEditorKey((k) => k + 1);
    },
    // Live in the translation's room (connected, synced), a save that meets the room's own newer save goes over it
    // (decision 051).
    takeIn: ({ item }) =>
      !!started && joined?.handle.status() === 'live' && joined.handle.ready() && onlyRoomChanges(started, item),
  });

  const fieldsOf = (v: Values): TranslationFields => {
    const out: TranslationFields = {};
    for (const key of spec.texts) out[key] = v[key];
    if (spec.body) {
      out.body = v.body;
      // Only an article with pictures or videos has titles to translate.
      if (mediaItems(source.media).length) out.mediaTitles = titlesToSend(source.media, v.mediaTitles);
    }
    return out;
  };

  async function submit(overVersion?: number) {
    const fields = fieldsOf(form.values);
    await form.send(async () => {
      try {
        const saved = started
          ? await updateTranslation(kind, id, language, overVersion ?? started.version, fields)
          : await createTranslation(kind, id, language, fields);
        guard.saved();
        base.saved(saved.version);
        setLatest(saved);
        form.markSaved(valuesOf(saved));
        notify({ kind: 'success', message: t('tr.saved', { language: nameOf(language) }) });
        onSaved(saved);
      } catch (err) {
        if (!(await guard.failed(err, submit))) throw err;
      }
    });
  }

  const name = nameOf(language);
  return (
    <section className="ws-box ws-translation" aria-labelledby={`translation-${id}-${language}`}>
      <h2 id={`translation-${id}-${language}`}>{t('tr.heading', { language: name })}</h2>
      {roomOf && <CollabBar room={connection?.handle ?? null} mode={mode} />}
      {guard.notices}
      <div className="ws-translation-columns">
        <section
          className="ws-translation-source"
          aria-label={t('tr.source', { language: nameOf(source.language) })}
          lang={source.language}
        >
          <h3>{t('tr.source', { language: nameOf(source.language) })}</h3>
          {spec.texts.map((key) => (
            <div key={key} className="ws-translation-source-field">
              <span className="field-label">{t(`ws.field.${key}`)}</span>
              <p>{source.fields[key] ?? ''}</p>
            </div>
          ))}
          {spec.body && source.body && (
            <div className="ws-translation-source-field">
              <span className="field-label">{t('ws.field.description')}</span>
              <div className="rich-text">
                <DocumentRenderer
                  document={source.body}
                  media={source.media ?? null}
                  articleTitle={source.fields.title ?? ''}
                />
              </div>
            </div>
          )}
        </section>
        <form
          ref={formElement}
          noValidate
          lang={language}
          className="ws-form ws-translation-target"
          aria-label={t('tr.heading', { language: name })}
          onSubmit={form.onSubmit(() => submit())}
        >
          <FormAlert message={form.alert} />
          {spec.texts.map((key) =>
            spec.long.includes(key) ? (
              <TextArea
                key={key}
                label={t(`ws.field.${key}`)}
                name={key}
                rows={3}
                value={form.values[key]}
                onChange={(e) => form.set(key, e.currentTarget.value)}
                error={form.errors[key]}
              />
            ) : (
              <TextField
                key={key}
                label={t(`ws.field.${key}`)}
                name={key}
                required
                value={form.values[key]}
                onChange={(e) => form.set(key, e.currentTarget.value)}
                error={form.errors[key]}
              />
            ),
          )}
          {spec.body && (
            <BodyField
              key={editorKey}
              label={t('ws.field.description')}
              value={form.values.body}
              onChange={(doc) => form.set('body', doc)}
              media={{ images: editorMedia?.images ?? [], videos: editorMedia?.videos ?? [] }}
              error={form.errors.body}
              collab={collab}
            />
          )}
          {spec.body && (
            <MediaTitleFields
              media={source.media}
              sourceLanguage={source.language}
              value={form.values.mediaTitles}
              onChange={(titles) => form.set('mediaTitles', titles)}
            />
          )}
          <p className="actions">
            <button type="submit" className="button" disabled={form.busy}>
              {t('tr.save', { language: name })}
            </button>
            <button type="button" className="button button-secondary" onClick={onClose}>
              <FormattedMessage id="tr.close" />
            </button>
          </p>
        </form>
      </div>
      {latest && REVISION_KIND[kind] && (
        <RevisionsBox
          type={REVISION_KIND[kind]}
          id={id}
          language={language}
          version={latest.version}
          current={latest}
          textsOf={(fields) => textsOf(intl, kind, fields, source.media)}
          onRestored={(result) => {
            const saved = result as Translation;
            guard.saved();
            base.saved(saved.version);
            setLatest(saved);
            form.setValues(valuesOf(saved));
            form.markSaved(valuesOf(saved));
            setEditorKey((k) => k + 1);
            onSaved(saved);
          }}
        />
      )}
      {guard.dialog}
      {form.leaveDialog}
    </section>
  );
}

/** Everything in the values can be kept in the browser (no files). */
const keepValues = (v: Values): Values => v;
