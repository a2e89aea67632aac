// /api/workspace: the editor workspace's lists (own content, drafts included; ADMIN everyone's).
import { workspaceArticlePage, workspaceChannelPage, workspaceNewsPage } from '#schema/workspace';
import { api, call, seg } from './client';

export interface WorkspaceFilter {
  q?: string | undefined;
  /** ADMIN: only this user's content. */
  owner?: string | undefined;
  cursor?: string | undefined;
  limit?: number | undefined;
  /** Only this one row (an edit form's status). */
  id?: string | undefined;
  /** Only items with no translation in this language. */
  missing?: string | undefined;
  /** Only items whose translation in this language is outdated. */
  outdated?: string | undefined;
}

const listQuery = (f: WorkspaceFilter) => ({
  q: f.q?.trim() || undefined,
  owner: f.owner || undefined,
  cursor: f.cursor || undefined,
  limit: f.limit?.toString(),
  id: f.id || undefined,
  missing: f.missing || undefined,
  outdated: f.outdated || undefined,
});

export const listWorkspaceArticles = (f: WorkspaceFilter) =>
  call(api.workspace.articles.$get({ query: listQuery(f) }), workspaceArticlePage);
export const listWorkspaceChannels = (f: WorkspaceFilter) =>
  call(api.workspace.channels.$get({ query: listQuery(f) }), workspaceChannelPage);
export const listWorkspaceNews = (f: WorkspaceFilter) =>
  call(api.workspace.news.$get({ query: listQuery(f) }), workspaceNewsPage);
/** Every article of one of the caller's channels, in its editorial order (articleOrdinals.main first). */
export const listChannelArticlesToArrange = (channelId: string, cursor?: string) =>
  call(
    api.workspace.channels[':id'].articles.$get({
      param: { id: seg(channelId) },
      query: { cursor: cursor || undefined, limit: '100' },
    }),
    workspaceArticlePage,
  );
