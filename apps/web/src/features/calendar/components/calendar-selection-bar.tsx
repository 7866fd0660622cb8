import {
  CalendarOutlined,
  ClockCircleOutlined,
  CloseOutlined,
  CoffeeOutlined,
  CopyOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { cellsLabel } from '../cell-selection.ts';
import type { CalendarBulkAction } from './calendar-bulk-modal.tsx';
import '../../../components/feedback/bulk-bar.css';

/**
 * «Выбрано: N ячеек» and what can be done with them, under the grid (sticky at the bottom of
 * the screen while the page scrolls, in the flow so it never covers the last row).
 */
export function CalendarSelectionBar({
  count,
  employees,
  onAction,
  onClear,
  isPhone,
}: {
  count: number;
  employees: number;
  /** Phones tap cells: no keyboard hints. */
  isPhone: boolean;
  onAction: (action: CalendarBulkAction) => void;
  onClear: () => void;
}) {
  const none = count === 0;
  return (
    <div
      className="smena-bulk-bar smena-cal-selection"
      role="toolbar"
      aria-label="Действия с выбранными ячейками"
    >
      <div className="smena-cal-selection__summary">
        <span className="smena-cal-selection__count" aria-live="polite">
          {none ? 'Выберите ячейки' : `Выбрано: ${cellsLabel(count)}`}
        </span>
        <span className="smena-cal-selection__hint">
          {none
            ? isPhone
              ? 'Нажимайте на ячейки, чтобы выбрать их'
              : 'Нажимайте на ячейки; с Shift — диапазон, или протяните мышью'
            : `Сотрудников: ${employees}${isPhone ? '' : ' · Esc — снять выбор'}`}
        </span>
      </div>
      <div className="smena-cal-selection__actions">
        <Button icon={<ClockCircleOutlined />} disabled={none} onClick={() => onAction('shift')}>
          Смена…
        </Button>
        <Button icon={<CoffeeOutlined />} disabled={none} onClick={() => onAction('dayOff')}>
          Выходной
        </Button>
        <Button icon={<CalendarOutlined />} disabled={none} onClick={() => onAction('absence')}>
          Отсутствие…
        </Button>
        <Button icon={<UndoOutlined />} disabled={none} onClick={() => onAction('clear')}>
          Очистить
        </Button>
        <Button
          icon={<CopyOutlined />}
          disabled={none}
          className="smena-cal-selection__wide"
          onClick={() => onAction('copyWeek')}
        >
          Копировать неделю…
        </Button>
        <Tooltip title="Снять выбор (Esc)">
          <Button icon={<CloseOutlined />} aria-label="Снять выбор" onClick={onClear} />
        </Tooltip>
      </div>
    </div>
  );
}
