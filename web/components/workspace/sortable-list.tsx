// A list the editor reorders by dragging (pointer or touch), by keyboard on the drag handle (Space to lift, arrows
// to move, Space to drop, Esc to cancel; @dnd-kit), or with Move up / Move down buttons; every move is announced.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

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
  const moveBy = (index: number, delta: number) => {
    const to = index + delta;
    if (to < 0 || to >= count) return;
    onMove(index, to);
    setAnnouncement(
      intl.formatMessage({ id: 'ws.sort.moved' }, { name: nameOf(items[index]!), position: to + 1, count }),
    );
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: intl.formatMessage({ id: 'ws.sort.instructions' }) },
      }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ol className="ws-sortable" aria-label={label}>
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
        <button
          type="button"
          className="button-small"
          disabled={disabled || first}
          onClick={onUp}
          aria-label={intl.formatMessage({ id: 'ws.sort.up' }, { name })}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          className="button-small"
          disabled={disabled || last}
          onClick={onDown}
          aria-label={intl.formatMessage({ id: 'ws.sort.down' }, { name })}
        >
          <span aria-hidden="true">↓</span>
        </button>
      </span>
    </li>
  );
}
