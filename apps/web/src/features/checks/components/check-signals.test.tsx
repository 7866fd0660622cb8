import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseListState, toApiQuery, toSearchParams } from '../list-params.ts';
import { CheckSignalTags } from './check-signal-tags.tsx';
import { ChecksFilters } from './checks-filters.tsx';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoopResizeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CheckSignalTags', () => {
  it('shows the positive QR in green and warnings in orange, with the full label as tooltip', async () => {
    render(<CheckSignalTags signals={['QR_VERIFIED', 'OTHER_BRANCH']} />);
    const qr = screen.getByLabelText('Присутствие подтверждено QR');
    const branch = screen.getByLabelText('Другой филиал');
    expect(qr.textContent).toBe('QR');
    expect(qr.className).toContain('ant-tag-green');
    expect(branch.className).toContain('ant-tag-orange');
    fireEvent.mouseEnter(screen.getByText('QR'));
    await waitFor(() =>
      expect(screen.getByRole('tooltip').textContent).toContain('Присутствие подтверждено QR'),
    );
  });

  it('shows nothing for a check without signals', () => {
    const { container } = render(<CheckSignalTags signals={[]} />);
    expect(container.childElementCount).toBe(0);
  });
});

describe('«Сигналы» filter', () => {
  const today = '2026-05-04';

  it('offers every signal by its Russian label and reports the chosen ones', async () => {
    const onChange = vi.fn();
    render(
      <ChecksFilters
        state={parseListState(new URLSearchParams(), today)}
        today={today}
        branches={null}
        departments={null}
        employeeField={null}
        onChange={onChange}
      />,
    );
    const select = screen.getByLabelText('Сигналы');
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByText('Точность GPS ровно 0 — возможна подмена'));
    expect(onChange).toHaveBeenCalledWith({ signals: ['GPS_ACCURACY_ZERO'] });
    expect(screen.getByText('Неудачные попытки PIN')).toBeTruthy();
  });

  it('keeps the chosen signals in the address and sends them to the API', () => {
    const state = parseListState(new URLSearchParams('signal=NEW_DEVICE,BOGUS,FAILED_PINS'), today);
    expect(state.signals).toEqual(['NEW_DEVICE', 'FAILED_PINS']);
    expect(toSearchParams(state, today).get('signal')).toBe('NEW_DEVICE,FAILED_PINS');
    expect(toApiQuery(state).signal).toBe('NEW_DEVICE,FAILED_PINS');
    expect(toApiQuery(parseListState(new URLSearchParams(), today)).signal).toBeUndefined();
  });
});
