import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.company.reportCard}
      description="Здесь будет табель учёта рабочего времени по форме Т-13 с выгрузкой в Excel."
    />
  );
}
