import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.company.notification}
      description="Здесь будут настройки напоминаний о начале и конце смены и уведомлений о комментариях."
    />
  );
}
