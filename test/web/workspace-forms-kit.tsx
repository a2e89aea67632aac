// Shared stubs and helpers of the workspace form tests (workspace-*.test.tsx).
import type { WorkspaceArticle } from '#schema/workspace';
import { userOf } from './shell-kit';
import { workspaceArticle } from './content-fixtures';
import { type ApiCall } from './fake-api';

export const NOW = '2026-03-01T10:00:00.000Z';
export const editor = userOf('CLIENT');

export const row = (over: Partial<WorkspaceArticle> = {}): WorkspaceArticle =>
  workspaceArticle(editor, NOW, { slug: 'a', title: 'An article', ...over });
export const page = <T,>(items: T[]) => ({ items, nextCursor: null });
export const byPath = (calls: ApiCall[], method: string, path: string | RegExp) =>
  calls.filter((c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)));

/** Answers what every workspace form loads besides its own data. */
export function common(c: ApiCall) {
  if (c.path === '/categories') return { code: 200, result: [] };
  if (c.path === `/channels/${editor.id}/channels`) return { code: 200, result: [] };
  if (c.path.startsWith('/workspace/')) return { code: 200, result: page([]) };
  if (c.path === '/uploads') return { code: 200, result: [] };
  return undefined;
}
