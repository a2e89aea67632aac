// The editor's toolbar: every button has an accessible name (en-US and de-DE), marks and blocks say whether
// they are on (aria-pressed), and Link, Insert picture (picture-form.tsx) and Insert video open a small form of
// their own.
import { $isLinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import {
  $isListNode,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  REMOVE_LIST_COMMAND,
} from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { $findMatchingParent, $insertNodeToNearestRoot, mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $getSelection,
  $isRangeSelection,
  $isRootOrShadowRoot,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  KEY_MODIFIER_COMMAND,
  REDO_COMMAND,
  SELECTION_CHANGE_COMMAND,
  UNDO_COMMAND,
  type LexicalNode,
} from 'lexical';
import { useCallback, useContext, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { isSafeHref } from '#schema/document';
import { $createPictureNode, $createVideoNode, MediaContext } from './nodes';
import { PictureForm } from './picture-form';
import { LinkIcon, PictureIcon, QuoteIcon, RedoIcon, UndoIcon, VideoIcon } from './toolbar-icons';

type Block = 'paragraph' | 'h2' | 'h3' | 'h4' | 'quote' | 'bullet' | 'number';
type Panel = null | 'link' | 'picture' | 'video';

interface State {
  bold: boolean;
  italic: boolean;
  link: boolean;
  block: Block;
}

function blockOf(anchor: LexicalNode): Block {
  const top =
    anchor.getKey() === 'root'
      ? anchor
      : ($findMatchingParent(anchor, (n) => $isRootOrShadowRoot(n.getParent())) ?? anchor);
  const list = $findMatchingParent(anchor, $isListNode);
  if (list && $isListNode(list)) return list.getListType() === 'number' ? 'number' : 'bullet';
  if ($isHeadingNode(top)) return top.getTag() as Block;
  if ($isQuoteNode(top)) return 'quote';
  return 'paragraph';
}

const NEXT_HEADING: Record<Block, Block> = {
  paragraph: 'h2',
  h2: 'h3',
  h3: 'h4',
  h4: 'paragraph',
  quote: 'h2',
  bullet: 'h2',
  number: 'h2',
};

export default function Toolbar({ editorId }: { editorId: string }) {
  const [editor] = useLexicalComposerContext();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const media = useContext(MediaContext);
  const [state, setState] = useState<State>({ bold: false, italic: false, link: false, block: 'paragraph' });
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  const [panel, setPanel] = useState<Panel>(null);

  const refresh = useCallback(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    const anchor = selection.anchor.getNode();
    setState({
      bold: selection.hasFormat('bold'),
      italic: selection.hasFormat('italic'),
      link: !!$findMatchingParent(anchor, $isLinkNode),
      block: blockOf(anchor),
    });
  }, []);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => editorState.read(refresh)),
        editor.registerCommand(
          SELECTION_CHANGE_COMMAND,
          () => {
            refresh();
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_UNDO_COMMAND,
          (v) => {
            setCanUndo(v);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_REDO_COMMAND,
          (v) => {
            setCanRedo(v);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        // Ctrl/Cmd+K opens the link form (Ctrl+B, I, Z, Y and Shift+Z are the editor's own).
        editor.registerCommand(
          KEY_MODIFIER_COMMAND,
          (event) => {
            if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey)) return false;
            event.preventDefault();
            setPanel('link');
            return true;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor, refresh],
  );

  const setBlock = (block: Block) =>
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      if (block === 'paragraph') $setBlocksType(selection, () => $createParagraphNode());
      else if (block === 'quote') $setBlocksType(selection, () => $createQuoteNode());
      else if (block === 'h2' || block === 'h3' || block === 'h4')
        $setBlocksType(selection, () => $createHeadingNode(block));
    });
  const toggleList = (kind: 'bullet' | 'number') => {
    if (state.block === kind) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else
      editor.dispatchCommand(
        kind === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND,
        undefined,
      );
  };
  const heading = state.block === 'h2' || state.block === 'h3' || state.block === 'h4';

  const button = (
    label: string,
    onClick: () => void,
    extra: { pressed?: boolean; disabled?: boolean; icon: ReactNode },
  ) => (
    <button
      type="button"
      className="rte-button"
      aria-label={label}
      title={label}
      aria-pressed={extra.pressed}
      disabled={extra.disabled}
      // Keeps the editor's selection: the click does not move the focus away before the command runs.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      <span aria-hidden="true">{extra.icon}</span>
    </button>
  );

  return (
    <div className="rte-toolbar-wrap">
      <div role="toolbar" aria-label={t('rt.toolbar')} aria-controls={editorId} className="rte-toolbar">
        {button(t('rt.bold'), () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold'), {
          pressed: state.bold,
          icon: 'B',
        })}
        {button(t('rt.italic'), () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic'), {
          pressed: state.italic,
          icon: 'I',
        })}
        {button(t('rt.link'), () => setPanel(panel === 'link' ? null : 'link'), {
          pressed: state.link,
          icon: <LinkIcon />,
        })}
        {button(t('rt.heading'), () => setBlock(NEXT_HEADING[state.block]), {
          pressed: heading,
          // The visible letter stays part of the name (axe's label-content-name-mismatch); the level shows in the text.
          icon: 'H',
        })}
        {button(t('rt.bulletList'), () => toggleList('bullet'), { pressed: state.block === 'bullet', icon: '•' })}
        {button(t('rt.numberList'), () => toggleList('number'), { pressed: state.block === 'number', icon: '#' })}
        {button(t('rt.quote'), () => setBlock(state.block === 'quote' ? 'paragraph' : 'quote'), {
          pressed: state.block === 'quote',
          icon: <QuoteIcon />,
        })}
        {button(t('rt.insertPicture'), () => setPanel(panel === 'picture' ? null : 'picture'), {
          icon: <PictureIcon />,
        })}
        {button(t('rt.insertVideo'), () => setPanel(panel === 'video' ? null : 'video'), { icon: <VideoIcon /> })}
        {button(t('rt.undo'), () => editor.dispatchCommand(UNDO_COMMAND, undefined), {
          disabled: !canUndo,
          icon: <UndoIcon />,
        })}
        {button(t('rt.redo'), () => editor.dispatchCommand(REDO_COMMAND, undefined), {
          disabled: !canRedo,
          icon: <RedoIcon />,
        })}
      </div>
      {panel === 'link' && (
        <LinkForm
          linked={state.link}
          onDone={(href) => {
            editor.dispatchCommand(TOGGLE_LINK_COMMAND, href);
            setPanel(null);
            // Back to writing after the link: the caret at its end, so the next key does not replace the linked words.
            editor.update(() => {
              const selection = $getSelection();
              if (!$isRangeSelection(selection)) return;
              const end = selection.isBackward() ? selection.anchor : selection.focus;
              selection.anchor.set(end.key, end.offset, end.type);
              selection.focus.set(end.key, end.offset, end.type);
            });
            editor.focus();
          }}
          onCancel={() => setPanel(null)}
        />
      )}
      {panel === 'picture' && (
        <PictureForm
          media={media}
          onInsert={(id, alt, caption) => {
            editor.update(() => {
              $insertNodeToNearestRoot($createPictureNode(id, alt, caption));
            });
            setPanel(null);
          }}
          onCancel={() => setPanel(null)}
        />
      )}
      {panel === 'video' && (
        <VideoForm
          options={media.videos.map((v, i) => ({ id: v.id, label: v.title || `${i + 1}`, href: v.thumbnailHref }))}
          onInsert={(id) => {
            editor.update(() => {
              $insertNodeToNearestRoot($createVideoNode(id));
            });
            setPanel(null);
          }}
          onCancel={() => setPanel(null)}
        />
      )}
    </div>
  );
}

