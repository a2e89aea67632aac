// The styles of every page the worker renders (docs/decisions/025-server-rendering.md), in the app's start-up
// stylesheet: a rendered page then waits for one stylesheet before its first paint instead of one per chunk of
// its view (nine for an article: on the bench's slow phone each took a connection and a round trip ahead of the
// page's main picture). The components and views keep their own imports; these only decide the chunk the styles
// land in. They add about 2.5 KB gzip to the first visit. test/web/budget.test.ts fails when a rendered view has a
// stylesheet of its own, naming it for this list. The workspaces' styles (editor, admin) stay with their chunks.
import './components/content-badges/content-badges.css';
import './components/content-badges/draft.css';
import './components/gallery/gallery.css';
import './components/like-button/like-button.css';
import './components/news-card/news-card.css';
import './components/picture/picture.css';
import './components/request-access/request-access.css';
import './components/rich-text/rich-text.css';
import './components/search-box/search-box.css';
import './components/video-player/video-player.css';
import './components/view-state/view-state.css';
import './routes/article/$articleId/article.css';
import './routes/category/categories.css';
import './routes/category/$categoryId/category.css';
import './routes/chan/$channelId/channel.css';
import './routes/channels/channels.css';
import './routes/search/search.css';
