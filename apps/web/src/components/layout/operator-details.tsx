import type { OperatorDetails as Operator, PublicConfig } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { apiClient } from '../../lib/api-client.ts';
import styles from './public-page-layout.module.css';

/** The operator named by the installation (OPERATOR_* settings), or null. */
async function fetchOperator(): Promise<Operator | null> {
  const config = await apiClient.get<Partial<PublicConfig> | undefined>('/config/public', {
    auth: false,
  });
  return config?.operator ?? null;
}

export function operatorQueryOptions() {
  return queryOptions({
    queryKey: ['config', 'public', 'operator'],
    queryFn: fetchOperator,
    staleTime: Infinity,
    meta: { silentError: true },
  });
}

/**
 * Who operates this installation — name, ИНН, ОГРН, address, contacts — at the foot of every
 * public page, as Russian law asks of a service that processes personal data and takes payments.
 * Until the installation names its operator the line is left out (nothing is invented), and the
 * super admin is warned on their «Сводка» (OperatorNotSetWarning).
 */
export function OperatorDetails() {
  const { data: operator } = useQuery(operatorQueryOptions());
  if (!operator) return null;
  const parts = [
    operator.name,
    operator.inn && `ИНН ${operator.inn}`,
    operator.ogrn && `${operator.ogrn.length === 15 ? 'ОГРНИП' : 'ОГРН'} ${operator.ogrn}`,
    operator.address,
  ].filter(Boolean);
  return (
    <p className={styles.operator} aria-label="Оператор сервиса">
      Оператор: {parts.join(', ')}.
      {operator.email && (
        <>
          {' '}
          <a href={`mailto:${operator.email}`} className={styles.nowrap}>
            {operator.email}
          </a>
        </>
      )}
      {operator.phone && (
        <>
          {' · '}
          <a href={`tel:${operator.phone.replace(/[^\d+]/g, '')}`} className={styles.nowrap}>
            {operator.phone}
          </a>
        </>
      )}
    </p>
  );
}

/** The super admin's reminder that the public pages do not name the operator yet. */
export function OperatorNotSetWarning() {
  const { data: operator, isPending, isError } = useQuery(operatorQueryOptions());
  if (isPending || isError || operator) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="smena-operator-warning"
      message="Реквизиты оператора не заданы"
      description="Публичные страницы (политика конфиденциальности, условия, оплата и возврат) не называют оператора сервиса, а закон требует этого от сервиса, который обрабатывает персональные данные и принимает оплату. Задайте OPERATOR_NAME, OPERATOR_INN, OPERATOR_OGRN, OPERATOR_ADDRESS, OPERATOR_EMAIL и OPERATOR_PHONE в окружении сервера и перезапустите его."
    />
  );
}
