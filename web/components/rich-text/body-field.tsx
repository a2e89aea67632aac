// The article form's text field: the editor loads on demand (its chunk is the workspace's article form's only,
// decision 028), with a plain placeholder of the same size meanwhile.
import { lazy, Suspense, useId } from 'react';
import type { ArticleDocument } from '#schema/document';
import type { CollabPluginProps } from './collab/collab-plugin';
import type { EditorMedia } from './nodes';

const RichTextEditor = lazy(() => import('./editor'));

export interface BodyFieldProps {
  label: string;
  value: ArticleDocument;
  onChange: (doc: ArticleDocument) => void;
  media: EditorMedia;
  error?: string | undefined;
  /** The article's co-editing room, when the form opens one (decision 051). */
  collab?: CollabPluginProps | undefined;
}

export default function BodyField({ label, value, onChange, media, error, collab }: BodyFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  return (
    <div className="field">
      <span id={labelId} className="field-label">
        {label}
      </span>
      <Suspense fallback={<div className="rte rte-loading" aria-busy="true" aria-labelledby={labelId} />}>
        <RichTextEditor
          id={`${id}-editor`}
          label={label}
          value={value}
          onChange={onChange}
          media={media}
          describedBy={error ? `${id}-error` : undefined}
          invalid={!!error}
          collab={collab}
        />
      </Suspense>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
