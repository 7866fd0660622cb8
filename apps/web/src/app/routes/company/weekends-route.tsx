import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.company.weekends}
      description="Здесь будут отпуска, больничные, отгулы, праздники и выходные, а также заявки сотрудников."
    />
  );
}
