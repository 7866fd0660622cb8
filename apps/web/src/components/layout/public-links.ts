import { paths } from '../../config/paths.ts';

/** Links to the public pages, for the footers of the empty and public layouts. */
export const publicLinks = [
  { to: paths.public.howItWorks, label: 'Как это работает' },
  { to: paths.public.descriptionPayment, label: 'Тарифы и оплата' },
  { to: paths.public.refund, label: 'Возврат средств' },
  { to: paths.public.privacy, label: 'Политика конфиденциальности' },
  { to: paths.public.termsOfUse, label: 'Пользовательское соглашение' },
  { to: paths.public.support, label: 'Поддержка' },
] as const;
