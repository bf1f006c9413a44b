import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { type DealStatus, dealStatuses, dealStatusLabels } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { useExportOrdersCsv } from '../api/export-orders-csv';
import { adminText } from '../utils/constants';
import type { FinanceFilters as Filters } from '../utils/finance';
import { failureMessage } from '../utils/format';

const dateFields = [
  { key: 'from', label: 'Created from' },
  { key: 'to', label: 'Created to' },
] as const;

/** Status and creation days of the orders shown and exported; the export takes the same filters. */
export function FinanceFilters({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const exportCsv = useExportOrdersCsv();
  const set = (patch: Filters) => onChange({ ...filters, ...patch });
  const filtered = Boolean(filters.status || filters.from || filters.to);
  return (
    <Box
      role="group"
      aria-label="Filter orders"
      sx={{
        display: 'grid',
        gap: 2,
        alignItems: 'center',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          lg: 'minmax(180px, 1.4fr) repeat(2, minmax(150px, 1fr)) auto auto',
        },
        mb: 2,
        '& .MuiTextField-root': { m: 0 },
      }}
    >
      <TextField
        select
        label="Status"
        value={filters.status ?? ''}
        onChange={(event) => set({ status: (event.target.value || undefined) as DealStatus | undefined })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
      >
        <option value="">All statuses</option>
        {dealStatuses.map((status) => (
          <option key={status} value={status}>
            {dealStatusLabels[status]}
          </option>
        ))}
      </TextField>
      {dateFields.map(({ key, label }) => (
        <TextField
          key={key}
          type="date"
          label={label}
          value={filters[key] ?? ''}
          onChange={(event) => set({ [key]: event.target.value || undefined })}
          // Each end of the range stops at the other, so the picker cannot offer an empty range.
          slotProps={{ inputLabel: { shrink: true }, htmlInput: key === 'from' ? { max: filters.to } : { min: filters.from } }}
        />
      ))}
      <Button onClick={() => onChange({})} disabled={!filtered}>
        Clear filters
      </Button>
      <Button
        variant="outlined"
        startIcon={<FileDownloadIcon />}
        disabled={exportCsv.isPending}
        onClick={() => exportCsv.mutate(filters, { onError: (error) => toast.error(adminText.exportFailed, failureMessage(error)) })}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
      </Button>
    </Box>
  );
}
