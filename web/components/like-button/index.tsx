// Likes of articles and channels for signed-in users. The current state comes from GET /myso/vm
// (liked articles and channels, and the caller's open access requests) loaded once per page.
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MysoView } from '../../../schema';
import { getMysoView, likeArticle, likeChannel, unlikeArticle, unlikeChannel } from '../../api/myso';
import { useNotify } from '../notifications';
import { errorMessage } from '../view-state';
import { useSession } from '../../session/session';
import './like-button.css';

export type MysoState = { view: MysoView | null; ready: boolean };

/** The signed-in user's mySO view, or null for visitors (and while it loads or when it failed). */
export function useMysoView(): MysoState {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const [state, setState] = useState<MysoState>({ view: null, ready: userId === null });
  useEffect(() => {
    if (userId === null) {
      setState({ view: null, ready: true });
      return;
    }
    let current = true;
    setState({ view: null, ready: false });
    getMysoView().then(
      (view) => current && setState({ view, ready: true }),
      () => current && setState({ view: null, ready: true }),
    );
    return () => {
      current = false;
    };
  }, [userId]);
  return state;
}

export function isLiked(view: MysoView | null, kind: 'article' | 'channel', contentId: string): boolean {
  if (!view) return false;
  const links = kind === 'article' ? view.articles : view.channels;
  return links.some((link) => link.contentId === contentId);
}

type Props = { kind: 'article' | 'channel'; contentId: string; title: string; myso: MysoState };

/** A toggle button (aria-pressed); renders nothing for visitors. */
export default function LikeButton({ kind, contentId, title, myso }: Props) {
  const intl = useIntl();
  const notify = useNotify();
  const { user } = useSession();
  const [liked, setLiked] = useState(() => isLiked(myso.view, kind, contentId));
  const [busy, setBusy] = useState(false);
  useEffect(() => setLiked(isLiked(myso.view, kind, contentId)), [myso.view, kind, contentId]);
  if (!user) return null;

  const toggle = async () => {
    setBusy(true);
    try {
      if (liked) {
        await (kind === 'article' ? unlikeArticle(contentId) : unlikeChannel(contentId));
      } else {
        await (kind === 'article' ? likeArticle(contentId) : likeChannel(contentId));
      }
      setLiked(!liked);
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
      notify({ kind: 'error', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="like-button"
      aria-pressed={liked}
      disabled={busy || !myso.ready}
      onClick={() => void toggle()}
    >
      <span aria-hidden="true" className="like-icon">
        {liked ? '♥' : '♡'}
      </span>{' '}
      {intl.formatMessage({ id: 'media.like', defaultMessage: 'Like' })}
    </button>
  );
}
