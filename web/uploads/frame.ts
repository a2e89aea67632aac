// The frame of a video at a given time, captured in the browser (video element → canvas) and encoded as an image:
// the thumbnail visitors see before they press play.
import { encodeImage } from './variants';

/** Seeks `video` to `millis` and resolves once the frame there is decoded. */
export function seekTo(video: HTMLVideoElement, millis: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const target = millis / 1000;
    if (video.readyState >= 2 && Math.abs(video.currentTime - target) < 0.001 && !video.seeking) {
      resolve();
      return;
    }
    const cleanup = () => {
      video.removeEventListener('seeked', onSeeked);
      video.removeEventListener('error', onError);
    };
    const onSeeked = () => {
      cleanup();
      resolve();
    };
    const onError = () => {
      cleanup();
      reject(new Error('The video cannot be played in this browser'));
    };
    video.addEventListener('seeked', onSeeked);
    video.addEventListener('error', onError);
    video.currentTime = target;
  });
}

/** The frame `video` shows now, at most `maxWidth` wide, as WebP (or JPEG). */
export async function captureFrame(video: HTMLVideoElement, maxWidth = 1920): Promise<Blob> {
  const { videoWidth, videoHeight } = video;
  if (!videoWidth || !videoHeight) throw new Error('The video has no picture to capture yet');
  const width = Math.min(videoWidth, maxWidth);
  const height = Math.round((videoHeight * width) / videoWidth);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot capture video frames');
  context.drawImage(video, 0, 0, width, height);
  const blob = await encodeImage(canvas);
  if (!blob) throw new Error('This browser cannot encode the captured frame');
  return blob;
}
