import type { ConfigValue, ConfigValueType } from '@smena/contract';
import { Input, InputNumber, Switch } from 'antd';
import { MAX_STRING_VALUE } from '../config-format.ts';

export type ConfigValueInputProps = {
  type: ConfigValueType;
  value?: ConfigValue;
  onChange?: (value: ConfigValue | undefined) => void;
  id?: string;
  disabled?: boolean;
  'aria-label'?: string;
};

/** The input a value's type calls for: a switch, a number or a text (a form control). */
export function ConfigValueInput({ type, value, onChange, ...rest }: ConfigValueInputProps) {
  if (type === 'boolean') {
    return (
      <Switch
        {...rest}
        checked={value === true}
        onChange={(checked) => onChange?.(checked)}
        checkedChildren="Да"
        unCheckedChildren="Нет"
      />
    );
  }
  if (type === 'number') {
    return (
      <InputNumber<number>
        {...rest}
        value={typeof value === 'number' ? value : null}
        onChange={(next) => onChange?.(next ?? undefined)}
        style={{ width: '100%', maxWidth: 200 }}
      />
    );
  }
  return (
    <Input.TextArea
      {...rest}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange?.(event.target.value)}
      autoSize={{ minRows: 1, maxRows: 6 }}
      maxLength={MAX_STRING_VALUE}
    />
  );
}
