import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '@smena/contract';
import { Component as DescriptionPaymentPage } from './description-payment-route.tsx';
import { Component as HowItWorksPage } from './how-it-works-route.tsx';
import { Component as PrivacyPage } from './privacy-route.tsx';
import { Component as RefundPage } from './refund-route.tsx';
import { Component as SupportPage } from './support-route.tsx';
import { Component as TermsOfUsePage } from './terms-of-use-route.tsx';

type PageCase = {
  path: string;
  Page: ComponentType;
  heading: string;
  phrase: RegExp;
};

const pages: PageCase[] = [
  {
    path: '/how-it-works',
    Page: HowItWorksPage,
    heading: `Как работает ${PRODUCT_NAME}`,
    phrase: /Табель учёта рабочего времени Т-13/,
  },
  {
    path: '/descriptionPayment',
    Page: DescriptionPaymentPage,
    heading: 'Оплата',
    phrase: /активного пользователя в месяц/,
  },
  {
    path: '/refund',
    Page: RefundPage,
    heading: 'Возврат средств',
    phrase: /за полные месяцы, которые ещё не начались/,
  },
  {
    path: '/privacy',
    Page: PrivacyPage,
    heading: 'Политика конфиденциальности',
    phrase: /Геолокация — только в момент отметки/,
  },
  {
    path: '/terms-of-use',
    Page: TermsOfUsePage,
    heading: 'Пользовательское соглашение',
    phrase: /Учётные записи и роли/,
  },
  {
    path: '/support',
    Page: SupportPage,
    heading: 'Поддержка',
    phrase: /Я забыл пароль/,
  },
];

function pageAt(path: string): PageCase {
  const page = pages.find((item) => item.path === path);
  if (!page) throw new Error(`No public page at ${path}`);
  return page;
}

function renderAt({ path, Page }: PageCase) {
  // The payment page asks the server for prices; without an answer it reads well on its own.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('public pages', () => {
  it.each(pages)('$path shows its heading, content and the public navigation', (page) => {
    renderAt(page);

    expect(screen.getByRole('heading', { level: 1, name: page.heading })).toBeTruthy();
    expect(screen.getAllByText(page.phrase).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /Войти/ }).getAttribute('href')).toBe('/login');
    const footerHrefs = within(screen.getByRole('navigation', { name: 'Информация о сервисе' }))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(footerHrefs).toEqual(pages.map((item) => item.path));
  });

  it('how-it-works invites to register the company', () => {
    renderAt(pageAt('/how-it-works'));

    const cta = screen.getByRole('link', { name: 'Зарегистрировать компанию' });
    expect(cta.getAttribute('href')).toBe('/register');
  });

  // A manager works with the whole company or with the branches and departments the admin gives
  // them (decision 016); no page may promise more, e.g. that a manager picks «their» employees.
  it.each(pages)('$path promises nothing about roles the app does not do', (page) => {
    const { container } = renderAt(page);
    expect(container.textContent).not.toMatch(/менеджер[^.]*\sсво(их|ими) сотрудник/i);
    expect(container.textContent).not.toMatch(/Роль назначает администратор/);
  });

  it('how-it-works says what managers and the administrator do', () => {
    renderAt(pageAt('/how-it-works'));
    expect(
      screen.getByText(
        /Менеджеру администратор даёт всю компанию или только его филиалы и отделы: там он работает с сотрудниками, графиками, отметками и отчётами\. Настройками компании, API-ключами и оплатой управляет только администратор/,
      ),
    ).toBeTruthy();
  });

  it('support gives the support email', () => {
    renderAt(pageAt('/support'));

    const mailLinks = screen.getAllByRole('link', { name: SUPPORT_EMAIL });
    expect(mailLinks[0]?.getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}`);
  });

  it('names the installation’s operator in the footer, and leaves the line out when it is not set', async () => {
    const answer = (operator: unknown) =>
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              yandexMapsApiKey: null,
              paymentProvider: 'manual',
              cloudPaymentsPublicId: null,
              operator,
            }),
            { status: 200 },
          ),
        ),
      );
    vi.stubGlobal(
      'fetch',
      answer({
        name: 'ООО «Смена»',
        inn: '7707083893',
        ogrn: '1027700132195',
        address: 'Москва, ул. Тимура Фрунзе, 11',
        email: 'privacy@smena.example',
        phone: null,
      }),
    );
    renderAt(pageAt('/privacy'));
    expect(
      await screen.findByText(
        /Оператор: ООО «Смена», ИНН 7707083893, ОГРН 1027700132195, Москва, ул\. Тимура Фрунзе, 11\./,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'privacy@smena.example' })).toBeTruthy();
    cleanup();

    const unset = answer(null);
    vi.stubGlobal('fetch', unset);
    renderAt(pageAt('/refund'));
    await waitFor(() => expect(unset).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByLabelText('Оператор сервиса')).toBeNull();
    expect(screen.queryByText(/Оператор:/)).toBeNull();
  });
});
