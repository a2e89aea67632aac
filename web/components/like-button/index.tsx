// Likes of articles and channels for signed-in users. Whether something is liked comes from the shared mySO
// view (web/data/myso.ts), so every button and list showing the same content changes together.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { like, unlike, isLiked, useMysoView, type Likeable } from '#web/data/myso';
import { useHydrated } from '#web/data/seed';
import { useNotify } from '../notifications';
import { errorText } from '../error-text';
import { useSession } from '#web/session/session';
import './like-button.css';

/** A toggle button (aria-pressed); renders nothing for visitors. */
export default function LikeButton(target: Likeable) {
  const intl = useIntl();
  const notify = useNotify();
  const { user } = useSession();
  const myso = useMysoView();
  const [busy, setBusy] = useState(false);
  // A rendered page shows the state (its mySO view came with it); the toggle waits for the script that serves it.
  const hydrated = useHydrated();
  if (!user) return null;

  const { kind, content } = target;
  const title = target.kind === 'article' ? target.content.title : target.content.name;
  const liked = isLiked(myso.data, kind, content.id);

  const toggle = async () => {
    setBusy(true);
    try {
      await (liked ? unlike(kind, content.id) : like(target));
      notify({
        kind: 'success',
        message: intl.formatMessage(
          liked
            ? { id: 'media.like.removed', defaultMessage: '“{title}” removed from your likes' }
            : { id: 'media.like.added', defaultMessage: '“{title}” added to your likes' },
          { title },
        ),
      });
    } catch (error) {
      notify({ kind: 'error', message: errorText(error, intl) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="like-button"
      aria-pressed={liked}
      disabled={busy || !hydrated || myso.status === 'loading'}
      onClick={() => void toggle()}
    >
      <span aria-hidden="true" className="like-icon">
        {liked ? '♥' : '♡'}
      </span>{' '}
      {intl.formatMessage({ id: 'media.like', defaultMessage: 'Like' })}
    </button>
  );
}
