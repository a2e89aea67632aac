// A list the editor reorders by dragging (pointer or touch), by keyboard on the drag handle (Space to lift, arrows
// to move, Space to drop, Esc to cancel; @dnd-kit), or with Move up / Move down buttons; every move is announced.
// The keyboard focus stays with the item a button moved (on the other arrow when that end is reached), and goes to
// the same control of the next item when the focused one is removed, never to the page's start.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type AutoScrollOptions,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useLayoutEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * Scrolling while an item is dragged near the window's edge: only within the outer 8% of its height (not 20%), at
 * most 2 px per 5 ms (400 px/s, not dnd-kit's 2,000), and never sideways. At the defaults a picture held near the
 * edge shot the page past its place (3 ended up 5) before the hand could stop.
 */
export const AUTO_SCROLL: AutoScrollOptions = { threshold: { x: 0, y: 0.08 }, acceleration: 2 };

/** The controls of an item that take the keyboard focus, in order. */
const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

/** Where the focus was in the list: the item and which of its controls (by position). */
interface FocusPlace {
  id: string;
  control: number;
}

export interface SortableListProps<T extends { id: string }> {
  items: readonly T[];
  /** The list's accessible name. */
  label: string;
  /** How an item is named in announcements and button labels. */
  nameOf: (item: T) => string;
  /** Called with the item's old and new index once a move is made. */
  onMove: (from: number, to: number) => void;
  renderItem: (item: T, index: number) => ReactNode;
  disabled?: boolean;
}

export function SortableList<T extends { id: string }>({
  items,
  label,
  nameOf,
  onMove,
  renderItem,
  disabled = false,
}: SortableListProps<T>) {
  const intl = useIntl();
  const [announcement, setAnnouncement] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const indexOf = (id: string | number) => items.findIndex((i) => i.id === id);
  const name = (id: string | number) => {
    const item = items.find((i) => i.id === id);
    return item ? nameOf(item) : '';
  };
  const position = (id: string | number | undefined) => (id === undefined ? 0 : indexOf(id) + 1);
  const count = items.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      intl.formatMessage({ id: 'ws.sort.picked' }, { name: name(active.id), position: position(active.id), count }),
    onDragOver: ({ active, over }) =>
      over
        ? intl.formatMessage({ id: 'ws.sort.over' }, { name: name(active.id), position: position(over.id), count })
        : undefined,
    onDragEnd: ({ active, over }) =>
      intl.formatMessage(
        { id: 'ws.sort.dropped' },
        { name: name(active.id), position: position(over?.id ?? active.id), count },
      ),
    onDragCancel: ({ active }) => intl.formatMessage({ id: 'ws.sort.cancelled' }, { name: name(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(indexOf(active.id), indexOf(over.id));
  };
  const list = useRef<HTMLOListElement>(null);
  // The control focused last (kept when the item goes), and the button of an item a button just moved.
  const focused = useRef<(FocusPlace & { index: number }) | null>(null);
  const moved = useRef<{ id: string; up: boolean } | null>(null);
  const onFocus = (e: FocusEvent<HTMLOListElement>) => {
    const item = (e.target as Element).closest<HTMLElement>('[data-sortable-id]');
    if (!item) return;
    const id = item.dataset.sortableId!;
    const control = [...item.querySelectorAll(FOCUSABLE)].indexOf(e.target);
    focused.current = { id, control, index: indexOf(id) };
  };
  // Focus taken elsewhere on purpose (a dialog, another field): nothing to give back. A removed element's focus
  // goes nowhere (no related target), which is what the effect below repairs.
  const onBlur = (e: FocusEvent<HTMLOListElement>) => {
    if (e.relatedTarget && !list.current?.contains(e.relatedTarget)) focused.current = null;
  };
  const itemElement = (id: string) =>
    [...(list.current?.querySelectorAll<HTMLElement>('[data-sortable-id]') ?? [])].find(
      (el) => el.dataset.sortableId === id,
    );
  // After a render: a moved item gets its focus back once the list takes moves again; when the focused item is
  // gone (removed) and the focus with it, the item now at its place (or the last) gets the same control.
  useLayoutEffect(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    const move = moved.current;
    if (move && !disabled) {
      moved.current = null;
      const buttons = [...(itemElement(move.id)?.querySelectorAll<HTMLButtonElement>('[data-move]') ?? [])];
      const wanted = buttons.find((b) => b.dataset.move === (move.up ? 'up' : 'down'));
      (wanted && !wanted.disabled ? wanted : buttons.find((b) => !b.disabled))?.focus();
      return;
    }
    const place = focused.current;
    if (!place || !lost || items.some((i) => i.id === place.id) || items.length === 0) return;
    focused.current = null;
    const next = items[Math.min(place.index, items.length - 1)]!;
    const controls = itemElement(next.id)?.querySelectorAll<HTMLElement>(FOCUSABLE);
    (controls?.[place.control] ?? controls?.[0])?.focus();
  });

  const moveBy = (index: number, delta: number) => {
    const to = index + delta;
    if (to < 0 || to >= count) return;
    moved.current = { id: items[index]!.id, up: delta < 0 };
    onMove(index, to);
    setAnnouncement(
      intl.formatMessage({ id: 'ws.sort.moved' }, { name: nameOf(items[index]!), position: to + 1, count }),
    );
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      autoScroll={AUTO_SCROLL}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: intl.formatMessage({ id: 'ws.sort.instructions' }) },
      }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ol ref={list} className="ws-sortable" aria-label={label} onFocus={onFocus} onBlur={onBlur}>
          {items.map((item, index) => (
            <SortableRow
              key={item.id}
              id={item.id}
              name={nameOf(item)}
              first={index === 0}
              last={index === count - 1}
              disabled={disabled}
              onUp={() => moveBy(index, -1)}
              onDown={() => moveBy(index, 1)}
            >
              {renderItem(item, index)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
      <p className="visually-hidden" aria-live="assertive">
        {announcement}
      </p>
    </DndContext>
  );
}

function SortableRow({
  id,
  name,
  first,
  last,
  disabled,
  onUp,
  onDown,
  children,
}: {
  id: string;
  name: string;
  first: boolean;
  last: boolean;
  disabled: boolean;
  onUp: () => void;
  onDown: () => void;
  children: ReactNode;
}) {
  const intl = useIntl();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  return (
    <li
      ref={setNodeRef}
      data-sortable-id={id}
      className={isDragging ? 'ws-sortable-item ws-dragging' : 'ws-sortable-item'}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="ws-drag-handle"
        {...attributes}
        {...listeners}
        aria-label={intl.formatMessage({ id: 'ws.sort.handle' }, { name })}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <div className="ws-sortable-body">{children}</div>
      <span className="ws-move-buttons">
        {(
          [
            ['up', first, onUp, '↑'],
            ['down', last, onDown, '↓'],
          ] as const
        ).map(([move, end, onMove, arrow]) => (
          <button
            key={move}
            type="button"
            className="button-small"
            data-move={move}
            disabled={disabled || end}
            onClick={onMove}
            aria-label={intl.formatMessage({ id: `ws.sort.${move}` }, { name })}
          >
            <span aria-hidden="true">{arrow}</span>
          </button>
        ))}
      </span>
    </li>
  );
}