function LinkForm({
  linked,
  onDone,
  onCancel,
}: {
  linked: boolean;
  onDone: (href: string | null) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const id = useId();
  const [href, setHref] = useState('https://');
  const [error, setError] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!isSafeHref(href.trim())) return setError(true);
    onDone(href.trim());
  };
  return (
    <div className="rte-panel" role="group" aria-label={intl.formatMessage({ id: 'rt.link' })}>
      <label htmlFor={id}>{intl.formatMessage({ id: 'rt.linkAddress' })}</label>
      <input
        id={id}
        type="url"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the form opens on the user's own click or Ctrl+K
        autoFocus
        value={href}
        aria-invalid={error || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setHref(e.currentTarget.value);
          setError(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') submit(e);
          if (e.key === 'Escape') onCancel();
        }}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {intl.formatMessage({ id: 'rt.linkInvalid' })}
        </p>
      )}
      <button type="button" className="button" onClick={submit}>
        {intl.formatMessage({ id: 'rt.apply' })}
      </button>
      {linked && (
        <button type="button" className="button button-secondary" onClick={() => onDone(null)}>
          {intl.formatMessage({ id: 'rt.unlink' })}
        </button>
      )}
      <button type="button" className="button button-secondary" onClick={onCancel}>
        {intl.formatMessage({ id: 'rt.cancel' })}
      </button>
    </div>
  );
}

/** Insert video: one of the article's videos (an upload goes through the Videos section below the form). */
function VideoForm({
  options,
  onInsert,
  onCancel,
}: {
  options: { id: string; label: string; href: string | null }[];
  onInsert: (id: string) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const base = useId();
  const [chosen, setChosen] = useState(options[0]?.id ?? '');
  return (
    <div className="rte-panel" role="group" aria-label={t('rt.insertVideo')}>
      {options.length === 0 ? (
        <p>{t('rt.noVideos')}</p>
      ) : (
        <>
          <fieldset className="rte-choices">
            <legend>{t('rt.chooseVideo')}</legend>
            {options.map((o) => (
              <label key={o.id} className="rte-choice">
                <input type="radio" name={`${base}-media`} checked={chosen === o.id} onChange={() => setChosen(o.id)} />
                {o.href && <img src={o.href} alt="" width={64} height={48} />}
                <span>{o.label}</span>
              </label>
            ))}
          </fieldset>
          <button type="button" className="button" onClick={() => onInsert(chosen)}>
            {t('rt.insert')}
          </button>
        </>
      )}
      <button type="button" className="button button-secondary" onClick={onCancel}>
        {t('rt.cancel')}
      </button>
    </div>
  );
}
