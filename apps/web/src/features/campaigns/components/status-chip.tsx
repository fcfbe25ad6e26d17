import type { CampaignStatus } from '@comped/shared/statuses';
import { Chip } from '@mui/material';

import { STATUS_COLORS, STATUS_LABEL } from '../lib/format';

export function StatusChip({ status }: { status: CampaignStatus }) {
  return (
    <Chip
      size="small"
      label={STATUS_LABEL[status]}
      sx={{ ...STATUS_COLORS[status], fontWeight: 600 }}
      data-testid="campaign-status"
    />
  );
}
