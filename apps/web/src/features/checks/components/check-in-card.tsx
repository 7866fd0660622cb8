import {
  CheckCircleFilled,
  EnvironmentOutlined,
  LoginOutlined,
  LogoutOutlined,
} from '@ant-design/icons';
import type { Check, DayPlan } from '@smena/contract';
import { Alert, Button, Card, Skeleton, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { getErrorMessage, isApiError } from '../../../lib/api-error.ts';
import { useOpenCheck } from '../api/get-checks.ts';
import { useSelfCheck, type SelfCheckAction } from '../api/self-check.ts';
import { todayPlanText } from '../check-format.ts';
import { currentPosition, GeoError, type GeoFailure } from '../geolocation.ts';
import './checks.css';
import { timeOf } from '../../../lib/zoned-instants.ts';
import { formatDuration } from '../../../lib/durations.ts';

type Refusal = GeoFailure | 'outside' | 'conflict' | 'error';

type Phase =
  | { kind: 'idle' }
  | { kind: 'locating'; action: SelfCheckAction }
  | { kind: 'sending'; action: SelfCheckAction }
  | { kind: 'done'; action: SelfCheckAction; check: Check }
  | { kind: 'failed'; action: SelfCheckAction; reason: Refusal; message?: string };

const OUTSIDE_PREFIX = 'Вы находитесь вне зоны филиала';

/** Why a press failed, as the person should read it. */
function refusalText(
  reason: Refusal,
  action: SelfCheckAction,
  message: string | undefined,
): { title: string; description: ReactNode } {
  const button = action === 'in' ? '«Отметиться»' : '«Уйти»';
  switch (reason) {
    case 'denied':
      return {
        title: 'Нет доступа к геопозиции',
        description: (
          <>
            Без геопозиции отметку не принять. Разрешите доступ для этого сайта: нажмите на значок
            слева от адреса (замок, в Safari — «аА») → «Разрешения» или «Настройки сайта» →
            «Геопозиция» → «Разрешить». Если геолокация выключена для браузера в настройках
            телефона, включите её там. Затем нажмите {button} ещё раз.
          </>
        ),
      };
    case 'unavailable':
      return {
        title: 'Не удалось определить местоположение',
        description: `Включите геолокацию (GPS) в настройках телефона, подойдите к окну или выйдите на улицу и нажмите ${button} ещё раз.`,
      };
    case 'timeout':
      return {
        title: 'Местоположение не определилось',
        description: `Телефон не нашёл вас за 20 секунд. Проверьте, что геолокация включена, и нажмите ${button} ещё раз.`,
      };
    case 'unsupported':
      return {
        title: 'Браузер не умеет определять местоположение',
        description: 'Откройте эту страницу в Chrome, Safari или другом современном браузере.',
      };
    case 'outside':
      return {
        title: message ?? `${OUTSIDE_PREFIX}`,
        description: `Подойдите ближе к филиалу и нажмите ${button} ещё раз. Если вы на месте, а телефон ошибается, выйдите на открытое место или скажите руководителю.`,
      };
    case 'conflict':
      return {
        title: message ?? 'Отметка уже изменилась',
        description: 'Мы обновили ваше состояние — проверьте кнопку ниже.',
      };
    case 'error':
      return { title: message ?? 'Не получилось', description: 'Попробуйте ещё раз чуть позже.' };
  }
}

function refusalOf(error: unknown): { reason: Refusal; message?: string } {
  if (error instanceof GeoError) return { reason: error.kind };
  if (isApiError(error)) {
    if (error.statusCode === 422 && error.message.startsWith(OUTSIDE_PREFIX))
      return { reason: 'outside', message: error.message };
    if (error.statusCode === 409) return { reason: 'conflict', message: error.message };
  }
  return { reason: 'error', message: getErrorMessage(error) };
}

export type CheckInCardProps = {
  /** Today's plan; undefined while loading or when it failed. */
  todayPlan: DayPlan | undefined;
  planLoading: boolean;
  /** The plan loaded without today: its month's schedule is not published yet (decision 028). */
  planUnpublished?: boolean;
  /** The zone of a branch's times (else the company's). */
  zoneOf: (branchId: number | null) => string;
  /** Above the shift: the greeting. */
  header?: ReactNode;
};

/**
 * The employee's day at a glance: today's shift, whether they are in, and one large button that
 * reads the phone's position and checks them in or out. Every refusal says what to do.
 */
export function CheckInCard({
  todayPlan,
  planLoading,
  planUnpublished = false,
  zoneOf,
  header,
}: CheckInCardProps) {
  const open = useOpenCheck();
  const selfCheck = useSelfCheck();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const openCheck = open.data ?? null;
  const action: SelfCheckAction = openCheck ? 'out' : 'in';
  const busy = phase.kind === 'locating' || phase.kind === 'sending';
  const shift = planUnpublished
    ? { title: 'График на сегодня ещё не опубликован' }
    : todayPlanText(todayPlan);
  const refusal =
    phase.kind === 'failed' ? refusalText(phase.reason, phase.action, phase.message) : null;

  const press = async () => {
    const current = action;
    setPhase({ kind: 'locating', action: current });
    try {
      const position = await currentPosition();
      setPhase({ kind: 'sending', action: current });
      const check = await selfCheck.mutateAsync({ action: current, input: position });
      setPhase({ kind: 'done', action: current, check });
    } catch (error) {
      setPhase({ kind: 'failed', action: current, ...refusalOf(error) });
    }
  };

  const buttonLabel =
    phase.kind === 'locating'
      ? 'Определяем местоположение…'
      : phase.kind === 'sending'
        ? 'Отправляем отметку…'
        : action === 'in'
          ? 'Отметиться'
          : 'Уйти';

  return (
    <Card variant="borderless" className="smena-check-in">
      {header}
      <div className="smena-check-in__shift">
        {planLoading ? (
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        ) : (
          <>
            <Typography.Text strong className="smena-check-in__shift-title">
              {shift.title}
            </Typography.Text>
            {shift.detail && (
              <Typography.Text type="secondary" className="smena-check-in__shift-detail">
                {shift.detail}
              </Typography.Text>
            )}
          </>
        )}
      </div>

      {openCheck && (
        <div className="smena-check-in__state" role="status">
          <CheckCircleFilled aria-hidden className="smena-check-in__state-icon" />
          <span>
            Вы на месте с {timeOf(openCheck.checkInDateTime, zoneOf(openCheck.branchId))}
            <span className="smena-check-in__branch"> · {openCheck.branchTitle}</span>
          </span>
        </div>
      )}

      <Button
        type="primary"
        size="large"
        block
        className={
          action === 'in'
            ? 'smena-check-in__button'
            : 'smena-check-in__button smena-check-in__button--out'
        }
        icon={action === 'in' ? <LoginOutlined /> : <LogoutOutlined />}
        loading={busy}
        disabled={open.isPending}
        onClick={() => void press()}
      >
        {buttonLabel}
      </Button>
      <Typography.Text type="secondary" className="smena-check-in__hint">
        <EnvironmentOutlined aria-hidden /> Время ставит сервер, место — геолокация телефона.
      </Typography.Text>

      <div aria-live="polite" className="smena-check-in__result">
        {phase.kind === 'done' && <Success phase={phase} zoneOf={zoneOf} />}
        {phase.kind === 'failed' && refusal && (
          <Alert
            type={phase.reason === 'outside' || phase.reason === 'conflict' ? 'warning' : 'error'}
            showIcon
            title={refusal.title}
            description={refusal.description}
          />
        )}
      </div>
    </Card>
  );
}

function Success({
  phase,
  zoneOf,
}: {
  phase: Extract<Phase, { kind: 'done' }>;
  zoneOf: (branchId: number | null) => string;
}) {
  const { check, action } = phase;
  const zone = zoneOf(check.branchId);
  if (action === 'in') {
    return (
      <Alert
        type="success"
        showIcon
        title={`Приход отмечен в ${timeOf(check.checkInDateTime, zone)}`}
        description={`Филиал «${check.branchTitle}». Хорошего дня!`}
      />
    );
  }
  const out = check.checkOutDateTime ?? new Date().toISOString();
  const minutes = Math.floor((Date.parse(out) - Date.parse(check.checkInDateTime)) / 60_000);
  return (
    <Alert
      type="success"
      showIcon
      title={`Уход отмечен в ${timeOf(out, zone)}`}
      description={`Вы были на месте ${formatDuration(minutes)}. До встречи!`}
    />
  );
}
