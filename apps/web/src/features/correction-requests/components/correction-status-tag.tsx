import { type CorrectionStatus, correctionStatusLabels } from '@smena/contract';
import { Tag } from 'antd';
import { correctionStatusColors } from '../correction-format.ts';

export function CorrectionStatusTag({ status }: { status: CorrectionStatus }) {
  return (
    <Tag color={correctionStatusColors[status]} variant="outlined">
      {correctionStatusLabels[status]}
    </Tag>
  );
}
