import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormDrawer } from './form-drawer.tsx';

afterEach(cleanup);

function renderDrawer(onClose: () => void) {
  render(
    <App>
      <FormDrawer open onClose={onClose} title="Филиал" width={480} formId="f" saving={false}>
        <Form id="f" initialValues={{ title: 'Центральный' }}>
          <Form.Item name="title" label="Название">
            <Input />
          </Form.Item>
        </Form>
      </FormDrawer>
    </App>,
  );
}

describe('FormDrawer', () => {
  it('closes at once while nothing was typed', () => {
    const onClose = vi.fn();
    renderDrawer(onClose);
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before throwing away what was typed; «Продолжить» keeps the draft', async () => {
    const onClose = vi.fn();
    renderDrawer(onClose);
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Склад на Южной' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect((await screen.findAllByText('Закрыть без сохранения?')).length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect((screen.getByLabelText('Название') as HTMLInputElement).value).toBe('Склад на Южной');
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    const close = await screen.findAllByRole('button', { name: 'Закрыть' });
    fireEvent.click(close[close.length - 1]!);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
