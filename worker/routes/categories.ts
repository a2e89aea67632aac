// /api/categories: the category tree. Reads are public; writes are ADMIN's.
import { auditScope } from '../services/audit';
import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import {
  articlePage,
  category,
  categoryChildren as childrenResult,
  categoryRoute as routeResult,
} from '#schema/entities';
import {
  categoryPositionBody,
  createCategoryBody,
  deleteCategoryQuery,
  idOrSlugParam,
  orderedPageQuery,
  searchBody,
  updateCategoryBody,
} from '#schema/requests';
import type { AppEnv } from '../env';
import { edgeCache } from '../middleware/edge-cache';
import { answerLanguage } from '../middleware/language';
import { resolveIdOrSlugIn } from '../queries/translated-reads';
import { ok } from '../lib/envelope';
import { requireAdmin } from '../middleware/guards';
import { readsOnly } from '../middleware/token-scope';
import { describe } from '../lib/route-doc';
import { forgetSlug } from '../queries/slugs';
import { deleteFiles, upload, withUpload } from '../services/uploads';
import { jsonBody, params, query } from '../middleware/validate';
import { CATEGORY_NOT_FOUND, categoryRoute, getCategory, listCategories } from '../queries/categories';
import { createCategory, deleteCategory, positionCategory, updateCategory } from '../queries/category-writes';
import { categoryChildren, listCategoryArticles, searchCategories } from '../queries/category-contents';
import { recacheSlug } from '../queries/slugs';

/** Every call takes an id or a slug; an unknown slug is the same 404 as an unknown id. */
const categoryId = <E extends AppEnv>(c: Context<E>, idOrSlug: string) =>
  resolveIdOrSlugIn(
    { env: c.env, var: { db: c.get('db'), language: c.get('language'), user: c.get('user') } },
    idOrSlug,
    'category',
    CATEGORY_NOT_FOUND,
  );

export const categoriesRoutes = new Hono<AppEnv>()
  .get(
    '/',
    edgeCache(),
    describe({ summary: 'Every category (the tree, flat)', result: z.array(category) }),
    async (c) => ok(c, await listCategories(c.get('db'), answerLanguage(c))),
  )

  .post(
    '/search',
    describe({ summary: 'Categories whose title matches, best first', result: z.array(category) }),
    readsOnly,
    ...jsonBody(searchBody),
    async (c) => {
      return ok(c, await searchCategories(c.get('db'), c.req.valid('json').searchText));
    },
  )

  .get(
    '/:id',
    edgeCache(),
    describe({ summary: 'One category', result: category, errors: [404] }),
    params(idOrSlugParam),
    async (c) => {
      const id = await categoryId(c, c.req.valid('param').id);
      return ok(c, await getCategory(c.get('db'), id, answerLanguage(c), c.get('user')));
    },
  )

  .get(
    '/:id/route',
    edgeCache(),
    describe({
      summary: 'The ancestors, root first, ending with the category itself',
      result: routeResult,
      errors: [404],
    }),
    params(idOrSlugParam),
    async (c) => {
      const id = await categoryId(c, c.req.valid('param').id);
      return ok(c, await categoryRoute(c.get('db'), id, answerLanguage(c)));
    },
  )

  .get(
    '/:id/children',
    edgeCache(),
    describe({
      summary: 'Sub-categories, channels and the first page of articles',
      result: childrenResult,
      errors: [404],
    }),
    params(idOrSlugParam),
    async (c) => {
      const id = await categoryId(c, c.req.valid('param').id);
      return ok(c, await categoryChildren(c.get('db'), c.get('user'), id, answerLanguage(c)));
    },
  )

  /** The articles listed in the category, a page at a time (children carries the first page). */
  .get(
    '/:id/articles',
    edgeCache(),
    describe({
      summary: 'A page of the articles filed in the category, in ordinal order',
      result: articlePage,
      errors: [404],
    }),
    params(idOrSlugParam),
    query(orderedPageQuery),
    async (c) => {
      return ok(
        c,
        await listCategoryArticles(
          c.get('db'),
          c.get('user'),
          await categoryId(c, c.req.valid('param').id),
          c.req.valid('query'),
          answerLanguage(c),
        ),
      );
    },
  )

  .post(
    '/',
    describe({ summary: 'Creates a category, with its image', result: category, status: 201, errors: [409] }),
    requireAdmin,
    withUpload(createCategoryBody),
    async (c) => {
      const up = upload(c, createCategoryBody);
      const { imageFileTag, ...body } = up.body;
      const image = up.optionalFile(imageFileTag, 'image');
      const category = await createCategory(c.get('db'), { ...body, imageKey: image?.key ?? null }, auditScope(c));
      await recacheSlug(c.env.KV, null, category.slug, category.id);
      return ok(c, category, 201);
    },
  )

  .put(
    '/:id',
    describe({
      summary: 'Changes a category: title, parent, slug, order, image',
      result: category,
      errors: [404, 409],
    }),
    requireAdmin,
    params(idOrSlugParam),
    withUpload(updateCategoryBody),
    async (c) => {
      const up = upload(c, updateCategoryBody);
      const { imageFileTag, ...body } = up.body;
      const imageKey = imageFileTag === undefined ? undefined : (up.optionalFile(imageFileTag, 'image')?.key ?? null);
      const db = c.get('db');
      const { category, before } = await updateCategory(
        db,
        await categoryId(c, c.req.valid('param').id),
        { ...body, imageKey },
        auditScope(c),
      );
      if (category.slug !== before.slug) await recacheSlug(c.env.KV, before.slug, category.slug, category.id);
      if (imageKey !== undefined && before.imageKey !== imageKey) await deleteFiles(c.env, db, [before.imageKey]);
      return ok(c, category);
    },
  )

  /** Reorders siblings: the category moves to `index` among them, the others close up; one batch. */
  .put(
    '/:id/position',
    describe({
      summary: 'Moves a category to a place among its siblings (0 first); answers the siblings in their new order',
      result: z.array(category),
      errors: [404],
    }),
    requireAdmin,
    params(idOrSlugParam),
    ...jsonBody(categoryPositionBody),
    async (c) => {
      const id = await categoryId(c, c.req.valid('param').id);
      return ok(c, await positionCategory(c.get('db'), id, c.req.valid('json').index, auditScope(c)));
    },
  )

  .delete(
    '/:id',
    describe({
      summary:
        'Deletes an empty category (409 while it has channels or articles, or sub-categories unless ' +
        '?children=moveUp moves them up to its parent in the same write)',
      result: z.null(),
      errors: [404, 409],
    }),
    requireAdmin,
    params(idOrSlugParam),
    query(deleteCategoryQuery),
    async (c) => {
      const db = c.get('db');
      const moveChildren = c.req.valid('query').children === 'moveUp';
      const deleted = await deleteCategory(db, await categoryId(c, c.req.valid('param').id), auditScope(c), {
        moveChildren,
      });
      await forgetSlug(c.env.KV, deleted.slug);
      await deleteFiles(c.env, db, [deleted.imageKey]);
      return ok(c, null);
    },
  );
