// The write tools (a `full` token) and the admin's read-only queues (an ADMIN's token). Each is the API call a form
// of the SPA would make, as the caller: the same guards, validation, version check and audit entry. Nothing here
// publishes: request_publication asks, and an admin decides in the SPA. Decision 045.
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { markdownToDocument } from '#schema/document-markdown';
import type { Article, PublicationRequest } from '#schema/entities';
import { ARTICLE_TYPES, PUBLICATION_STATUSES, REQUEST_STATES } from '#schema/enums';
import { LIMITS } from '#schema/limits';
import type { ArticleWithAddedImages } from '#schema/workspace';
import { callApi, queryString, type McpCaller } from './api';
import { pictureBytes } from './picture';
import { answer, articleForModel, articleRef, idInput, pageInput, run, ToolRefusal } from './tool-kit';

const articlePath = (ref: string) => `/articles/${encodeURIComponent(ref)}`;

const markdownText = z
  .string()
  .max(200_000)
  .describe(
    'The text as Markdown: paragraphs, ## to #### headings, > quotes, - and 1. lists, **bold**, *italic*, `code`, ' +
      '[links](https://...), --- rules, a backslash at a line end for a line break; a gallery picture of the ' +
      'article as ![alt](media:<id> "caption") (add_picture gives the id), a video as ![](video:<id>)',
  );
const fields = {
  title: z.string().min(1).max(LIMITS.title).describe('The headline'),
  teaser: z.string().max(LIMITS.teaser).describe('The short text lists and search show'),
  text: markdownText,
  channelId: idInput.nullable().describe('The channel (one of yours, list_channels), or null for none'),
  categoryIds: z.array(idInput).max(LIMITS.listItems).describe('Categories to file it under (list_categories)'),
};

