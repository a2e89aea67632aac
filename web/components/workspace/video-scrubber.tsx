// Choosing a video's thumbnail time: the video paused at the chosen time, a slider and a seconds field to move it.
// The frame shown is what captureFrame (web/uploads/frame.ts) takes from the same element.
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { captureFrame, seekTo } from '#web/uploads/frame';

export interface ScrubberHandle {
  /** The frame at the chosen time, or null when the browser cannot decode this video. */
  capture(): Promise<Blob | null>;
}

export const VideoScrubber = forwardRef<
  ScrubberHandle,
  {
    src: string;
    millis: number;
    onMillis: (millis: number) => void;
    label: string;
  }
>(function VideoScrubber({ src, millis, onMillis, label }, ref) {
  const intl = useIntl();
  const id = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [duration, setDuration] = useState<number | null>(null);
  const [broken, setBroken] = useState(false);
  const target = useRef(millis);
  target.current = millis;

  // The element loads `src` while this effect holds it, and lets it go after: a <video> taken out of the page
  // keeps fetching its source (a revoked object URL then fails again and again), until its source is removed.
  useEffect(() => {
    const el = video.current;
    setDuration(null);
    setBroken(false);
    if (!el) return;
    el.src = src;
    return () => {
      el.pause();
      el.removeAttribute('src');
      el.load();
    };
  }, [src]);

  // Follows the chosen time; a seek still running is simply overtaken by the next one.
  useEffect(() => {
    const el = video.current;
    if (!el || duration === null) return;
    void seekTo(el, Math.min(millis, duration)).catch(() => setBroken(true));
  }, [millis, duration]);

  useImperativeHandle(
    ref,
    () => ({
      async capture() {
        const el = video.current;
        if (!el || broken || duration === null) return null;
        try {
          await seekTo(el, Math.min(target.current, duration));
          return await captureFrame(el);
        } catch {
          return null;
        }
      },
    }),
    [broken, duration],
  );

  const seconds = (millis / 1000).toFixed(1);
  return (
    <div className="ws-scrubber">
      <video
        ref={video}
        muted
        playsInline
        preload="auto"
        aria-label={label}
        onLoadedMetadata={(e) => {
          const d = e.currentTarget.duration;
          setDuration(Number.isFinite(d) ? Math.floor(d * 1000) : 0);
        }}
        onError={() => setBroken(true)}
      />
      {broken ? (
        <p className="muted" role="status">
          {intl.formatMessage({ id: 'ws.video.cannotPlay' })}
        </p>
      ) : (
        <div className="ws-scrub-controls">
          <label htmlFor={`${id}-range`}>{intl.formatMessage({ id: 'ws.video.thumbnailTime' })}</label>
          <input
            id={`${id}-range`}
            type="range"
            min={0}
            max={duration ?? 0}
            step={100}
            value={Math.min(millis, duration ?? millis)}
            disabled={duration === null}
            aria-valuetext={intl.formatMessage({ id: 'ws.video.seconds' }, { seconds })}
            onChange={(e) => onMillis(Number(e.currentTarget.value))}
          />
          <label htmlFor={`${id}-seconds`} className="visually-hidden">
            {intl.formatMessage({ id: 'ws.video.thumbnailSeconds' })}
          </label>
          <input
            id={`${id}-seconds`}
            type="number"
            min={0}
            max={duration === null ? undefined : duration / 1000}
            step={0.1}
            value={seconds}
            onChange={(e) => {
              const value = Math.round(Number(e.currentTarget.value) * 1000);
              if (Number.isFinite(value) && value >= 0) onMillis(value);
            }}
          />
          <span aria-hidden="true">s</span>
        </div>
      )}
    </div>
  );
});
