import { CloseOutlined } from '@ant-design/icons';
import {
  type DeviationActionType,
  type DeviationItem,
  actionFitsDeviation,
  deviationActionLabels,
} from '@smena/contract';
import { Button, Tooltip } from 'antd';
import '../../../components/feedback/bulk-bar.css';
import { deviationsLabel } from '../deviation-format.ts';
import { DEVIATION_ACTIONS } from './deviations-table.tsx';

/** The actions on the picked deviations: those that fit every one of them. */
export function DeviationsBulkBar({
  selected,
  onAction,
  onClear,
}: {
  selected: DeviationItem[];
  onAction: (action: DeviationActionType) => void;
  onClear: () => void;
}) {
  const fitting = DEVIATION_ACTIONS.filter((action) =>
    selected.every((item) => actionFitsDeviation(action, item.type)),
  );
  return (
    <div className="smena-bulk-bar" role="toolbar" aria-label="Действия с выбранными отклонениями">
      <span className="smena-bulk-bar__count" aria-live="polite">
        Выбрано: {deviationsLabel(selected.length)}
      </span>
      <div className="smena-bulk-bar__actions">
        {fitting.map((action) => (
          <Button key={action} onClick={() => onAction(action)}>
            {deviationActionLabels[action]}
          </Button>
        ))}
        <Tooltip title="Снять выбор">
          <Button type="text" icon={<CloseOutlined />} aria-label="Снять выбор" onClick={onClear} />
        </Tooltip>
      </div>
    </div>
  );
}
