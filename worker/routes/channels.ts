// /api/channels: channels, a user's channels, and a channel's articles.
import { assertVersion, ifMatchVersion } from '../queries/revisions';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import { articlePage, channel, channelSummary, idResult } from '#schema/entities';
import {
  coverMediaInput,
  createChannelBody,
  idOrSlugParam,
  idParam,
  orderedPageQuery,
  updateChannelBody,
} from '#schema/requests';
import type { AppEnv, Db, Env } from '../env';
import { edgeCache } from '../middleware/edge-cache';
import { answerLanguage } from '../middleware/language';
import { resolveIdOrSlugIn } from '../queries/translated-reads';
import type { Language } from '#schema/languages';
import type { Viewer } from '../lib/visibility';
import { ok } from '../lib/envelope';
import { BadRequest, Forbidden } from '../lib/errors';
import { currentUser, requireEditor } from '../middleware/guards';
import { loadChannelForWrite } from '../middleware/load-for-write';
import { describe } from '../lib/route-doc';
import { cacheSlug, forgetSlug } from '../queries/slugs';
import { deleteFiles, upload, withUpload, type Upload } from '../services/uploads';
import { params, query } from '../middleware/validate';
import { auditScope } from '../services/audit';
import { assertCategoriesExist } from '../queries/articles';
import {
  CHANNEL_NOT_FOUND,
  getChannel,
  getChannelSummary,
  listChannelArticles,
  listChannels,
  listUserChannels,
  type ChannelRow,
  type CoverMediaValue,
} from '../queries/channels';
import {
  assertOrdinalsOfChannel,
  deleteChannel,
  insertChannel,
  updateChannel,
  type ChannelChanges,
} from '../queries/channel-writes';

const channelId = (c: { env: Env; var: { db: Db; language: Language | undefined; user: Viewer } }, idOrSlug: string) =>
  resolveIdOrSlugIn(c, idOrSlug, 'channel', CHANNEL_NOT_FOUND);

/** The cover to store; a video cover without a new file keeps the stored video (`current`), only its time changes. */
async function coverValue(
  up: Upload<unknown>,
  cover: z.infer<typeof coverMediaInput>,
  current?: ChannelRow,
): Promise<CoverMediaValue> {
  if (cover.kind === 'image') return { kind: 'image', key: up.file(cover.fileTag, 'image').key };
  if (cover.uploadId)
    return { kind: 'video', key: (await up.uploaded(cover.uploadId)).key, thumbnailMillis: cover.thumbnailMillis };
  if (cover.fileTag)
    return { kind: 'video', key: up.file(cover.fileTag, 'video').key, thumbnailMillis: cover.thumbnailMillis };
  if (current?.coverKind === 'video' && current.coverKey)
    return { kind: 'video', key: current.coverKey, thumbnailMillis: cover.thumbnailMillis };
  throw new BadRequest('A video cover needs its file: coverMedia.fileTag or coverMedia.uploadId');
}

