// Native video players: the browser streams and seeks through Range requests the file route answers.
import { useIntl } from 'react-intl';
import './video-player.css';

export type PlayableVideo = { id: string; title: string; href: string; thumbnailHref: string | null };

export function VideoPlayer({ video, label }: { video: PlayableVideo; label: string }) {
  return (
    <figure className="video">
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- uploads have no caption files (the spec has none); the label and figcaption name the video */}
      <video
        controls
        preload="metadata"
        src={video.href}
        poster={video.thumbnailHref ?? undefined}
        width={1280}
        height={720}
        aria-label={label}
        playsInline
      />
      {video.title && <figcaption>{video.title}</figcaption>}
    </figure>
  );
}

/** Every video of an article, in order; a video without its own thumbnail shows the article's as poster. */
export default function VideoList({
  videos,
  articleTitle,
  poster = null,
}: {
  videos: PlayableVideo[];
  articleTitle: string;
  poster?: string | null;
}) {
  const intl = useIntl();
  if (videos.length === 0) return null;
  return (
    <section className="videos" aria-label={intl.formatMessage({ id: 'media.videos', defaultMessage: 'Videos' })}>
      {videos.map((video, index) => (
        <VideoPlayer
          key={video.id}
          video={video.thumbnailHref ? video : { ...video, thumbnailHref: poster }}
          label={
            video.title ||
            intl.formatMessage(
              { id: 'media.videoOf', defaultMessage: '{title}, video {n}' },
              { title: articleTitle, n: index + 1 },
            )
          }
        />
      ))}
    </section>
  );
}
