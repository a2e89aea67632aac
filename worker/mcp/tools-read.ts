// The read tools and the article resource: what any token (scope `read` or `full`) may call. Each is one or two API
// calls as the caller (./api.ts), so the API decides what the person may see.
import type { McpServer } from '@modelcontextprotocol/server';
import { ResourceTemplate } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { documentToMarkdown } from '#schema/document-markdown';
import type { Article, Category, ChannelSummary, Revision, SearchItem } from '#schema/entities';
import { LIMITS } from '#schema/limits';
import type { WorkspaceArticle } from '#schema/workspace';
import { callApi, queryString, type McpCaller } from './api';
import { answer, articleForModel, articleRef, pageInput, run, ToolRefusal, type Page } from './tool-kit';

/** The URI of an article as an MCP resource. */
export const ARTICLE_URI = 'portal://articles/{id}';

const articlePath = (ref: string) => `/articles/${encodeURIComponent(ref)}`;

export function registerReadTools(server: McpServer, caller: McpCaller): void {
  server.registerTool(
    'search',
    {
      title: 'Search the portal',
      description:
        'Finds articles, channels and categories whose title or text matches, best first, as far as you may see ' +
        'them. Each hit has its `kind` (article, channel, category), `value` (its id), `label` and a line of ' +
        'context. The portal has one content language; the text is matched as written.',
      inputSchema: z.object({
        text: z.string().min(1).max(LIMITS.searchText).describe('What to look for: words of a title or text'),
      }),
      annotations: { readOnlyHint: true },
    },
    ({ text }) =>
      run(async () => {
        const hits = await callApi<SearchItem[]>(caller, 'POST', '/search/search', { searchText: text });
        return answer(hits.map(({ kind, value, label, context }) => ({ kind, id: value, label, context })));
      }),
  );

  server.registerTool(
    'get_article',
    {
      title: 'Read an article',
      description:
        'One article: its fields (title, teaser, type, channel, categories, states, `version`) and its text as ' +
        'Markdown. Gallery pictures placed in the text read `![alt](media:<id> "caption")`, videos ' +
        '`![](video:<id>)`. A restricted article you have no access to comes `locked`, without text. Keep ' +
        '`version` to update it (update_draft).',
      inputSchema: z.object({ article: articleRef }),
      annotations: { readOnlyHint: true },
    },
    ({ article }) =>
      run(async () => answer(articleForModel(await callApi<Article>(caller, 'GET', articlePath(article))))),
  );

  server.registerTool(
    'list_channels',
    {
      title: 'List channels',
      description:
        'The channels you may see, by name: id, name, slug, owner and states. An article goes into a channel by ' +
        'its id (create_draft `channelId`); you may write only into your own channels.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
    },
    () =>
      run(async () => {
        const channels = await callApi<ChannelSummary[]>(caller, 'GET', '/channels');
        return answer(
          channels.map((ch) => ({
            id: ch.id,
            name: ch.name,
            slug: ch.slug,
            userId: ch.userId,
            categoryIds: ch.categoryIds,
            published: ch.published,
            hidden: ch.hidden,
            private: ch.private,
            restricted: ch.restricted,
          })),
        );
      }),
  );

  server.registerTool(
    'list_categories',
    {
      title: 'List categories',
      description:
        'Every category as a flat tree: id, parentId (null at the top), title, slug and order among its siblings. ' +
        'Articles are filed under categories by id (create_draft `categoryIds`).',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true },
    },
    () =>
      run(async () => {
        const categories = await callApi<Category[]>(caller, 'GET', '/categories');
        return answer(categories.map(({ imageHref: _image, ...c }) => c));
      }),
  );

  server.registerTool(
    'list_my_articles',
    {
      title: 'List my articles',
      description:
        'Your own articles (an admin: everyone’s), drafts, hidden and restricted ones included, last changed ' +
        'first, a page at a time. Each with `published` and `publication` (the state of its publication request: ' +
        'PENDING, APPROVED, REJECTED, ... or null when never asked), and its `version`.',
      inputSchema: z.object({
        query: z.string().max(LIMITS.searchText).optional().describe('Only articles whose title contains this'),
        ...pageInput,
      }),
      annotations: { readOnlyHint: true },
    },
    ({ query, cursor, limit }) =>
      run(async () => {
        const page = await callApi<Page<WorkspaceArticle>>(
          caller,
          'GET',
          `/workspace/articles${queryString({ q: query, cursor, limit })}`,
        );
        return answer({
          items: page.items.map((a) => ({
            id: a.id,
            slug: a.slug,
            title: a.title,
            channelId: a.channelId,
            channelName: a.channelName,
            published: a.published,
            hidden: a.hidden,
            restricted: a.restricted,
            publication: a.publication,
            version: a.version,
            updatedAt: a.updatedAt,
          })),
          nextCursor: page.nextCursor,
        });
      }),
  );

  server.registerTool(
    'get_revisions',
    {
      title: 'List revisions of an article',
      description:
        "An article's saved revisions, newest first (the last 50, and one a day for 90 days): id, version, when " +
        'and by whom. Only for your own articles (an admin: any).',
      inputSchema: z.object({ articleId: z.uuid().describe('The id (UUID) of the article') }),
      annotations: { readOnlyHint: true },
    },
    ({ articleId }) =>
      run(async () =>
        answer(await callApi<Revision[]>(caller, 'GET', `/revisions/article/${encodeURIComponent(articleId)}`)),
      ),
  );

  server.registerResource(
    'article',
    new ResourceTemplate(ARTICLE_URI, { list: undefined }),
    {
      title: 'Article',
      description: 'An article’s text as Markdown, for those who may read it (portal://articles/<id or slug>)',
      mimeType: 'text/markdown',
    },
    async (uri, variables) => {
      const id = String(variables.id ?? '');
      const article = await callApi<Article>(caller, 'GET', articlePath(decodeURIComponent(id)));
      if (article.locked) throw new ToolRefusal('You have no access to this restricted article');
      const text = `# ${article.title}\n\n${article.teaser ? `${article.teaser}\n\n` : ''}${documentToMarkdown(article.body)}`;
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text }] };
    },
  );
}
