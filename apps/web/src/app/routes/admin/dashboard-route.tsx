import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.admin.dashboard}
      description="Здесь будут показатели сервиса: компании, пользователи и оплаты."
    />
  );
}
