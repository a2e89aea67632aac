// The channel form's fields: name, info text, categories, portrait and banner, cover, flags.
import { useIntl } from 'react-intl';
import type { Channel } from '#schema/entities';
import { LIMITS } from '#schema/requests';
import { TextArea } from '#web/components/form';
import type { Form } from '#web/components/screen-kit/use-form';
import { CategoriesField, FlagFields, TitleField } from '#web/components/workspace/form-page';
import { ImagePicker } from '#web/components/workspace/image-picker';
import { CHANNEL_FLAGS, type ChannelValues } from './changes';
import { CoverField } from './cover-field';

export function ChannelFields({
  form,
  channel,
  admin,
}: {
  form: Form<ChannelValues>;
  channel: Channel | null;
  admin: boolean;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { values, set, errors } = form;
  return (
    <>
      <TitleField form={form} name="name" />
      <TextArea
        label={t('ws.field.infoText')}
        name="infoText"
        rows={6}
        maxLength={LIMITS.text}
        value={values.infoText}
        onChange={(e) => set('infoText', e.currentTarget.value)}
        error={errors.infoText}
      />
      <CategoriesField form={form} />
      <div className="field-row">
        <ImagePicker
          label={t('ws.field.portrait')}
          current={values.removePortrait ? null : (channel?.portraitHref ?? null)}
          file={values.portrait}
          onFile={(f) => set('portrait', f)}
          onRemove={channel?.portraitHref ? () => set('removePortrait', true) : undefined}
        />
        <ImagePicker
          label={t('ws.field.banner')}
          current={values.removeBanner ? null : (channel?.bannerHref ?? null)}
          file={values.banner}
          onFile={(f) => set('banner', f)}
          onRemove={channel?.bannerHref ? () => set('removeBanner', true) : undefined}
        />
      </div>
      <CoverField form={form} channel={channel} />
      <FlagFields flags={CHANNEL_FLAGS} values={values} onChange={set} published={admin && !!channel} />
    </>
  );
}