export function registerWriteTools(server: McpServer, caller: McpCaller): void {
  server.registerTool(
    'create_draft',
    {
      title: 'Create a draft article',
      description:
        'Creates an unpublished article of yours (a draft: nobody else sees it until an admin approves its ' +
        'publication). Answers the article with its `id` and `version`.',
      inputSchema: z.object({
        title: fields.title,
        teaser: fields.teaser.optional(),
        text: fields.text.optional(),
        channelId: fields.channelId,
        categoryIds: fields.categoryIds.optional(),
        type: z.enum(ARTICLE_TYPES).optional().describe('text (the default), gallery or video'),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    ({ title, teaser, text, channelId, categoryIds, type }) =>
      run(async () => {
        const created = await callApi<Article>(caller, 'POST', '/articles', {
          title,
          teaser,
          body: text === undefined ? undefined : markdownToDocument(text),
          type: type ?? 'text',
          channelId,
          categoryIds,
        });
        return answer(articleForModel(created));
      }),
  );

  server.registerTool(
    'update_draft',
    {
      title: 'Change a draft article',
      description:
        'Changes the fields given (the others stay) of an unpublished article of yours. `version` is the one ' +
        'get_article (or your last change) answered: when someone saved in between, nothing is written and the ' +
        'answer says so (read it again, then change). A published article is changed in the portal, not here.',
      inputSchema: z.object({
        article: articleRef,
        version: z.number().int().min(0).describe('The `version` of the article as you read it'),
        title: fields.title.optional(),
        teaser: fields.teaser.optional(),
        text: fields.text.optional(),
        channelId: fields.channelId.optional(),
        categoryIds: fields.categoryIds.optional(),
      }),
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false },
    },
    ({ article, version, text, ...changes }) =>
      run(async () => {
        const current = await callApi<Article>(caller, 'GET', articlePath(article));
        if (current.published)
          throw new ToolRefusal('This article is published: changes to it are made in the portal, not through MCP');
        const saved = await callApi<Article>(caller, 'PUT', articlePath(current.id), {
          ...changes,
          version,
          body: text === undefined ? undefined : markdownToDocument(text),
        });
        return answer(articleForModel(saved));
      }),
  );

  server.registerTool(
    'add_picture',
    {
      title: 'Add a picture to an article',
      description:
        "Adds a picture at the end of an article's gallery (an article without media becomes a gallery one), " +
        'from a public https URL or from base64 bytes; JPEG, PNG, WebP, GIF or AVIF up to 10 MB. Answers the ' +
        'picture’s `mediaId` and the Markdown that places it in the text (then update_draft with that text).',
      inputSchema: z.object({
        article: articleRef,
        title: z.string().max(LIMITS.title).optional().describe('The picture’s title (credits, description)'),
        url: z.string().max(2000).optional().describe('An https address of the picture on a public host'),
        base64: z.string().optional().describe('The picture’s bytes in base64 (instead of `url`)'),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ article, title, url, base64 }) =>
      run(async () => {
        const current = await callApi<Article>(caller, 'GET', articlePath(article));
        if (current.media?.kind === 'video')
          throw new ToolRefusal('This article has videos: pictures go into an article with a gallery or no media');
        const bytes = await pictureBytes(caller.env, { url, base64 });
        if (!current.media) await callApi(caller, 'PUT', `${articlePath(current.id)}/media`, { kind: 'gallery' });
        const form = new FormData();
        form.set('body', JSON.stringify({ images: [{ imageFileTag: 'picture', title: title ?? '' }] }));
        form.set('blob:picture', new Blob([bytes]), 'picture');
        const saved = await callApi<ArticleWithAddedImages>(
          caller,
          'POST',
          `${articlePath(current.id)}/media/images`,
          form,
        );
        const mediaId = saved.added[0]!.id;
        return answer({ mediaId, markdown: `![${title ?? ''}](media:${mediaId})`, version: saved.version });
      }),
  );

  server.registerTool(
    'request_publication',
    {
      title: 'Ask for publication',
      description:
        'Asks an admin to publish an article of yours (never publishes by itself): the request waits as PENDING ' +
        'until an admin approves or rejects it in the portal. Optionally with the wished start and expiry.',
      inputSchema: z.object({
        articleId: z.uuid().describe('The id (UUID) of the article'),
        publishAt: z.iso.datetime().optional().describe('The wished start (ISO 8601), if not at once'),
        expirationDate: z.iso.datetime().optional().describe('When it should go offline again (ISO 8601)'),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    },
    ({ articleId, publishAt, expirationDate }) =>
      run(async () =>
        answer(
          await callApi<PublicationRequest>(caller, 'POST', '/publications', {
            contentId: articleId,
            type: 'article',
            publishAt,
            expirationDate,
          }),
        ),
      ),
  );
}

/** An admin's queues, to read only: the decisions stay with people, in the SPA. */
export function registerAdminTools(server: McpServer, caller: McpCaller): void {
  server.registerTool(
    'list_publication_requests',
    {
      title: 'List publication requests',
      description:
        'Admin only, read only: the publication requests of every editor, a page at a time, by status. ' +
        'Approving or rejecting is done by a person in the portal.',
      inputSchema: z.object({ status: z.enum(PUBLICATION_STATUSES).optional(), ...pageInput }),
      annotations: { readOnlyHint: true },
    },
    ({ status, cursor, limit }) =>
      run(async () =>
        answer(await callApi(caller, 'GET', `/publications/requests${queryString({ status, cursor, limit })}`)),
      ),
  );

  server.registerTool(
    'list_access_requests',
    {
      title: 'List access requests',
      description:
        'Admin only, read only: readers’ requests for access to restricted articles and channels, newest first. ' +
        'Granting or denying is done by a person in the portal.',
      inputSchema: z.object({
        contentType: z.enum(['article', 'channel']).optional(),
        status: z.enum(REQUEST_STATES).optional(),
        ...pageInput,
      }),
      annotations: { readOnlyHint: true },
    },
    ({ contentType, status, cursor, limit }) =>
      run(async () =>
        answer(
          await callApi(caller, 'GET', `/userContent/requests${queryString({ contentType, status, cursor, limit })}`),
        ),
      ),
  );
}
