// /api/myso: likes of channels and articles, and the mySO screen's view.
import { mysoView, unlikeResult, userContentLink } from '#schema/entities';
import { api, call } from './client';

const liked = (contentId: string) => ({ json: { contentId } });

export const likeChannel = (contentId: string) =>
  call(api.myso['user-channels'].$post(liked(contentId)), userContentLink);
export const unlikeChannel = (contentId: string) =>
  call(api.myso['user-channels'].$delete(liked(contentId)), unlikeResult);
export const likeArticle = (contentId: string) =>
  call(api.myso['user-articles'].$post(liked(contentId)), userContentLink);
export const unlikeArticle = (contentId: string) =>
  call(api.myso['user-articles'].remove.$post(liked(contentId)), unlikeResult);
/** Liked channels and articles, the caller's access requests and granted access. */
export const getMysoView = () => call(api.myso.vm.$get(), mysoView);
