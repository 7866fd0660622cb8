import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.company.schedules}
      description="Здесь будут графики работы: фиксированные, гибкие, ночные и сменные."
    />
  );
}
