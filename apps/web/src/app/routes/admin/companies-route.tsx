import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.admin.companies}
      description="Здесь будет список компаний с поиском, блокировкой и входом в компанию от имени администратора."
    />
  );
}
