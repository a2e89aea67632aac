// Shared helpers of the article route tests (articles*.test.ts).
import { env } from 'cloudflare:workers';

export const keyOf = (href: string) => href.replace(/^\/api\/files\//, '');
export const stored = async (href: string) => (await env.FILES.get(keyOf(href))) !== null;
