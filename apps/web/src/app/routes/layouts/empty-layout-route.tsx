import { EmptyLayout } from '../../../components/layout/empty-layout.tsx';

export function Component() {
  return <EmptyLayout />;
}
