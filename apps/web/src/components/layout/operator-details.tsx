import type { OperatorDetails as Operator, PublicConfig } from '@smena/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
 * Until the installation names its operator the line says so instead of inventing one.
 */
export function OperatorDetails() {
  const { data: operator, isPending } = useQuery(operatorQueryOptions());
  if (isPending) return null;
  if (!operator) {
    return (
      <p className={styles.operator}>
        Реквизиты оператора этой установки не указаны: их сообщит организация, предоставившая вам
        доступ.
      </p>
    );
  }
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
          <a href={`mailto:${operator.email}`}>{operator.email}</a>
        </>
      )}
      {operator.phone && <> · {operator.phone}</>}
    </p>
  );
}
