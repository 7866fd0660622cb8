import { act, cleanup, createEvent, fireEvent, render, screen } from '@testing-library/react';
import { App, Form } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateField, TimeField } from './picker-fields.tsx';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  values = {};
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Dayish = { format: (pattern: string) => string } | null | undefined;
let values: { hireDate?: Dayish; end?: Dayish } = {};
function Fields() {
  return (
    <Form onValuesChange={(_changed, all) => (values = all)}>
      <Form.Item name="hireDate" label="Дата приёма">
        <DateField />
      </Form.Item>
      <Form.Item name="end" label="Конец">
        <TimeField />
      </Form.Item>
    </Form>
  );
}

const settle = () => act(() => new Promise((done) => setTimeout(done, 20)));

describe('typed dates and times', () => {
  it('take what was typed when the field is left, so a save right after sees it', async () => {
    render(
      <App>
        <Fields />
      </App>,
    );
    const end = screen.getByLabelText('Конец');
    fireEvent.focus(end);
    fireEvent.change(end, { target: { value: '22:00' } });
    fireEvent.blur(end);
    await settle();
    expect(values.end?.format('HH:mm')).toBe('22:00');

    const date = screen.getByLabelText('Дата приёма');
    fireEvent.focus(date);
    fireEvent.change(date, { target: { value: '2026-12-01' } });
    fireEvent.blur(date);
    await settle();
    expect(values.hireDate?.format('YYYY-MM-DD')).toBe('2026-12-01');
  });

  it('take the value on Enter without letting the browser submit the form', async () => {
    render(
      <App>
        <Fields />
      </App>,
    );
    const date = screen.getByLabelText('Дата приёма');
    fireEvent.focus(date);
    fireEvent.change(date, { target: { value: '2026-12-05' } });
    const enter = createEvent.keyDown(date, { key: 'Enter', code: 'Enter' });
    fireEvent(date, enter);
    await settle();
    expect(enter.defaultPrevented).toBe(true);
    expect(values.hireDate?.format('YYYY-MM-DD')).toBe('2026-12-05');
  });

  it('leave a text that is not a time to the picker, never guessing', async () => {
    render(
      <App>
        <Fields />
      </App>,
    );
    const end = screen.getByLabelText('Конец');
    fireEvent.focus(end);
    fireEvent.change(end, { target: { value: '25:99' } });
    fireEvent.blur(end);
    await settle();
    expect(values.end).toBeFalsy();
  });
});
