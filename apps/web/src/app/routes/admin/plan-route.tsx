import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.admin.plan}
      description="Здесь будут тарифы сервиса и цены за сотрудника в месяц."
    />
  );
}
