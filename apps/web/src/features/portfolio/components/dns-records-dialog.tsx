import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  dnsLimits,
  dnsMessages,
  type DnsRecordsInput,
  dnsRecordsInputSchema,
  type DnsRecordType,
  dnsRecordTypes,
  type DnsZone,
  type OwnDomain,
} from '@market/shared';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/error-text';
import { useDnsZone, useSaveDnsRecords } from '../api/dns-records';

interface RecordRow {
  name: string;
  type: DnsRecordType;
  content: string;
  ttl: string;
  priority: string;
}

const emptyRow = (): RecordRow => ({ name: '@', type: 'A', content: '', ttl: String(dnsLimits.defaultTtl), priority: '' });

function rowsOf(zone: DnsZone): RecordRow[] {
  return zone.records.map((r) => ({ name: r.name, type: r.type, content: r.content, ttl: String(r.ttl), priority: r.priority === null ? '' : String(r.priority) }));
}

function inputOf(keepLanding: boolean, rows: RecordRow[]): DnsRecordsInput {
  return {
    keep_landing: keepLanding,
    records: rows.map((r) => ({
      name: r.name,
      type: r.type,
      content: r.content,
      ttl: r.ttl.trim() === '' ? dnsLimits.defaultTtl : Number(r.ttl),
      priority: r.type === 'MX' ? (r.priority.trim() === '' ? null : Number(r.priority)) : null,
    })),
  };
}

/** The shared rules' first message per row, and one for the whole set. */
function problemsOf(input: DnsRecordsInput): { rows: Map<number, string>; all?: string } {
  const result = dnsRecordsInputSchema.safeParse(input);
  const rows = new Map<number, string>();
  let all: string | undefined;
  for (const issue of result.success ? [] : result.error.issues) {
    const [field, index] = issue.path;
    if (field === 'records' && typeof index === 'number') {
      if (!rows.has(index)) rows.set(index, issue.message);
    } else {
      all ??= issue.message;
    }
  }
  return { rows, all };
}

function ZoneEditor({ domain, zone, onClose }: { domain: Pick<OwnDomain, 'id' | 'domain_name'>; zone: DnsZone; onClose: () => void }) {
  const [keepLanding, setKeepLanding] = useState(zone.keep_landing);
  const [rows, setRows] = useState<RecordRow[]>(() => rowsOf(zone));
  const [problems, setProblems] = useState<{ rows: Map<number, string>; all?: string }>({ rows: new Map() });
  const save = useSaveDnsRecords(domain.id);
  const editable = zone.allowed_actions.includes('edit');

  const change = (index: number, patch: Partial<RecordRow>) => setRows((all) => all.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  const submit = () => {
    const input = inputOf(keepLanding, rows);
    const found = problemsOf(input);
    setProblems(found);
    if (found.rows.size > 0 || found.all) return;
    save.mutate(input, {
      onSuccess: () => {
        toast.success(dnsMessages.saved);
        onClose();
      },
      onError: (error) => setProblems({ rows: new Map(), all: serverMessage(error) ?? 'Could not save the records. Please try again.' }),
    });
  };

  return (
    <>
      <DialogContent>
        {zone.served ? null : (
          <Alert severity="info" sx={{ mb: 2 }}>
            {dnsMessages.notServed} Our nameservers: {zone.nameservers.join(', ')}.
          </Alert>
        )}
        <FormControlLabel
          control={<Switch checked={keepLanding} disabled={!editable} onChange={(_, checked) => setKeepLanding(checked)} />}
          label="Keep the landing page (@ and www point at it)"
        />
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Names are relative to {domain.domain_name}: @ for the name itself, www, mail or any other label. At most {dnsLimits.maxRecords} records.
        </Typography>
        {rows.map((row, index) => {
          const problem = problems.rows.get(index);
          return (
            <Box key={index} role="group" aria-label={`Record ${index + 1}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5, alignItems: 'flex-start' }}>
              <TextField size="small" label="Name" value={row.name} disabled={!editable} onChange={(e) => change(index, { name: e.target.value })} sx={{ width: 120 }} />
              <TextField
                size="small"
                select
                label="Type"
                value={row.type}
                disabled={!editable}
                onChange={(e) => change(index, { type: e.target.value as DnsRecordType })}
                sx={{ width: 100 }}
              >
                {dnsRecordTypes.map((t) => (
                  <MenuItem key={t} value={t}>
                    {t}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={row.type === 'TXT' ? 'Text' : row.type === 'A' || row.type === 'AAAA' ? 'Address' : 'Host'}
                value={row.content}
                disabled={!editable}
                onChange={(e) => change(index, { content: e.target.value })}
                error={problem !== undefined}
                helperText={problem}
                sx={{ flex: 1, minWidth: 200 }}
              />
              {row.type === 'MX' ? (
                <TextField size="small" label="Priority" value={row.priority} disabled={!editable} onChange={(e) => change(index, { priority: e.target.value })} sx={{ width: 90 }} />
              ) : null}
              <TextField size="small" label="TTL" value={row.ttl} disabled={!editable} onChange={(e) => change(index, { ttl: e.target.value })} sx={{ width: 90 }} />
              {editable ? (
                <IconButton aria-label={`Remove record ${index + 1}`} onClick={() => setRows((all) => all.filter((_, i) => i !== index))}>
                  <DeleteOutlineIcon />
                </IconButton>
              ) : null}
            </Box>
          );
        })}
        {editable && rows.length < dnsLimits.maxRecords ? (
          <Button onClick={() => setRows((all) => [...all, emptyRow()])}>Add record</Button>
        ) : null}
        {problems.all ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problems.all}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        {editable ? (
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            Save
          </Button>
        ) : null}
      </DialogActions>
    </>
  );
}

/** The owner's DNS records for one parked name: the landing page, their own records, or both. */
export function DnsRecordsDialog({ domain, onClose }: { domain: Pick<OwnDomain, 'id' | 'domain_name'> | null; onClose: () => void }) {
  const zone = useDnsZone(domain?.id);
  return (
    <Dialog open={domain !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="dns-records-title">
      <DialogTitle id="dns-records-title">DNS records{domain ? ` of ${domain.domain_name}` : ''}</DialogTitle>
      {domain && zone.data ? (
        <ZoneEditor key={`${domain.id}-${zone.dataUpdatedAt}`} domain={domain} zone={zone.data} onClose={onClose} />
      ) : (
        <DialogContent>
          {zone.isError ? <Alert severity="error">{serverMessage(zone.error) ?? 'Could not load the records.'}</Alert> : <CircularProgress aria-label="Loading records" />}
        </DialogContent>
      )}
    </Dialog>
  );
}
