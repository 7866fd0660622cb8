import { PlaceholderPage } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <PlaceholderPage
      title={titles.company.plan}
      description="Здесь будут текущий тариф, число сотрудников в нём, оплаченный период и история платежей."
    />
  );
}
