import { LinkOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { AuthCard } from '../../../components/layout/auth-card.tsx';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';

export function Component() {
  return (
    <AuthCard
      title={titles.registerWithLink}
      footer={
        <>
          Уже есть аккаунт? <Link to={paths.login}>Войти</Link>
        </>
      }
    >
      <Alert
        type="info"
        showIcon
        icon={<LinkOutlined />}
        title="Регистрация по ссылке-приглашению появится вместе с разделом «Структура»"
        description="Тогда администратор компании сможет отправить сотрудникам ссылку, по которой они сами заполнят свои данные. Пока компанию можно зарегистрировать самостоятельно."
        style={{ marginBottom: 24 }}
      />
      <Link to={paths.register}>
        <Button type="primary" size="large" block>
          Зарегистрировать компанию
        </Button>
      </Link>
    </AuthCard>
  );
}
