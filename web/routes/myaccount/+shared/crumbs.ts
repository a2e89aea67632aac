// The editor workspace's trail: /myaccount/{section} and /myaccount/{section}/{new|id}: My account › section › item.
import type { CrumbDef, Params } from '#web/navigation';
import { home, label } from '#web/routes/+shared/crumbs';

const WORKSPACE_SECTIONS: Record<'articles' | 'channels' | 'news' | 'publications', [list: string, created?: string]> =
  {
    articles: ['articles', 'shell.crumb.newArticle'],
    channels: ['channels', 'shell.crumb.newChannel'],
    news: ['shell.crumb.news', 'shell.crumb.newNewsItem'],
    publications: ['shell.crumb.publications'],
  };

export function workspaceCrumbs(section: keyof typeof WORKSPACE_SECTIONS) {
  return (params: Params): CrumbDef[] => {
    const item = params.item;
    const trail: CrumbDef[] = [home, label('mySO', '/mySO'), label('shell.crumb.myaccount', '/myaccount')];
    const [list, created] = WORKSPACE_SECTIONS[section];
    if (!item) return [...trail, label(list)];
    trail.push(label(list, `/myaccount/${section}`));
    if (item === 'new' && created) return [...trail, label(created)];
    if (section === 'articles') return [...trail, { kind: 'article', id: item, source: true }];
    if (section === 'channels') return [...trail, { kind: 'channel', id: item }];
    return [...trail, label('shell.crumb.newsItem')];
  };
}
