import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useTraffic, type TrafficResponse } from '@/features/portfolio';
import { formatDay, TrafficChart } from '../components/traffic-chart';
import { PageHeading } from '@/components/ui/page-heading';
import { TrafficRanking } from '../components/traffic-ranking';

const PERIODS = [7, 30, 90] as const;
type Period = (typeof PERIODS)[number];

/** Visits per day, summed over the series in the answer. */
export function dailyTotals(data: TrafficResponse): number[] {
  return data.days.map((_, i) => data.series.reduce((sum, s) => sum + (s.points[i]?.visits ?? 0), 0));
}

function visitsText(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'visit' : 'visits'}`;
}

/** One decimal; a small but real average reads "< 0.1", not a misleading 0.0. */
function dailyAverage(total: number, days: number): string {
  if (days === 0 || total === 0) return '0';
  const average = total / days;
  return average < 0.1 ? '< 0.1' : average.toFixed(1);
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.6rem', fontWeight: 700, lineHeight: 1.3 }}>{value}</Typography>
      {hint ? (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      ) : null}
    </Paper>
  );
}

/** /traffic: daily landing-page visits of the user's domains, top domains and referrers. */
export default function TrafficRoute() {
  useDocumentTitle('Traffic');
  const [days, setDays] = useState<Period>(30);
  const [domainId, setDomainId] = useState<number | undefined>(undefined);
  const overview = useTraffic(days);
  const focused = useTraffic(days, domainId);
  const shown = domainId === undefined ? overview.data : focused.data;
  const series = overview.data?.series ?? [];
  const selected = series.find((s) => s.domain_id === domainId);
  const values = shown ? dailyTotals(shown) : [];
  const total = values.reduce((a, b) => a + b, 0);
  const peak = values.reduce((best, v, i) => (v > (values[best] ?? 0) ? i : best), 0);
  const subject = selected?.domain_name ?? 'All domains';
  const noVisits = overview.data !== undefined && series.length === 0;

  return (
    <PageContainer sx={{ pt: { xs: 2, md: 3 } }}>
      <PageHeading
        title="Traffic"
        subtitle="Visits to your domains' landing pages."
        actions={
          <>
            <TextField
              select
              size="small"
              margin="none"
              fullWidth={false}
              label="Domain"
              value={domainId === undefined ? 'all' : String(domainId)}
              onChange={(event) => setDomainId(event.target.value === 'all' ? undefined : Number(event.target.value))}
              sx={{ minWidth: 200, maxWidth: 280 }}
              disabled={series.length === 0}
            >
              <MenuItem value="all">All domains</MenuItem>
              {series.map((s) => (
                <MenuItem key={s.domain_id} value={String(s.domain_id)}>
                  {s.domain_name}
                </MenuItem>
              ))}
            </TextField>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={days}
              onChange={(_, value: Period | null) => value && setDays(value)}
              aria-label="Period"
            >
              {PERIODS.map((p) => (
                <ToggleButton key={p} value={p} aria-label={`Last ${p} days`} sx={{ px: 1.5 }}>
                  {p} days
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </>
        }
      />

      {overview.isError ? (
        <Alert severity="error">Traffic could not be loaded. Please try again later.</Alert>
      ) : !overview.data ? (
        <Skeleton variant="rounded" height={320} aria-label="Loading traffic" />
      ) : noVisits ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
          <Typography variant="h6" component="h2" gutterBottom>
            No visits in the last {days} days
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto', mb: 3 }}>
            Visits are counted when people open the landing pages of your approved domains, and when
            a domain whose name servers point at us is typed into a browser.
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button href="/portfolio" variant="contained">
              Go to your portfolio
            </Button>
            <Button href="/add_domains" variant="outlined">
              Add domains
            </Button>
          </Box>
        </Paper>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 3 }}>
            <Stat label="Total visits" value={total.toLocaleString('en-US')} hint={`Last ${days} days`} />
            <Stat label="Daily average" value={dailyAverage(total, values.length)} />
            <Stat
              label="Busiest day"
              value={shown && total > 0 ? formatDay(shown.days[peak] ?? '') : '—'}
              hint={total > 0 ? visitsText(values[peak] ?? 0) : undefined}
            />
            <Stat label="Domains visited" value={series.length.toLocaleString('en-US')} />
          </Box>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
            <Paper variant="outlined" component="section" aria-labelledby="traffic-chart-heading" sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography id="traffic-chart-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
                Daily visits · {subject}
              </Typography>
              {shown ? <TrafficChart days={shown.days} values={values} subject={subject} /> : <Skeleton variant="rounded" height={240} />}
            </Paper>
            <Box sx={{ display: 'grid', gap: 3 }}>
              <Paper variant="outlined" component="section" aria-labelledby="top-domains-heading" sx={{ p: { xs: 2, sm: 3 } }}>
                <Typography id="top-domains-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
                  Top domains
                </Typography>
                <TrafficRanking
                  ariaLabel="Top domains"
                  items={series.slice(0, 8).map((s) => ({ key: s.domain_id, label: s.domain_name, value: s.total }))}
                  empty="No visits yet."
                  selectedKey={domainId}
                  onSelect={(item) => setDomainId(item.key === domainId ? undefined : Number(item.key))}
                />
              </Paper>
              <Paper variant="outlined" component="section" aria-labelledby="referrers-heading" sx={{ p: { xs: 2, sm: 3 } }}>
                <Typography id="referrers-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
                  Top referrers
                </Typography>
                <TrafficRanking
                  ariaLabel="Top referrers"
                  items={(overview.data?.referrers ?? []).map((r) => ({ key: r.referrer, label: r.referrer, value: r.visits }))}
                  empty="No referring sites yet."
                />
              </Paper>
            </Box>
          </Box>
        </>
      )}
    </PageContainer>
  );
}
