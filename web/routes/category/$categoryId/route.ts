// One category (id or slug): its sub-categories, channels and articles.
import { itemVersions } from '#web/routes/+shared/language-facts';
import type { Category } from '#schema/entities';
import { categoryPath } from '#schema/urls';
import type { CategoryChildren } from '#worker/queries/categories';
import { screen } from '#web/routes/+shared/route-kit';
import { categoryTrail, param } from '#web/routes/+shared/crumbs';
import { excerpt, listDescription, picture } from '#web/routes/+shared/head-kit';
import { movedFrom } from '#web/routes/+shared/nesting';

export const route = screen({
  module: 'routes/category/$categoryId/index.tsx',
  view: () => import('./index'),
  paths: { '/category/:categoryId': { menu: 'categories', crumbs: categoryTrail } },
  versions: ({ params, answer, queries }) => {
    const id = answer<string>(queries.categoryId(param(params, 'categoryId')));
    const found = id === undefined ? undefined : answer<Category>(queries.category(id));
    return found && itemVersions(found, (ref) => categoryPath(ref));
  },
  // The server's part (the page's data, nested-route rule and head): not in the browser's bundle.
  ...(import.meta.env.SSR && {
    load: async ({ params, get, queries }) => {
      const id = await get(queries.categoryId(param(params, 'categoryId')));
      if (id !== undefined) await Promise.all([get(queries.category(id)), get(queries.categoryChildren(id))]);
    },
    // Reached by an old slug (its own or a translation's): on to the current address, as the view does.
    canonical: async ({ params, get, queries }) => {
      const asked = param(params, 'categoryId');
      const id = await get(queries.categoryId(asked));
      const found = id === undefined ? undefined : await get(queries.category(id));
      return found && movedFrom(asked, found) ? categoryPath(found) : null;
    },
    head: ({ params, answer, queries, t }) => {
      const id = answer<string>(queries.categoryId(param(params, 'categoryId')));
      const found = id === undefined ? undefined : answer<Category>(queries.category(id));
      if (!found) return null;
      const children = answer<CategoryChildren>(queries.categoryChildren(found.id));
      return {
        title: found.title,
        description:
          listDescription(found.title, [
            ...(children?.categories.map((c) => c.title) ?? []),
            ...(children?.channels.map((c) => c.name) ?? []),
            ...(children?.articles.map((a) => a.title) ?? []),
          ]) || excerpt(`${t('categories')}: ${found.title}`),
        canonicalPath: categoryPath(found),
        textLanguage: found.language ?? null,
        image: picture(found.imageHref, found.title),
      };
    },
  }),
});
