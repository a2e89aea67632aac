// The titles of a gallery's pictures or an article's videos in a translation (issue 29): one field per medium, each
// labelled with its number and the source's title beside it. A title left empty is not sent: the reader sees the
// source's. Alt texts and captions inside the formatted text travel with the translated text itself.
import { useIntl } from 'react-intl';
import type { Media } from '#schema/entities';
import { TextField } from '#web/components/form';

export type MediaTitles = Record<string, string>;

/** The article's pictures or videos, in their order, with their source titles. */
export function mediaItems(media: Media | undefined): { id: string; title: string; kind: 'picture' | 'video' }[] {
  if (!media) return [];
  if (media.kind === 'gallery') return media.images.map((m) => ({ id: m.id, title: m.title, kind: 'picture' }));
  return media.videos.map((m) => ({ id: m.id, title: m.title, kind: 'video' }));
}

/** The titles to send: the article's current media only (one removed since is dropped), none left empty. */
export function titlesToSend(media: Media | undefined, titles: MediaTitles): MediaTitles {
  const out: MediaTitles = {};
  for (const m of mediaItems(media)) {
    const title = titles[m.id]?.trim();
    if (title) out[m.id] = title;
  }
  return out;
}

/** The titles as one text, for the conflict dialog and the revisions' comparison (one line per medium). */
export function titlesText(media: Media | undefined, titles: MediaTitles | undefined): string {
  return mediaItems(media)
    .map((m) => titles?.[m.id] ?? '')
    .join('\n');
}

export interface MediaTitleFieldsProps {
  media: Media | undefined;
  sourceLanguage: string;
  value: MediaTitles;
  onChange: (next: MediaTitles) => void;
}

export function MediaTitleFields({ media, sourceLanguage, value, onChange }: MediaTitleFieldsProps) {
  const intl = useIntl();
  const items = mediaItems(media);
  if (items.length === 0) return null;
  return (
    <fieldset className="ws-translation-media">
      <legend>{intl.formatMessage({ id: 'tr.mediaTitles' })}</legend>
      {items.map((m, i) => (
        <div key={m.id} className="ws-translation-media-item">
          <TextField
            label={intl.formatMessage({ id: `tr.mediaTitle.${m.kind}` }, { n: i + 1 })}
            name={`mediaTitles.${m.id}`}
            value={value[m.id] ?? ''}
            maxLength={200}
            onChange={(e) => onChange({ ...value, [m.id]: e.currentTarget.value })}
            hint={
              <span lang={sourceLanguage}>
                {intl.formatMessage({ id: 'tr.mediaTitleSource' }, { title: m.title || '—' })}
              </span>
            }
          />
        </div>
      ))}
    </fieldset>
  );
}
