import { Link } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card.tsx';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';
import { RestorePassword } from '../../../features/auth/components/restore-password.tsx';
import { useCountries } from '../../../features/countries/api/get-countries.ts';

export function Component() {
  const countries = useCountries();
  return (
    <AuthCard
      title={titles.restore}
      subtitle="Пришлём код в SMS на номер из вашего профиля — с ним вы зададите новый пароль."
      footer={
        <>
          Вспомнили пароль? <Link to={paths.login}>Войти</Link>
        </>
      }
    >
      <RestorePassword countries={countries.data} />
    </AuthCard>
  );
}
