// Where the public pages of workspace content are.
export const articlePublicPath = (a: { id: string; channelId: string | null }) =>
  a.channelId
    ? `/chan/${encodeURIComponent(a.channelId)}/a/${encodeURIComponent(a.id)}`
    : `/article/${encodeURIComponent(a.id)}`;
export const channelPublicPath = (id: string) => `/chan/${encodeURIComponent(id)}`;
export const refPublicPath = (ref: { kind: 'article' | 'channel'; id: string }) =>
  ref.kind === 'article' ? `/article/${encodeURIComponent(ref.id)}` : channelPublicPath(ref.id);
