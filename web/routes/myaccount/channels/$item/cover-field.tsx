// The channel's cover: none, a picture, or a video with the moment its thumbnail shows.
import { useIntl } from 'react-intl';
import type { Channel } from '#schema/entities';
import { RESUMABLE_LIMITS } from '#schema/limits';
import type { Form } from '#web/components/screen-kit/use-form';
import { ImagePicker, useFileFieldKey, useObjectUrl } from '#web/components/workspace/image-picker';
import { formatBytes } from '#web/components/workspace/upload-queue';
import { VideoScrubber } from '#web/components/workspace/video-scrubber';
import { VIDEO_TYPES } from '#web/uploads/multipart';
import type { ChannelValues } from './changes';

export function CoverField({ form, channel }: { form: Form<ChannelValues>; channel: Channel | null }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const { values, set, errors } = form;
  const videoSrc = useObjectUrl(values.coverVideo);
  const videoFieldKey = useFileFieldKey(values.coverVideo);
  const stored = channel?.coverMedia ?? null;
  const preview = videoSrc ?? (stored?.kind === 'video' ? stored.href : null);
  return (
    <fieldset>
      <legend>{t('ws.field.cover')}</legend>
      {(['none', 'image', 'video'] as const).map((choice) => (
        <label key={choice} className="ws-radio">
          <input
            type="radio"
            name="cover"
            value={choice}
            checked={values.cover === choice}
            onChange={() => set('cover', choice)}
          />
          {t(`ws.cover.${choice}`)}
        </label>
      ))}
      {errors.cover && (
        <p className="field-error" role="alert">
          {errors.cover}
        </p>
      )}
      {values.cover === 'image' && (
        <ImagePicker
          label={t('ws.cover.imageFile')}
          current={stored?.kind === 'image' ? stored.href : null}
          file={values.coverImage}
          onFile={(f) => set('coverImage', f)}
        />
      )}
      {values.cover === 'video' && (
        <div className="field">
          <label htmlFor="ws-cover-video">{t('ws.cover.videoFile')}</label>
          <input
            key={videoFieldKey}
            id="ws-cover-video"
            type="file"
            accept={VIDEO_TYPES}
            aria-describedby="ws-cover-video-hint"
            onChange={(e) => set('coverVideo', e.currentTarget.files?.[0] ?? null)}
          />
          <p className="field-hint" id="ws-cover-video-hint">
            {t('ws.video.addHint', { max: formatBytes(intl, RESUMABLE_LIMITS.video) })}
          </p>
          {preview && (
            <VideoScrubber
              src={preview}
              millis={values.coverMillis}
              onMillis={(m) => set('coverMillis', m)}
              label={t('ws.video.preview')}
            />
          )}
        </div>
      )}
    </fieldset>
  );
}
