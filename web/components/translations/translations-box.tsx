// What a content form shows of its item's languages (issue 29): the language bar, and the open translation beside
// its source. The open language is in the address (`?translate=de-DE`), so a link or a reload opens it again.
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import type { WorkspaceTranslation } from '#schema/workspace';
import type { TranslationKind } from '#web/api/translations';
import { invalidate } from '#web/data/cache';
import { LanguageBar, languageStates, useContentLanguages } from './language-bar';
import { Loading } from '#web/components/view-state';
import type { TranslationEditorProps, TranslationSource } from './translation-editor';

// The side-by-side form (with the rich-text editor for articles) loads when a translation is opened: the forms and
// their language bar stay within their budgets (test/web/budget.test.ts).
const TranslationEditor = lazy(() => import('./translation-editor').then((m) => ({ default: m.TranslationEditor })));

export const TRANSLATE_PARAM = 'translate';

export interface TranslationsBoxProps {
  kind: TranslationKind;
  id: string;
  source: TranslationSource;
  /** The item's translations as its workspace row lists them (undefined while that loads). */
  translations: readonly WorkspaceTranslation[] | undefined;
  editorMedia?: TranslationEditorProps['editorMedia'];
}

export function TranslationsBox({ kind, id, source, translations, editorMedia }: TranslationsBoxProps) {
  const [params, setParams] = useSearchParams();
  const rows = languageStates(useContentLanguages(), source.language, translations ?? []);
  const wanted = params.get(TRANSLATE_PARAM);
  const open = rows.find((r) => r.language === wanted && r.state !== 'source') ?? null;
  const setOpen = (language: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (language) next.set(TRANSLATE_PARAM, language);
        else next.delete(TRANSLATE_PARAM);
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <LanguageBar rows={rows} active={open?.language ?? null} onOpen={setOpen} />
      {open && translations && (
        <Suspense fallback={<Loading />}>
          <TranslationEditor
            key={open.language}
            kind={kind}
            id={id}
            language={open.language}
            exists={open.state !== 'missing'}
            source={source}
            editorMedia={editorMedia}
            onSaved={() => void invalidate(['workspace'], ['categories'])}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </>
  );
}
