import { ExclamationCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { TIME_FORMAT } from '../../../lib/dates.ts';
import './dashboard.css';

/**
 * «Обновлено в 12:01» and a button to refresh now; when the last refresh failed, says that the
 * figures shown are older.
 */
export function RefreshStatus({
  updatedAt,
  isFetching,
  isError,
  onRefresh,
}: {
  updatedAt: number;
  isFetching: boolean;
  isError: boolean;
  onRefresh: () => void;
}) {
  const time = updatedAt > 0 ? dayjs(updatedAt).format(TIME_FORMAT) : null;
  return (
    <span className="smena-dashboard__updated" role="status">
      {isError ? (
        <span className="smena-dashboard__stale">
          <ExclamationCircleOutlined aria-hidden /> Не удалось обновить
          {time && <>, данные на {time}</>}
        </span>
      ) : (
        time && <span>Обновлено в {time}</span>
      )}
      <Tooltip title="Сводка обновляется сама каждую минуту">
        <Button
          icon={<ReloadOutlined spin={isFetching} />}
          onClick={onRefresh}
          disabled={isFetching}
          aria-label="Обновить сейчас"
        />
      </Tooltip>
    </span>
  );
}
