// Shared helpers of the channel route tests (channels*.test.ts).
import { env } from 'cloudflare:workers';

export const keyOf = (href: string) => href.replace(/^\/api\/files\//, '');
export const stored = async (href: string) => (await env.FILES.get(keyOf(href))) !== null;
export const ids = (list: { id: string }[]) => list.map((x) => x.id);
