import { app } from './app';
import type { Env } from './env';
import { scheduled } from './scheduled';

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<Env>;
