import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.company.calendar}
      description="Здесь будет календарь компании: смены, выходные и праздники по производственному календарю."
    />
  );
}
