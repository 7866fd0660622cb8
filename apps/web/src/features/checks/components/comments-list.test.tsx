import type { Comment } from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommentsList, groupIntoThreads } from './comments-list.tsx';

const base: Comment = {
  id: 1,
  employeeId: 7,
  employeeName: 'Орлова Вера',
  date: '2026-11-18',
  checkId: null,
  authorId: 7,
  authorName: 'Орлова Вера',
  text: 'Опоздала: отменили электричку',
  read: true,
  createdAt: '2026-11-18T06:10:00.000Z',
};
const comments: Comment[] = [
  { ...base, id: 3, date: '2026-11-19', text: 'Ушла раньше к врачу', read: false },
  { ...base, id: 2, authorId: 1, authorName: 'Петров Иван', text: 'Принято', read: true },
  base,
  { ...base, id: 4, employeeId: 8, employeeName: 'Белов Олег', text: 'Забыл отметиться' },
];

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
  fetchMock.mockImplementation((url) =>
    Promise.resolve(
      new Response(
        JSON.stringify(
          String(url).includes('/comments/read')
            ? { marked: 1 }
            : { items: comments, total: comments.length, page: 1, limit: 50 },
        ),
        { status: 200 },
      ),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('comments list for managers', { timeout: 60_000 }, () => {
  it('groups comments by employee and day, newest day first', () => {
    const threads = groupIntoThreads(comments);
    expect(threads.map((thread) => thread.key)).toEqual([
      '7|2026-11-19',
      '7|2026-11-18',
      '8|2026-11-18',
    ]);
    expect(threads[1]!.comments.map((comment) => comment.id)).toEqual([2, 1]);
  });

  it('shows a card per day with the unread mark, and filters unread ones', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <App>
            <CommentsList zone="Europe/Moscow" today="2026-11-20" />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Ушла раньше к врачу')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Орлова Вера' })).toHaveLength(2);
    expect(screen.getByText('новый')).toBeTruthy();
    const [firstUrl] = fetchMock.mock.calls[0]!;
    expect(String(firstUrl)).toContain('from=2026-10-22');
    expect(String(firstUrl)).toContain('to=2026-11-20');

    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('unread=true'))).toBe(true),
    );
  });
});
