import type { Country, PublicRegistrationLink, TokenPair } from '@smena/contract';
import { Button, Result, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card.tsx';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-error.ts';
import { usePublicRegistrationLink } from '../api/get-public-registration-link.ts';
import { isUuid, quoted } from '../link-format.ts';
import { RegisterCompanyWithLinkForm } from './register-company-with-link-form.tsx';
import { RegisterEmployeeForm } from './register-employee-form.tsx';

export const INVALID_LINK_TITLE = 'Ссылка недействительна';
export const INCOMPLETE_LINK_TITLE = 'Ссылка неполная';

type RegisterWithLinkScreenProps = {
  /** The `uuid` parameter of the address, as it came. */
  uuid: string | null;
  countries: Country[] | undefined;
  countriesLoading: boolean;
  /** Starts the session and leaves the page (employees go home, new companies to their dashboard). */
  onRegistered: (kind: PublicRegistrationLink['kind'], pair: TokenPair) => Promise<void>;
};

/** «1 пользователя», «21 пользователя», «5 пользователей» (after «на»). */
function usersLabel(count: number): string {
  const one = count % 10 === 1 && count % 100 !== 11;
  return `${count} ${one ? 'пользователя' : 'пользователей'}`;
}

function LoginAndRegisterLinks() {
  return (
    <Space wrap style={{ justifyContent: 'center' }}>
      <Link to={paths.login}>
        <Button type="primary">Войти</Button>
      </Link>
      <Link to={paths.register}>
        <Button>Зарегистрировать компанию</Button>
      </Link>
    </Space>
  );
}

function LinkProblem({
  status,
  title,
  message,
  extra,
}: {
  status: 'warning' | 'error';
  title: string;
  message: string;
  extra?: ReactNode;
}) {
  return (
    <AuthCard title={titles.registerWithLink} wide>
      <Result
        status={status}
        title={title}
        subTitle={message}
        extra={extra ?? <LoginAndRegisterLinks />}
        className="smena-link-result"
      />
    </AuthCard>
  );
}

/** `/register-with-link?uuid=…`: checks the invitation, then shows the matching registration form. */
export function RegisterWithLinkScreen({
  uuid,
  countries,
  countriesLoading,
  onRegistered,
}: RegisterWithLinkScreenProps) {
  const valid = isUuid(uuid);
  const link = usePublicRegistrationLink(valid ? uuid : '', valid);

  if (!uuid) {
    return (
      <LinkProblem
        status="warning"
        title={INCOMPLETE_LINK_TITLE}
        message="В адресе нет кода приглашения. Откройте ссылку из приглашения целиком или попросите администратора прислать её ещё раз."
      />
    );
  }
  if (!valid) {
    return (
      <LinkProblem
        status="warning"
        title={INVALID_LINK_TITLE}
        message="В ссылке ошибка: проверьте, что она скопирована полностью, или попросите администратора прислать её ещё раз."
      />
    );
  }
  if (link.isPending) {
    return (
      <AuthCard title={titles.registerWithLink} wide>
        <Skeleton active paragraph={{ rows: 6 }} />
      </AuthCard>
    );
  }
  if (link.isError) {
    const error = link.error;
    const isDeadLink = isApiError(error) && (error.statusCode === 404 || error.statusCode === 410);
    return isDeadLink ? (
      <LinkProblem status="warning" title={INVALID_LINK_TITLE} message={error.message} />
    ) : (
      <LinkProblem
        status="error"
        title="Не удалось открыть приглашение"
        message={getErrorMessage(error)}
        extra={
          <Button type="primary" onClick={() => void link.refetch()}>
            Повторить
          </Button>
        }
      />
    );
  }

  const data = link.data;
  if (data.kind === 'COMPANY') {
    return (
      <AuthCard
        title={titles.register}
        subtitle={
          <>
            Регистрация по приглашению
            {data.userCount ? `: тариф на ${usersLabel(data.userCount)}` : ''}. Вы станете
            администратором компании и сможете пригласить сотрудников.
          </>
        }
        wide
        footer={
          <>
            Уже есть аккаунт? <Link to={paths.login}>Войти</Link>
          </>
        }
      >
        <RegisterCompanyWithLinkForm
          link={data}
          countries={countries}
          countriesLoading={countriesLoading}
          onRegistered={(pair) => onRegistered('COMPANY', pair)}
        />
      </AuthCard>
    );
  }

  const place = [
    data.departmentTitle ? `отдел «${data.departmentTitle}»` : null,
    data.positionTitle ? `должность «${data.positionTitle}»` : null,
  ].filter(Boolean);
  return (
    <AuthCard
      title={
        data.companyTitle ? `Приглашение в ${quoted(data.companyTitle)}` : 'Приглашение в компанию'
      }
      pageTitle={titles.registerWithLink}
      subtitle={
        <>
          Заполните данные, чтобы присоединиться к компании как сотрудник
          {place.length > 0 ? `: ${place.join(', ')}` : ''}.
        </>
      }
      wide
      footer={
        <>
          Уже есть аккаунт? <Link to={paths.login}>Войти</Link>
        </>
      }
    >
      <RegisterEmployeeForm
        link={data}
        countries={countries}
        countriesLoading={countriesLoading}
        onRegistered={(pair) => onRegistered('EMPLOYEE', pair)}
      />
    </AuthCard>
  );
}
