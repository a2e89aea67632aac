// /directory: every channel under each category it is filed in, on one page (the view says how).
import { screen } from '../+shared/route-kit';
import { home, label } from '../+shared/crumbs';

export const route = screen({
  module: 'routes/directory/index.tsx',
  view: () => import('./index'),
  paths: {
    '/directory': { menu: 'soChannels', crumbs: () => [home, label('channels', '/channels'), label('directory')] },
  },
  head: ({ t }) => ({ description: t('directory.lead') }),
});
