// The route table: every screen's route module (its folder's route.ts), in one list. The browser's router
// (web/app.tsx), the layout's menu item and crumbs (web/components/layout.tsx) and the worker's renderer
// (worker/pages/render.tsx) all read it. A new screen is a folder named after its URL with its route.ts and view,
// and its line here.
import type { ScreenRoute } from './+shared/route-kit';
import { route as about } from './about/route';
import { route as appManagement } from './appManagement/route';
import { route as article } from './article/$articleId/route';
import { route as articles } from './article/route';
import { route as author } from './author/$username/route';
import { route as categories } from './category/route';
import { route as category } from './category/$categoryId/route';
import { route as channel } from './chan/$channelId/route';
import { route as channels } from './channels/route';
import { route as contact } from './contact/route';
import { route as forgotPassword } from './forgot-password/route';
import { route as resetPassword } from './forgot-password/$token/route';
import { route as home } from './home/route';
import { route as imprint } from './imprint/route';
import { route as login } from './login/route';
import { route as myaccount } from './myaccount/route';
import { route as workspaceArticles } from './myaccount/articles/route';
import { route as workspaceArticle } from './myaccount/articles/$item/route';
import { route as workspaceChannels } from './myaccount/channels/route';
import { route as workspaceChannel } from './myaccount/channels/$item/route';
import { route as workspaceNews } from './myaccount/news/route';
import { route as workspaceNewsItem } from './myaccount/news/$item/route';
import { route as workspacePublications } from './myaccount/publications/route';
import { route as mySO } from './mySO/route';
import { route as mySOAccount } from './mySO/account/route';
import { route as noPermission } from './no-permission/route';
import { route as notFound } from './not-found/route';
import { route as oauthAuthorize } from './oauth/authorize/route';
import { route as orderChannel } from './orderChannel/route';
import { route as preview } from './preview/$token/route';
import { route as register } from './register/route';
import { route as search } from './search/route';
import { route as subscribe } from './subscribe/route';

export const SCREENS: readonly ScreenRoute[] = [
  home,
  about,
  orderChannel,
  contact,
  imprint,
  preview,
  mySO,
  mySOAccount,
  myaccount,
  oauthAuthorize,
  workspaceArticles,
  workspaceArticle,
  workspaceChannels,
  workspaceChannel,
  workspaceNews,
  workspaceNewsItem,
  workspacePublications,
  appManagement,
  noPermission,
  articles,
  article,
  channels,
  channel,
  categories,
  category,
  author,
  search,
  subscribe,
  notFound,
  login,
  register,
  forgotPassword,
  resetPassword,
];

/** Every screen with the screens inside its frame. */
export const ALL_SCREENS: readonly ScreenRoute[] = SCREENS.flatMap((s) => [s, ...(s.sections ?? [])]);

/** The URL patterns of the public screens (rendered by the worker): not guarded, not the catch-all. */
export const PUBLIC_PATTERNS: readonly string[] = ALL_SCREENS.filter((s) => !s.access).flatMap((s) =>
  Object.keys(s.paths).filter((p) => p !== '*'),
);
