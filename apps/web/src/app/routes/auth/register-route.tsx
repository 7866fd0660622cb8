import { Link, useNavigate } from 'react-router';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { AuthCard } from '../../../components/layout/auth-card.tsx';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';
import { RegisterCompanyForm } from '../../../features/auth/components/register-company-form.tsx';
import { useCountries } from '../../../features/countries/api/get-countries.ts';

export function Component() {
  const navigate = useNavigate();
  const countries = useCountries();
  return (
    <AuthCard
      title={titles.register}
      subtitle="Создайте компанию — вы станете её администратором и сможете пригласить сотрудников."
      wide
      footer={
        <>
          Уже есть аккаунт? <Link to={paths.login}>Войти</Link>
        </>
      }
    >
      <RegisterCompanyForm
        countries={countries.data}
        countriesLoading={countries.isPending}
        onRegistered={(title) => {
          notify.success(`Компания «${title}» зарегистрирована. Добро пожаловать!`);
          void navigate(paths.company.dashboard, { replace: true });
        }}
      />
    </AuthCard>
  );
}
