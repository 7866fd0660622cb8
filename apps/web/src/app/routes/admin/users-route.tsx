import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.admin.users}
      description="Здесь будет список всех пользователей сервиса."
    />
  );
}
