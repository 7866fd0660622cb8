import { PRODUCT_NAME } from '@smena/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card.tsx';
import { paths, REDIRECT_PARAM } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { safeRedirectTarget } from '../../guards/guards.ts';

export function Component() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <AuthCard
      title={`Вход в ${PRODUCT_NAME}`}
      pageTitle={titles.login}
      subtitle="Введите email и пароль, указанные при регистрации."
      footer={
        <>
          Нет аккаунта? <Link to={paths.register}>Зарегистрировать компанию</Link>
        </>
      }
    >
      <LoginForm
        onLoggedIn={() =>
          void navigate(safeRedirectTarget(searchParams.get(REDIRECT_PARAM)), { replace: true })
        }
      />
    </AuthCard>
  );
}
