import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.company.organization}
      description="Здесь будут данные компании и её настройки: скрытие контактов, филиалов и отделов."
    />
  );
}
