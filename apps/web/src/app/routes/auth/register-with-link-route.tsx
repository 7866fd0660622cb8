import { useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { paths } from '../../../config/paths.ts';
import { startSession } from '../../../features/auth/session.ts';
import { useCountries } from '../../../features/countries/api/get-countries.ts';
import { RegisterWithLinkScreen } from '../../../features/registration-links/components/register-with-link-screen.tsx';
import { LINK_UUID_PARAM } from '../../../features/registration-links/link-format.ts';

/** `/register-with-link?uuid=…`: registration through an employee or a company invitation. */
export function Component() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const countries = useCountries();
  const uuid = searchParams.get(LINK_UUID_PARAM)?.trim() || null;

  return (
    <RegisterWithLinkScreen
      uuid={uuid}
      countries={countries.data}
      countriesLoading={countries.isPending}
      onRegistered={async (kind, pair) => {
        await startSession(pair);
        if (kind === 'COMPANY') {
          notify.success('Компания зарегистрирована. Добро пожаловать!');
          await navigate(paths.company.dashboard, { replace: true });
        } else {
          notify.success('Регистрация завершена. Добро пожаловать!');
          await navigate(paths.home, { replace: true });
        }
      }}
    />
  );
}
