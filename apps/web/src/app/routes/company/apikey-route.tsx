import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.company.apikey}
      description="Здесь будут API-ключи для терминалов учёта рабочего времени и интеграций."
    />
  );
}
