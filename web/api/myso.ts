// /api/myso: likes of channels and articles, and the mySO screen's view.
import { mysoView, unlikeResult, userContentLink } from '../../schema/entities';
import { request } from './client';

export const likeChannel = (contentId: string) => request('POST', '/myso/user-channels', userContentLink, { json: { contentId } });
export const unlikeChannel = (contentId: string) => request('DELETE', '/myso/user-channels', unlikeResult, { json: { contentId } });
export const likeArticle = (contentId: string) => request('POST', '/myso/user-articles', userContentLink, { json: { contentId } });
export const unlikeArticle = (contentId: string) => request('POST', '/myso/user-articles/remove', unlikeResult, { json: { contentId } });
/** Liked channels and articles, the caller's access requests and granted access. */
export const getMysoView = () => request('GET', '/myso/vm', mysoView);
