import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.admin.countries}
      description="Здесь будет справочник стран с телефонными кодами."
    />
  );
}
