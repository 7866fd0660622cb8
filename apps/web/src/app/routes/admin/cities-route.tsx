import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage title={titles.admin.cities} description="Здесь будет справочник городов." />
  );
}
