import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.company.branches}
      description="Здесь будут филиалы компании: адрес, точка на карте и радиус, в котором сотрудник может отметиться."
    />
  );
}
