import { CheckOutlined } from '@ant-design/icons';
import type { ConfigEntry, ConfigValue } from '@smena/contract';
import { Button, Input, InputNumber, Switch } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useUpdateConfigEntry } from '../api/update-config-entry.ts';
import { MAX_STRING_VALUE, valueProblem } from '../config-format.ts';

/**
 * A value edited in its table row: a switch saves at once; a number or a text shows «Сохранить»
 * once changed (Enter saves, Escape puts the saved value back).
 */
export function ConfigValueEditor({ entry }: { entry: ConfigEntry }) {
  const update = useUpdateConfigEntry();
  const [draft, setDraft] = useState<ConfigValue | undefined>(entry.value);
  const [savedValue, setSavedValue] = useState(entry.value);
  const [error, setError] = useState<string | null>(null);
  if (savedValue !== entry.value) {
    // The table brought a newer value (saved here or elsewhere): show it.
    setSavedValue(entry.value);
    setDraft(entry.value);
    setError(null);
  }
  const label = `Значение ${entry.key}`;

  const save = async (value: ConfigValue | undefined) => {
    const problem = valueProblem(entry.type, value);
    if (problem || value === undefined) {
      setError(problem ?? 'Введите значение');
      return;
    }
    setError(null);
    try {
      await update.mutateAsync({ key: entry.key, input: { value } });
      notify.success(`Параметр ${entry.key} сохранён`);
    } catch (caught) {
      if (entry.type === 'boolean') notify.apiError(caught);
      else setError(getErrorMessage(caught));
    }
  };

  if (entry.type === 'boolean') {
    return (
      <Switch
        aria-label={label}
        checked={entry.value === true}
        loading={update.isPending}
        checkedChildren="Да"
        unCheckedChildren="Нет"
        onChange={(checked) => void save(checked)}
      />
    );
  }

  const dirty = draft !== entry.value;
  const reset = () => {
    setDraft(entry.value);
    setError(null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') reset();
  };

  return (
    <div className="smena-config-value">
      <div className="smena-config-value__row">
        {entry.type === 'number' ? (
          <InputNumber<number>
            aria-label={label}
            value={typeof draft === 'number' ? draft : null}
            onChange={(next) => setDraft(next ?? undefined)}
            onPressEnter={() => void save(draft)}
            onKeyDown={onKeyDown}
            status={error ? 'error' : undefined}
            className="smena-config-value__number"
          />
        ) : (
          <Input
            aria-label={label}
            value={typeof draft === 'string' ? draft : ''}
            onChange={(event) => setDraft(event.target.value)}
            onPressEnter={() => void save(draft)}
            onKeyDown={onKeyDown}
            maxLength={MAX_STRING_VALUE}
            placeholder="Пусто"
            allowClear
            status={error ? 'error' : undefined}
          />
        )}
        {dirty && (
          <>
            <Button
              type="primary"
              icon={<CheckOutlined />}
              loading={update.isPending}
              onClick={() => void save(draft)}
            >
              Сохранить
            </Button>
            <Button onClick={reset}>Отмена</Button>
          </>
        )}
      </div>
      {error && (
        <div className="smena-config-value__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
