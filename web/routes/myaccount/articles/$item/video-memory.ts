// What an editor typed for a video whose upload has not finished (its title and thumbnail time), kept in this
// browser by the file's fingerprint (web/uploads/resumable.ts) and the editor, so picking the same file again to
// resume the upload, after a reload too, brings them back. Forgotten once the video is attached or cancelled.

export interface VideoTyped {
  title: string;
  millis: number;
}

const PREFIX = 'so-video:';
const key = (userId: string, fingerprint: string) => `${PREFIX}${userId}:${fingerprint}`;

export function rememberVideo(userId: string, fingerprint: string, typed: VideoTyped): void {
  try {
    localStorage.setItem(key(userId, fingerprint), JSON.stringify(typed));
  } catch {
    // Storage full or refused: resuming then starts from the file name, as before.
  }
}

export function recallVideo(userId: string, fingerprint: string): VideoTyped | null {
  try {
    const raw = localStorage.getItem(key(userId, fingerprint));
    if (!raw) return null;
    const typed = JSON.parse(raw) as Partial<VideoTyped>;
    return typeof typed.title === 'string' && typeof typed.millis === 'number'
      ? { title: typed.title, millis: typed.millis }
      : null;
  } catch {
    return null;
  }
}

export function forgetVideo(userId: string, fingerprint: string): void {
  try {
    localStorage.removeItem(key(userId, fingerprint));
  } catch {
    // Nothing to forget.
  }
}