export const channelsRoutes = new Hono<AppEnv>()
  .get(
    '/',
    edgeCache(),
    describe({
      summary: 'The channels the caller may see, as summaries (no articleOrdinals), by name',
      result: z.array(channelSummary),
    }),
    async (c) => ok(c, await listChannels(c.get('db'), c.get('user'), answerLanguage(c))),
  )

  .get(
    '/:id',
    edgeCache(),
    describe({
      summary: 'One channel; without access to a restricted one it comes locked',
      result: channel,
      errors: [404],
    }),
    params(idOrSlugParam),
    async (c) => {
      const id = await channelId(c, c.req.valid('param').id);
      return ok(c, await getChannel(c.get('db'), c.get('user'), id, answerLanguage(c)));
    },
  )

  /** The channel without its articleOrdinals: what the channel page and crumbs show, whatever the channel holds. */
  .get(
    '/:id/summary',
    edgeCache(),
    describe({
      summary: 'One channel without its articleOrdinals; without access to a restricted one it comes locked',
      result: channelSummary,
      errors: [404],
    }),
    params(idOrSlugParam),
    async (c) => {
      const id = await channelId(c, c.req.valid('param').id);
      return ok(c, await getChannelSummary(c.get('db'), c.get('user'), id, answerLanguage(c)));
    },
  )

  /** The channels of user `{id}` that the caller may see (the user themself and ADMIN also get hidden ones). */
  .get(
    '/:id/channels',
    edgeCache(),
    describe({
      summary: 'The channels of user {id} that the caller may see, as summaries',
      result: z.array(channelSummary),
    }),
    params(idParam),
    async (c) => {
      const { id } = c.req.valid('param');
      return ok(c, await listUserChannels(c.get('db'), c.get('user'), id));
    },
  )

  /** A page of the channel's articles: articleOrdinals.main first, then the rest newest first. */
  .get(
    '/:id/articles',
    edgeCache(),
    describe({
      summary: "A page of the channel's articles: articleOrdinals.main first, then the newest",
      result: articlePage,
      errors: [404],
    }),
    params(idOrSlugParam),
    query(orderedPageQuery),
    async (c) => {
      const id = await channelId(c, c.req.valid('param').id);
      return ok(c, await listChannelArticles(c.get('db'), c.get('user'), id, c.req.valid('query'), answerLanguage(c)));
    },
  )

  .post(
    '/',
    describe({ summary: 'Creates a channel with its portrait, banner and cover files', result: channel, status: 201 }),
    requireEditor,
    withUpload(createChannelBody),
    async (c) => {
      const db = c.get('db');
      const user = currentUser(c);
      const up = upload(c, createChannelBody);
      const body = up.body;
      await assertCategoriesExist(db, body.categoryIds);
      // A new channel has no articles yet, so any id in articleOrdinals is refused.
      await assertOrdinalsOfChannel(db, null, body.articleOrdinals);
      const { id, slug } = await insertChannel(
        db,
        user.id,
        {
          name: body.name,
          infoText: body.infoText,
          categoryIds: body.categoryIds,
          portraitKey: up.optionalFile(body.portraitFileTag, 'image')?.key ?? null,
          bannerKey: up.optionalFile(body.bannerFileTag, 'image')?.key ?? null,
          coverMedia: body.coverMedia ? await coverValue(up, body.coverMedia) : null,
          hidden: body.hidden,
          private: body.private,
          restricted: body.restricted,
          isAd: body.isAd,
        },
        auditScope(c),
      );
      await cacheSlug(c.env.KV, slug, id);
      return ok(c, await getChannel(db, user, id), 201);
    },
  )

  .put(
    '/:id',
    describe({
      summary: "Changes a channel; publishing and unpublishing are ADMIN's",
      result: channel,
      errors: [404, 409],
      ownerOrAdmin: "the channel's owner",
    }),
    requireEditor,
    params(idOrSlugParam),
    withUpload(updateChannelBody),
    loadChannelForWrite,
    async (c) => {
      const db = c.get('db');
      const user = currentUser(c);
      const row = c.var.channel;
      const up = upload(c, updateChannelBody);
      const { portraitFileTag, bannerFileTag, coverMedia, version, ...body } = up.body;
      assertVersion(row.version, version ?? ifMatchVersion(c.req.header('If-Match')));
      if (body.published !== undefined && body.published !== row.published && user.role !== 'ADMIN') {
        throw new Forbidden('Only an admin may publish or unpublish; ask through a publication request');
      }
      if (body.categoryIds) await assertCategoriesExist(db, body.categoryIds);
      if (body.articleOrdinals) await assertOrdinalsOfChannel(db, row.id, body.articleOrdinals);
      const changes: ChannelChanges = { ...body };
      if (portraitFileTag !== undefined)
        changes.portraitKey = portraitFileTag === null ? null : up.file(portraitFileTag, 'image').key;
      if (bannerFileTag !== undefined)
        changes.bannerKey = bannerFileTag === null ? null : up.file(bannerFileTag, 'image').key;
      if (coverMedia !== undefined)
        changes.coverMedia = coverMedia === null ? null : await coverValue(up, coverMedia, row);
      const unused = await updateChannel(db, row, changes, user.id, auditScope(c));
      await deleteFiles(c.env, db, unused);
      return ok(c, await getChannel(db, user, row.id));
    },
  )

  /** Refused with 409 while the channel has articles (see deleteChannel). */
  .delete(
    '/:id',
    describe({
      summary: 'Deletes a channel without articles (409 while it has some)',
      result: idResult,
      errors: [404, 409],
      ownerOrAdmin: "the channel's owner",
    }),
    requireEditor,
    params(idOrSlugParam),
    loadChannelForWrite,
    async (c) => {
      const db = c.get('db');
      const row = c.var.channel;
      const { slugs, fileKeys } = await deleteChannel(db, row, auditScope(c));
      await Promise.all(slugs.map((s) => forgetSlug(c.env.KV, s)));
      await deleteFiles(c.env, db, fileKeys);
      return ok(c, { id: row.id });
    },
  );
