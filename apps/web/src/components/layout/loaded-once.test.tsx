import { act, cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadedOnce } from './loaded-once.tsx';

afterEach(cleanup);

describe('LoadedOnce', () => {
  it('loads the dialog on its first opening and keeps it mounted after closing', async () => {
    const load = vi.fn(async () => ({
      default: ({ open }: { open: boolean }) => <p>{open ? 'открыт' : 'закрыт'}</p>,
    }));
    const Dialog = lazy(load);
    const view = (open: boolean) => (
      <LoadedOnce when={open}>
        <Dialog open={open} />
      </LoadedOnce>
    );
    const { rerender } = render(view(false));
    rerender(view(false));
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/открыт|закрыт/)).toBeNull();

    await act(async () => rerender(view(true)));
    expect(await screen.findByText('открыт')).toBeTruthy();
    rerender(view(false));
    expect(screen.getByText('закрыт')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
