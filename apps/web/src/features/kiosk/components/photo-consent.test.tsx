import {
  kioskPhotoConsentText,
  type EmployeeKioskPhotoConsent,
  type KioskPhotoConsent,
  type MyKioskPhotoConsent,
} from '@smena/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../../lib/token-storage.ts';
import { EmployeePhotoConsentCard } from './employee-photo-consent-card.tsx';
import { PhotoConsentSection } from './photo-consent-section.tsx';

const ZONE = 'Europe/Moscow';
const TEXT = kioskPhotoConsentText({ companyTitle: 'ООО Ромашка', retentionDays: 30 });

const appConsent: KioskPhotoConsent = {
  id: 5,
  method: 'APP',
  givenAt: '2026-03-02T06:15:00.000Z',
  textVersion: 1,
  documentDate: null,
  documentNumber: null,
  recordedByName: 'Орлова Вера',
  withdrawnAt: null,
  withdrawnByName: null,
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
const fetchMock = vi.fn<typeof fetch>();

function sent(url: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === url && init?.method === 'POST')
    .map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
}

function renderWithClient(node: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <App>{node}</App>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  setTokens({ accessToken: 'access-token', refreshToken: 'refresh-token' });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PhotoConsentSection (the employee)', () => {
  let state: MyKioskPhotoConsent;

  beforeEach(() => {
    state = {
      enabled: true,
      retentionDays: 30,
      textVersion: 1,
      text: TEXT,
      consent: null,
      photos: 0,
    };
    fetchMock.mockImplementation((input, init) => {
      const url = String(input);
      if (url === '/api/v1/kiosk-photo-consent' && init?.method === 'POST') {
        state = { ...state, consent: appConsent };
        return json(state);
      }
      if (url === '/api/v1/kiosk-photo-consent/withdraw') {
        state = { ...state, consent: null, photos: 0 };
        return json({ result: 'withdrawn', deletedPhotos: 2 });
      }
      if (url === '/api/v1/kiosk-photo-consent') return json(state);
      return json({}, 404);
    });
  });

  it('shows nothing where the company takes no photos and there is no consent', async () => {
    state = { ...state, enabled: false };
    const { container } = renderWithClient(<PhotoConsentSection zone={ZONE} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector('.ant-skeleton')).toBeNull());
    expect(screen.queryByText('Фото при отметке по PIN')).toBeNull();
  });

  it('shows the whole wording and records «Даю согласие» with its version', async () => {
    renderWithClient(<PhotoConsentSection zone={ZONE} />);
    const text = await screen.findByLabelText('Текст согласия');
    expect(within(text).getAllByText(/./).length).toBe(TEXT.split('\n\n').length);
    expect(text.textContent).toContain('ООО Ромашка');
    fireEvent.click(screen.getByRole('button', { name: 'Даю согласие' }));
    expect(await screen.findByText('Согласие дано в приложении 2026-03-02 09:15')).toBeTruthy();
    expect(sent('/api/v1/kiosk-photo-consent')).toEqual([{ textVersion: 1 }]);
  });

  it('«Отозвать согласие» asks first, then withdraws', async () => {
    state = { ...state, consent: appConsent, photos: 2 };
    renderWithClient(<PhotoConsentSection zone={ZONE} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Отозвать согласие' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('будут удалены сразу');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отозвать' }));
    await waitFor(() => expect(sent('/api/v1/kiosk-photo-consent/withdraw')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Даю согласие' })).toBeTruthy();
  });
});

describe('EmployeePhotoConsentCard (the ADMIN)', () => {
  const URL = '/api/v1/employees/41/kiosk-photo-consent';
  let state: EmployeeKioskPhotoConsent;

  beforeEach(() => {
    state = { enabled: true, retentionDays: 30, consent: null, history: [], photos: 0 };
    fetchMock.mockImplementation((input, init) => {
      const url = String(input);
      if (url === URL && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as {
          documentDate: string;
          documentNumber: string;
        };
        state = {
          ...state,
          consent: {
            ...appConsent,
            method: 'PAPER',
            textVersion: null,
            documentDate: body.documentDate,
            documentNumber: body.documentNumber,
          },
        };
        return json(state);
      }
      if (url === URL) return json(state);
      return json({}, 404);
    });
  });

  it('records a paper consent with its date and number', async () => {
    renderWithClient(<EmployeePhotoConsentCard employeeId={41} zone={ZONE} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Внести письменное согласие' }));
    fireEvent.change(screen.getByLabelText('Номер документа'), { target: { value: '17/К' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(sent(URL)).toHaveLength(1));
    const [body] = sent(URL) as { documentDate: string; documentNumber: string }[];
    expect(body!.documentNumber).toBe('17/К');
    expect(body!.documentDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await screen.findByText(/На бумаге, № 17\/К от/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Отозвать согласие' })).toBeTruthy();
  });
});
