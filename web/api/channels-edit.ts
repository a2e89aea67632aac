// /api/channels: the workspace's calls of channels (create, change with pictures, delete, a user's channels). The
// public screens' reads are in channels.ts, which the first visit loads (docs/decisions/023-screen-kit.md).
import * as z from 'zod/mini';
import { channel, channelSummary } from '#schema/entities';
import type { createChannelBody, updateChannelBody } from '#schema/requests';
import { multipartBody, type ImagePart } from '../uploads/multipart';
import { send, urls, type SendOptions } from '../uploads/send';
import { api, call, seg } from './client';

const byId = (id: string) => ({ param: { id: seg(id) } });
const deleted = z.object({ id: z.string() });

export type ChannelInput = z.input<typeof createChannelBody>;
export type ChannelChanges = z.input<typeof updateChannelBody>;
/** Portrait and banner pictures of a channel write, each with its variants. */
export interface ChannelPictures {
  portrait?: ImagePart | undefined;
  banner?: ImagePart | undefined;
  /** An image cover (a video cover comes as `coverMedia.uploadId`). */
  cover?: ImagePart | undefined;
}

function channelForm(json: Record<string, unknown>, pictures: ChannelPictures) {
  const images = [pictures.portrait, pictures.banner, pictures.cover].filter((p): p is ImagePart => !!p);
  return multipartBody(
    {
      ...json,
      ...(pictures.portrait ? { portraitFileTag: pictures.portrait.tag } : {}),
      ...(pictures.banner ? { bannerFileTag: pictures.banner.tag } : {}),
      ...(pictures.cover ? { coverMedia: { kind: 'image', fileTag: pictures.cover.tag } } : {}),
    },
    { images },
  );
}
const hasPictures = (p: ChannelPictures) => !!(p.portrait || p.banner || p.cover);

export function createChannel(body: ChannelInput, pictures: ChannelPictures = {}, options?: SendOptions) {
  if (!hasPictures(pictures)) return call(api.channels.$post({ json: body }), channel);
  return send('POST', urls().channels.$url(), channelForm(body, pictures), channel, options);
}

export function updateChannel(
  id: string,
  changes: ChannelChanges,
  pictures: ChannelPictures = {},
  options?: SendOptions,
) {
  if (!hasPictures(pictures)) return call(api.channels[':id'].$put({ ...byId(id), json: changes }), channel);
  return send('PUT', urls().channels[':id'].$url(byId(id)), channelForm(changes, pictures), channel, options);
}

export const deleteChannel = (id: string) => call(api.channels[':id'].$delete(byId(id)), deleted);

/** The user's channels as summaries (no articleOrdinals), hidden ones included when the caller is that user or ADMIN. */
export const listUserChannels = (userId: string) =>
  call(api.channels[':id'].channels.$get(byId(userId)), z.array(channelSummary));
