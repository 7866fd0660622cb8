import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.company.employees}
      description="Здесь будет список сотрудников с поиском и фильтрами, приглашение по ссылке и роли."
    />
  );
}
