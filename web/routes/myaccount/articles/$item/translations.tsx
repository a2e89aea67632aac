// The article form's languages (issue 29): the language bar and a translation beside the article's text, with the
// article's pictures and videos for the translated text to place.
import type { Article } from '#schema/entities';
import type { WorkspaceArticle } from '#schema/workspace';
import { useContentLanguages } from '#web/components/translations/language-bar';
import { TranslationsBox } from '#web/components/translations/translations-box';

export function ArticleTranslations({ article, row }: { article: Article; row: WorkspaceArticle | null }) {
  const media = article.media;
  const languages = useContentLanguages();
  return (
    <TranslationsBox
      kind="articles"
      id={article.id}
      translations={row?.translations}
      source={{
        language: row?.sourceLanguage ?? languages[0]!,
        fields: { title: article.title, teaser: article.teaser },
        body: article.body,
        media,
      }}
      editorMedia={{
        images: media?.kind === 'gallery' ? media.images : [],
        videos: media?.kind === 'video' ? media.videos : [],
      }}
    />
  );
}
