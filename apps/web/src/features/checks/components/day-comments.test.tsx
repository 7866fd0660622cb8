import type { Comment } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DayComments } from './day-comments.tsx';

const managerReply: Comment = {
  id: 2,
  employeeId: 2,
  employeeName: 'Орлова Вера',
  date: '2026-11-18',
  checkId: null,
  authorId: 1,
  authorName: ' ',
  text: 'Исправил время прихода.',
  read: false,
  createdAt: '2026-11-18T10:00:00.000Z',
};

const fetchMock = vi.fn<typeof fetch>();

// antd's auto-sized text area measures itself; jsdom has no ResizeObserver.
class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
  fetchMock.mockReset();
  fetchMock.mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify({ ...managerReply, id: 3 }), { status: 201 })),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderComments(comments: Comment[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App>
        <DayComments date="2026-11-18" comments={comments} zone="Europe/Moscow" />
      </App>
    </QueryClientProvider>,
  );
}

describe('comments of a day', { timeout: 60_000 }, () => {
  it('names a nameless author as the manager and marks a new comment', () => {
    renderComments([managerReply]);
    expect(screen.getByText('Руководитель')).toBeTruthy();
    expect(screen.getByText('новый')).toBeTruthy();
    expect(screen.getByText('2026-11-18 13:00', { exact: false })).toBeTruthy();
  });

  it('posts the day and the text, and refuses an empty one', async () => {
    renderComments([]);
    fireEvent.click(screen.getByRole('button', { name: /Комментарий к дню/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Напишите комментарий')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Комментарий за 2026-11-18'), {
      target: { value: ' Опоздала: отменили электричку ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/comments');
    expect(JSON.parse(String(init!.body))).toEqual({
      date: '2026-11-18',
      text: 'Опоздала: отменили электричку',
    });
  });

  it('marks the new comments on screen read after a moment', async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ marked: 1 }), { status: 200 })),
    );
    renderComments([managerReply, { ...managerReply, id: 5, read: true }]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled(), { timeout: 5000 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/comments/read');
    expect(JSON.parse(String(init!.body))).toEqual({ ids: [2] });
    // The mark stays for this visit.
    expect(screen.getByText('новый')).toBeTruthy();
  });
});
