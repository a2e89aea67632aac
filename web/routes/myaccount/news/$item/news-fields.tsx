// The news item form's fields: title, teaser, text, what it points at (chosen with the search type-ahead), when it
// is published, and its thumbnail.
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { SearchItem } from '#schema/entities';
import type { WorkspaceNewsItem } from '#schema/workspace';
import { TeaserAndText, TitleField } from '#web/components/workspace/form-page';
import type { Form } from '#web/components/screen-kit/use-form';
import SearchBox from '#web/components/search-box';
import { ImagePicker } from '#web/components/workspace/image-picker';
import { contentPath } from '#web/paths';

const REF_KINDS = ['article', 'channel'] as const;

export type NewsRef = { kind: 'article' | 'channel'; id: string; title: string };

export interface NewsValues {
  title: string;
  description: string;
  teaser: string;
  ref: NewsRef | null;
  publishedAt: string;
  thumbnail: File | null;
  removeThumbnail: boolean;
}

export function NewsFields({ form, item }: { form: Form<NewsValues>; item: WorkspaceNewsItem | null }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { values, set } = form;
  return (
    <>
      <TitleField form={form} name="title" />
      <TeaserAndText form={form} textRows={6} />
      <RefField form={form} />
      <div className="field">
        <label htmlFor="ws-news-published">{t('ws.news.publishedAt')}</label>
        <input
          id="ws-news-published"
          type="datetime-local"
          value={values.publishedAt}
          onChange={(e) => set('publishedAt', e.currentTarget.value)}
          aria-describedby="ws-news-published-hint"
        />
        <p className="field-hint" id="ws-news-published-hint">
          {t('ws.news.publishedAtHint')}
        </p>
      </div>
      <ImagePicker
        label={t('ws.field.thumbnail')}
        current={values.removeThumbnail ? null : (item?.thumbnailHref ?? null)}
        file={values.thumbnail}
        onFile={(file) => set('thumbnail', file)}
        onRemove={item?.thumbnailHref ? () => set('removeThumbnail', true) : undefined}
      />
    </>
  );
}

/** The article or channel the item points at, or the type-ahead to choose one. */
function RefField({ form }: { form: Form<NewsValues> }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { values, set, errors } = form;
  const choose = (hit: SearchItem) =>
    set('ref', { kind: hit.kind as NewsRef['kind'], id: hit.value, title: hit.label });
  return (
    <fieldset className={errors.ref ? 'ws-ref field-invalid' : 'ws-ref'}>
      <legend>{t('ws.news.ref')}</legend>
      {values.ref ? (
        <p>
          <strong>
            {intl.formatMessage(
              { id: values.ref.kind === 'article' ? 'ws.news.refArticle' : 'ws.news.refChannel' },
              { title: values.ref.title },
            )}
          </strong>{' '}
          <Link to={contentPath(values.ref.kind, values.ref.id)} target="_blank" rel="noreferrer">
            {t('ws.viewPublic')}
          </Link>{' '}
          <button type="button" className="link-button" onClick={() => set('ref', null)}>
            {t('ws.news.refChange')}
          </button>
        </p>
      ) : (
        <SearchBox onChoose={choose} kinds={REF_KINDS} label={t('ws.news.refSearch')} />
      )}
      {errors.ref && <p className="field-error">{errors.ref}</p>}
    </fieldset>
  );
}
