import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { type DealStatus, dealStatuses, dealStatusLabels } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { useExportLedgerCsv } from '../api/export-ledger-csv';
import { useExportOrdersCsv } from '../api/export-orders-csv';
import { adminText } from '../utils/constants';
import type { FinanceFilters as Filters } from '../utils/finance';
import { failureMessage } from '../utils/format';

const dateFields = [
  { key: 'from', label: 'From' },
  { key: 'to', label: 'To' },
] as const;

/** A download of the filtered figures; a failure is said in a toast, the button says when it is busy. */
function ExportButton({ label, filters, exporter }: { label: string; filters: Filters; exporter: ReturnType<typeof useExportOrdersCsv> }) {
  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadIcon />}
      disabled={exporter.isPending}
      onClick={() => exporter.mutate(filters, { onError: (error) => toast.error(adminText.exportFailed, failureMessage(error)) })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {exporter.isPending ? 'Exporting…' : label}
    </Button>
  );
}

/**
 * Status and days of the orders shown and exported; the days also choose the money moved and the
 * ledger export. The exports take the same filters.
 */
export function FinanceFilters({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const exportOrders = useExportOrdersCsv();
  const exportLedger = useExportLedgerCsv();
  const set = (patch: Filters) => onChange({ ...filters, ...patch });
  const filtered = Boolean(filters.status || filters.from || filters.to);
  return (
    <Box sx={{ mb: 2 }}>
      <Box
        role="group"
        aria-label="Filter orders"
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'center',
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr)) auto',
            lg: 'minmax(180px, 1.4fr) repeat(2, minmax(150px, 1fr)) auto',
          },
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
        <Button onClick={() => onChange({})} disabled={!filtered} sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, whiteSpace: 'nowrap' }}>
          Clear filters
        </Button>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 1.5 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 320px' }}>
          Days are UTC days: orders are chosen by the day they were created, the money moved and the ledger by the day of each movement.
        </Typography>
        <ExportButton label="Export orders (CSV)" filters={filters} exporter={exportOrders} />
        <ExportButton label="Export the ledger (CSV)" filters={filters} exporter={exportLedger} />
      </Box>
    </Box>
  );
}
