import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.company.dashboard}
      description="Здесь будут показатели дня: кто на работе, кто опоздал или отсутствует, и лента последних отметок."
    />
  );
}
