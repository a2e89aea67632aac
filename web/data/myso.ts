// The signed-in user's mySO view (GET /myso/vm: likes, access requests, granted access), fetched once and
// shared by every screen that shows a like or a request, and the writes that change it: each patches the
// cached view at once, then refetches it, so every screen on show agrees without a reload.
import type { Article, ArticleSummary, ChannelSummary, ContentType, MysoView } from '#schema';
import { getMysoView, likeArticle, likeChannel, unlikeArticle, unlikeChannel } from '../api/myso';
import { requestAccess } from '../api/userContent';
import { useSession } from '../session/session';
import { invalidate, updateQueries, useQuery, write, type Query, type QueryKey } from './cache';
import { keys } from './keys';

/** Every user's mySO view in the cache (there is one, but a prefix needs no user id). */
const MYSO: QueryKey = ['myso'];

export type LikeKind = 'article' | 'channel';
export type Likeable =
  { kind: 'article'; content: Article | ArticleSummary } | { kind: 'channel'; content: ChannelSummary };

/** The signed-in user's mySO view; for visitors the key is null and the query stays 'loading'. */
export function useMysoView(): Query<MysoView> {
  const { user } = useSession();
  return useQuery(user ? keys.myso(user.id) : null, getMysoView);
}

export function isLiked(view: MysoView | undefined, kind: LikeKind, contentId: string): boolean {
  const links = kind === 'article' ? view?.articles : view?.channels;
  return links?.some((link) => link.contentId === contentId) ?? false;
}

export function hasPendingRequest(view: MysoView | undefined, contentId: string): boolean {
  return view?.requests.some((r) => r.contentId === contentId && r.status === 'PENDING') ?? false;
}

export function like(target: Likeable) {
  const contentId = target.content.id;
  return write(() => (target.kind === 'article' ? likeArticle(contentId) : likeChannel(contentId)), {
    update: (link) =>
      updateQueries<MysoView>(MYSO, (view) =>
        target.kind === 'article'
          ? {
              ...view,
              articles: [
                { ...link, article: target.content },
                ...view.articles.filter((a) => a.contentId !== contentId),
              ],
            }
          : {
              ...view,
              channels: [
                { ...link, channel: target.content },
                ...view.channels.filter((c) => c.contentId !== contentId),
              ],
            },
      ),
    invalidate: [MYSO],
  });
}

export function unlike(kind: LikeKind, contentId: string) {
  return write(() => (kind === 'article' ? unlikeArticle(contentId) : unlikeChannel(contentId)), {
    update: () =>
      updateQueries<MysoView>(MYSO, (view) =>
        kind === 'article'
          ? { ...view, articles: view.articles.filter((a) => a.contentId !== contentId) }
          : { ...view, channels: view.channels.filter((c) => c.contentId !== contentId) },
      ),
    invalidate: [MYSO],
  });
}

/** POST /userContent; the new request shows as pending wherever the mySO view is shown. */
export function askForAccess(request: {
  contentId: string;
  contentType: ContentType;
  contentTitle: string;
  userName: string;
}) {
  const { contentId, contentType, contentTitle, userName } = request;
  return write(() => requestAccess(contentId, contentType), {
    update: (created) =>
      updateQueries<MysoView>(MYSO, (view) => ({
        ...view,
        requests: [{ ...created, userName, contentTitle }, ...view.requests.filter((r) => r.id !== created.id)],
      })),
    invalidate: [MYSO],
  });
}

/** The server knows better than the cache (a request it already had, say): refetch the view. */
export const refreshMyso = () => invalidate(MYSO);
