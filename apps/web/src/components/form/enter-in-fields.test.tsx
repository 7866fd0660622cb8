import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepEnterInFields } from './enter-in-fields.ts';

afterEach(cleanup);

function renderForm(fields: string[], submit?: () => void) {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  render(
    <form onSubmit={onSubmit} onKeyDown={(event) => keepEnterInFields(event, submit)}>
      {fields.map((name) => (
        <input key={name} aria-label={name} />
      ))}
      <textarea aria-label="Комментарий" />
      <button type="submit">Сохранить</button>
    </form>,
  );
  return onSubmit;
}

describe('keepEnterInFields', () => {
  it('keeps Enter in a field of a form of several fields', () => {
    renderForm(['Фамилия', 'Имя']);
    const enter = fireEvent.keyDown(screen.getByLabelText('Фамилия'), { key: 'Enter' });
    // fireEvent answers false when a handler prevented the default: the browser would not submit.
    expect(enter).toBe(false);
  });

  it('leaves Enter to a form of a single field and to a textarea', () => {
    render(
      <form onKeyDown={(event) => keepEnterInFields(event)}>
        <input aria-label="Поиск" />
      </form>,
    );
    expect(fireEvent.keyDown(screen.getByLabelText('Поиск'), { key: 'Enter' })).toBe(true);
    cleanup();
    renderForm(['Фамилия']);
    expect(fireEvent.keyDown(screen.getByLabelText('Комментарий'), { key: 'Enter' })).toBe(true);
  });

  it('submits on Ctrl+Enter or ⌘+Enter', () => {
    const onSubmit = renderForm(['Фамилия', 'Имя']);
    fireEvent.keyDown(screen.getByLabelText('Имя'), { key: 'Enter', ctrlKey: true });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    cleanup();
    const save = vi.fn();
    renderForm(['Фамилия', 'Имя'], save);
    fireEvent.keyDown(screen.getByLabelText('Имя'), { key: 'Enter', metaKey: true });
    expect(save).toHaveBeenCalledTimes(1);
  });
});
