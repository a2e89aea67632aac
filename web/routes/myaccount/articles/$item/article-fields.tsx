// The article form's fields: title, type, channel, teaser, the text in the rich-text editor (loaded on demand,
// decision 028), categories, thumbnail and flags.
import { useIntl } from 'react-intl';
import type { Article } from '#schema/entities';
import { ARTICLE_TYPES } from '#schema/enums';
import { listUserChannels } from '#web/api/channels-edit';
import type { Form } from '#web/components/screen-kit/use-form';
import { SelectField } from '#web/components/workspace/fields';
import BodyField from '#web/components/rich-text/body-field';
import type { CollabPluginProps } from '#web/components/rich-text/collab/collab-plugin';
import type { EditorMedia, PictureUpload } from '#web/components/rich-text/nodes';
import { CategoriesField, FlagFields, TeaserField, TitleField } from '#web/components/workspace/form-page';
import { ImagePicker } from '#web/components/workspace/image-picker';
import { useQuery } from '#web/data/cache';
import { keys } from '#web/data/keys';
import { ARTICLE_FLAGS, type ArticleValues } from './changes';

export function ArticleFields({
  form,
  article,
  ownerId,
  admin,
  editorKey,
  uploadPicture,
  collab,
}: {
  form: Form<ArticleValues>;
  article: Article | null;
  ownerId: string | undefined;
  admin: boolean;
  /** Changes when the editor must load the values' text again (a restored draft, a reloaded article). */
  editorKey: number;
  /** A new picture from the editor's Insert picture, into the gallery; absent where the article can take none. */
  uploadPicture: PictureUpload | undefined;
  /** The article's co-editing room (an existing article's form): the text, title and teaser are shared. */
  collab?: CollabPluginProps | undefined;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { values, set, errors } = form;
  const channels = useQuery(ownerId ? keys.userChannels(ownerId) : null, () => listUserChannels(ownerId!));
  return (
    <>
      <TitleField form={form} name="title" />
      <div className="field-row">
        <SelectField
          label={t('ws.field.type')}
          value={values.type}
          onChange={(e) => set('type', e.currentTarget.value as ArticleValues['type'])}
          error={errors.type}
        >
          {ARTICLE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`ws.articleType.${type}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('ws.field.channel')}
          value={values.channelId}
          onChange={(e) => set('channelId', e.currentTarget.value)}
          error={errors.channelId}
        >
          <option value="">{t('ws.field.noChannel')}</option>
          {(channels.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
      </div>
      <TeaserField form={form} />
      <BodyField
        key={editorKey}
        label={t('ws.field.description')}
        value={values.body}
        onChange={(doc) => set('body', doc)}
        media={editorMedia(article, uploadPicture)}
        error={errors.body}
        collab={collab}
      />
      <CategoriesField form={form} />
      <ImagePicker
        label={t('ws.field.thumbnail')}
        current={values.removeThumbnail ? null : (article?.thumbnailHref ?? null)}
        file={values.thumbnail}
        onFile={(file) => set('thumbnail', file)}
        onRemove={article?.thumbnailHref ? () => set('removeThumbnail', true) : undefined}
      />
      <FlagFields flags={ARTICLE_FLAGS} values={values} onChange={set} published={admin && !!article} />
    </>
  );
}

/** The article's pictures and videos, as the editor offers them to be placed in the text, and the upload of a new one. */
function editorMedia(article: Article | null, upload: PictureUpload | undefined): EditorMedia {
  const media = article?.media;
  return {
    images: media?.kind === 'gallery' ? media.images : [],
    videos: media?.kind === 'video' ? media.videos : [],
    upload,
    // A new article takes pictures too (the first upload saves its draft): only videos keep them out.
    noUpload: upload ? undefined : 'videos',
  };
}
