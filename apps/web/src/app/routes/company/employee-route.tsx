import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.company.employee}
      description="Здесь будет карточка сотрудника: профиль, график, отметки, отсутствия и комментарии."
    />
  );
}
