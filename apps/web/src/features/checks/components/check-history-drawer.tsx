import type { Check, CheckHistoryEntry } from '@smena/contract';
import { Alert, Drawer, Empty, Grid, Skeleton, Timeline, Typography } from 'antd';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useCheckHistory } from '../api/get-check-history.ts';
import { historyActionLabels, historyAuthor, historyChanges } from '../check-format.ts';
import { describeCheck } from './delete-check-modal.tsx';
import './checks.css';
import { dateTimeOf } from '../../../lib/zoned-instants.ts';

const ACTION_COLORS: Record<CheckHistoryEntry['action'], string> = {
  CREATE: 'green',
  UPDATE: 'blue',
  DELETE: 'red',
  AUTO_CLOSE: 'gray',
};

/** Who, when, why and what changed (before → after), oldest first. */
export function CheckHistoryDrawer({
  check,
  zone,
  branchTitle,
  onClose,
}: {
  check: Check | null;
  zone: string;
  branchTitle: (id: number) => string;
  onClose: () => void;
}) {
  const isPhone = Grid.useBreakpoint().md === false;
  const history = useCheckHistory(check?.id ?? null);

  return (
    <Drawer
      open={check !== null}
      onClose={onClose}
      destroyOnHidden
      size={isPhone ? '100%' : 480}
      title="История отметки"
    >
      {check && <p className="smena-checks__describe">{describeCheck(check, zone)}</p>}
      {history.isPending ? (
        <Skeleton active />
      ) : history.isError ? (
        <Alert type="error" showIcon title={getErrorMessage(history.error)} />
      ) : history.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Изменений нет" />
      ) : (
        <Timeline
          className="smena-check-history"
          items={history.data.map((entry) => ({
            key: entry.id,
            color: ACTION_COLORS[entry.action],
            content: (
              <HistoryEntry
                entry={entry}
                source={check!.source}
                zone={zone}
                branchTitle={branchTitle}
              />
            ),
          }))}
        />
      )}
    </Drawer>
  );
}

function HistoryEntry({
  entry,
  source,
  zone,
  branchTitle,
}: {
  entry: CheckHistoryEntry;
  source: Check['source'];
  zone: string;
  branchTitle: (id: number) => string;
}) {
  const changes = historyChanges(entry, zone, branchTitle);
  return (
    <div className="smena-check-history__entry">
      <div className="smena-check-history__title">{historyActionLabels[entry.action]}</div>
      <div className="smena-check-history__meta">
        {dateTimeOf(entry.createdAt, zone)} · {historyAuthor(entry, source)}
      </div>
      {entry.reason && (
        <div className="smena-check-history__reason">
          <Typography.Text type="secondary">Причина: </Typography.Text>
          {entry.reason}
        </div>
      )}
      {changes.length > 0 && (
        <ul className="smena-check-history__changes">
          {changes.map((change) => (
            <li key={change.label}>
              <span className="smena-check-history__label">{change.label}:</span>{' '}
              {change.before !== null && change.after !== null ? (
                <>
                  <span className="smena-check-history__before">{change.before}</span>
                  {' → '}
                  <span className="smena-check-history__after">{change.after}</span>
                </>
              ) : (
                <span>{change.after ?? change.before}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
