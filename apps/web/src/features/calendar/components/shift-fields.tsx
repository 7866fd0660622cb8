import { Flex, Form, InputNumber } from 'antd';
import { TimeField } from '../../../components/form/picker-fields.tsx';

/** Limits of a shift's break, minutes. */
const MAX_BREAK_MINUTES = 720;

/**
 * A shift's start, end and break, as the cell editor and the bulk «Смена…» ask them. The break is
 * refused out of range rather than clamped to it.
 */
export function ShiftFields() {
  return (
    <Flex gap={12} wrap>
      <Form.Item
        label="Начало"
        name="start"
        rules={[{ required: true, message: 'Укажите начало' }]}
        style={{ flex: '1 1 110px' }}
      >
        <TimeField style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        label="Конец"
        name="end"
        rules={[{ required: true, message: 'Укажите конец' }]}
        style={{ flex: '1 1 110px' }}
        extra="Раньше начала — на следующий день"
      >
        <TimeField style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        label="Перерыв, мин"
        name="breakMinutes"
        rules={[
          {
            type: 'integer',
            min: 0,
            max: MAX_BREAK_MINUTES,
            message: `Перерыв — целое число минут от 0 до ${MAX_BREAK_MINUTES}`,
          },
        ]}
        style={{ flex: '1 1 110px' }}
      >
        <InputNumber step={15} style={{ width: '100%' }} />
      </Form.Item>
    </Flex>
  );
}
