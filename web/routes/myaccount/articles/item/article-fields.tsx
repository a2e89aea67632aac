// The article form's fields: title, type, channel, teaser, text, categories, thumbnail and flags.
import { useIntl } from 'react-intl';
import type { Article } from '../../../../../schema/entities';
import { ARTICLE_TYPES } from '../../../../../schema/enums';
import { listUserChannels } from '../../../../api/channels-edit';
import type { Form } from '../../../../components/screen-kit/use-form';
import { SelectField } from '../../../../components/workspace/fields';
import { CategoriesField, FlagFields, TeaserAndText, TitleField } from '../../../../components/workspace/form-page';
import { ImagePicker } from '../../../../components/workspace/image-picker';
import { useQuery } from '../../../../data/cache';
import { keys } from '../../../../data/keys';
import { ARTICLE_FLAGS, type ArticleValues } from './changes';

export function ArticleFields({
  form,
  article,
  ownerId,
  admin,
}: {
  form: Form<ArticleValues>;
  article: Article | null;
  ownerId: string | undefined;
  admin: boolean;
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
      <TeaserAndText form={form} textRows={10} />
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
