// /myaccount/{section} and /myaccount/{section}/{new|id}: picks the editor workspace's view for the section (each
// view its own chunk). One route and one import in the app's entry instead of ten: the first visit's budget.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useParams } from 'react-router';

type View = LazyExoticComponent<ComponentType>;
const list = {
  articles: lazy(() => import('../workspace-articles/index')),
  channels: lazy(() => import('../workspace-channels/index')),
  news: lazy(() => import('../workspace-news/index')),
  publications: lazy(() => import('../workspace-publications/index')),
};
const form: Partial<Record<keyof typeof list, View>> = {
  articles: lazy(() => import('../workspace-article/index')),
  channels: lazy(() => import('../workspace-channel/index')),
  news: lazy(() => import('../workspace-news-item/index')),
};
const NotFound = lazy(() => import('../not-found/index'));

export default function WorkspaceView() {
  const { section = '', item } = useParams();
  const known = Object.hasOwn(list, section) ? (section as keyof typeof list) : null;
  const View = !known ? NotFound : item === undefined ? list[known] : (form[known] ?? NotFound);
  return <View />;
}
