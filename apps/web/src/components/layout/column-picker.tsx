import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';

/** A column a person may hide or show; the table's key columns are never offered. */
export type PickableColumn = {
  key: string;
  title: string;
  /** Less important columns start hidden so that the key ones fit a 1440 px screen whole. */
  hiddenByDefault?: boolean;
};

type Choice = Record<string, boolean>;

const storageKey = (table: string) => `smena.columns.${table}`;

function readChoice(table: string): Choice {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(table)) ?? '{}') as unknown;
    if (!stored || typeof stored !== 'object') return {};
    return Object.fromEntries(
      Object.entries(stored).filter(
        (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
      ),
    );
  } catch {
    return {};
  }
}

function saveChoice(table: string, choice: Choice) {
  try {
    localStorage.setItem(storageKey(table), JSON.stringify(choice));
  } catch {
    // Private mode or a full storage: the choice lasts until the page is reloaded.
  }
}

export type ColumnChoice = {
  isShown: (key: string) => boolean;
  /** The «Столбцы» button with a checkbox per column. */
  picker: ReactNode;
};

/** Which of a table's optional columns are shown, remembered in this browser per table. */
export function useColumnChoice(table: string, columns: readonly PickableColumn[]): ColumnChoice {
  const [choice, setChoice] = useState<Choice>(() => readChoice(table));
  const isShown = (key: string) => {
    const column = columns.find((item) => item.key === key);
    if (!column) return true;
    return choice[key] ?? !column.hiddenByDefault;
  };
  const toggle = (key: string, shown: boolean) => {
    const next = { ...choice, [key]: shown };
    setChoice(next);
    saveChoice(table, next);
  };
  const hiddenCount = columns.filter((column) => !isShown(column.key)).length;

  const content = (
    <div className="smena-column-picker" role="group" aria-label="Столбцы таблицы">
      {columns.map((column) => (
        <Checkbox
          key={column.key}
          checked={isShown(column.key)}
          onChange={(event) => toggle(column.key, event.target.checked)}
        >
          {column.title}
        </Checkbox>
      ))}
    </div>
  );
  const label = hiddenCount > 0 ? `Столбцы: скрыто ${hiddenCount}` : 'Столбцы';
  const picker = (
    <Popover trigger="click" placement="bottomRight" title="Показывать столбцы" content={content}>
      <Tooltip title={label}>
        <Button size="small" type="text" icon={<SettingOutlined />} aria-label={label} />
      </Tooltip>
    </Popover>
  );
  return { isShown, picker };
}
