// The channel form's values, from a stored channel and back to what PUT /channels/{id} takes.
import type { Channel } from '#schema/entities';
import type { ChannelChanges } from '#web/api/channels-edit';

export type CoverChoice = 'none' | 'image' | 'video';

export interface ChannelValues {
  name: string;
  infoText: string;
  categoryIds: string[];
  hidden: boolean;
  private: boolean;
  restricted: boolean;
  isAd: boolean;
  published: boolean;
  portrait: File | null;
  removePortrait: boolean;
  banner: File | null;
  removeBanner: boolean;
  cover: CoverChoice;
  coverImage: File | null;
  coverVideo: File | null;
  coverMillis: number;
}

export const CHANNEL_FLAGS = ['hidden', 'private', 'restricted', 'isAd'] as const;

export const channelValues = (c: Channel | null): ChannelValues => ({
  name: c?.name ?? '',
  infoText: c?.infoText ?? '',
  categoryIds: c?.categoryIds ?? [],
  hidden: c?.hidden ?? false,
  private: c?.private ?? false,
  restricted: c?.restricted ?? false,
  isAd: c?.isAd ?? false,
  published: c?.published ?? false,
  portrait: null,
  removePortrait: false,
  banner: null,
  removeBanner: false,
  cover: c?.coverMedia?.kind ?? 'none',
  coverImage: null,
  coverVideo: null,
  coverMillis: c?.coverMedia?.kind === 'video' ? c.coverMedia.thumbnailMillis : 0,
});

/** The values once their files are sent: no file chosen, nothing marked for removal. */
export const withoutFiles = (v: ChannelValues): ChannelValues => ({
  ...v,
  portrait: null,
  banner: null,
  coverImage: null,
  coverVideo: null,
  removePortrait: false,
  removeBanner: false,
});

/** A new channel's body (its pictures go as files beside it). */
export const newChannelBody = (v: ChannelValues) => ({
  name: v.name,
  infoText: v.infoText,
  categoryIds: v.categoryIds,
  hidden: v.hidden,
  private: v.private,
  restricted: v.restricted,
  isAd: v.isAd,
});

/** What changed against the stored channel, as PUT /channels/{id} takes it (new files and a new video cover apart). */
export function channelChanges(channel: Channel, v: ChannelValues, admin: boolean): ChannelChanges {
  const changes: ChannelChanges = {};
  if (v.name !== channel.name) changes.name = v.name;
  if (v.infoText !== channel.infoText) changes.infoText = v.infoText;
  if (JSON.stringify(v.categoryIds) !== JSON.stringify(channel.categoryIds)) changes.categoryIds = v.categoryIds;
  for (const flag of CHANNEL_FLAGS) if (v[flag] !== channel[flag]) changes[flag] = v[flag];
  if (admin && v.published !== channel.published) changes.published = v.published;
  if (v.removePortrait && !v.portrait) changes.portraitFileTag = null;
  if (v.removeBanner && !v.banner) changes.bannerFileTag = null;
  if (v.cover === 'none' && channel.coverMedia) changes.coverMedia = null;
  // A new thumbnail time of the stored video cover (a new video goes up on its own, then names its upload).
  if (
    v.cover === 'video' &&
    !v.coverVideo &&
    channel.coverMedia?.kind === 'video' &&
    v.coverMillis !== channel.coverMedia.thumbnailMillis
  ) {
    changes.coverMedia = { kind: 'video', thumbnailMillis: v.coverMillis };
  }
  return changes;
}

/** A cover kind chosen without its file (and none stored of that kind) would change nothing: its message key. */
export function coverProblem(channel: Channel | null, v: ChannelValues): string | undefined {
  const storedKind = channel?.coverMedia?.kind;
  if (v.cover === 'image' && !v.coverImage && storedKind !== 'image') return 'ws.cover.needsImage';
  if (v.cover === 'video' && !v.coverVideo && storedKind !== 'video') return 'ws.cover.needsVideo';
  return undefined;
}
