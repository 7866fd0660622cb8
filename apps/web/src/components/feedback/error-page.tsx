import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../layout/use-page-title.ts';
import type { ErrorDescription } from './describe-error.ts';
import '../layout/layouts.css';

/** An error screen with the button «На главную» (full page, or `embedded` inside the app layout). */
export function ErrorPage({
  status,
  title,
  description,
  embedded = false,
}: ErrorDescription & { embedded?: boolean }) {
  usePageTitle(title);
  const resultStatus = status === 404 ? '404' : status === 403 ? '403' : '500';
  return (
    <main className={embedded ? undefined : 'smena-error-page'}>
      <Result
        status={resultStatus}
        title={title}
        subTitle={description}
        extra={
          <Link to={paths.home}>
            <Button type="primary" size="large">
              На главную
            </Button>
          </Link>
        }
      />
    </main>
  );
}
