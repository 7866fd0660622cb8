import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.company.report}
      description="Здесь будет отчёт по посещаемости: опоздания, ранние уходы, отсутствия и переработки с выгрузкой в Excel."
    />
  );
}
