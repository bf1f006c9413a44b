import { useId, useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';

/** A round upper bound for the y axis, so the grid reads 0, 5, 10, 15, 20 and not 0, 3.25... */
export function niceMax(max: number): number {
  if (max <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    const candidate = Math.ceil(max / (step * magnitude)) * step * magnitude;
    if (candidate / 4 === Math.round(candidate / 4)) return candidate;
  }
  return Math.ceil(max / 4) * 4;
}

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayLabel.format(date);
}

const GRID_LINES = 4;

interface TrafficChartProps {
  days: string[];
  values: number[];
  /** What the line is, for the caption and screen readers ("All domains", "alpha.com"). */
  subject: string;
}

/**
 * Daily visits as an area chart drawn by hand in SVG (no chart library: the route stays small).
 * The plot stretches to any width; labels are HTML so they stay readable on a 360 px phone.
 * Hovering or focusing shows a day's count; the numbers are also in a table for everyone.
 */
export function TrafficChart({ days, values, subject }: TrafficChartProps) {
  const theme = useTheme();
  const gradientId = useId();
  const [hover, setHover] = useState<number | null>(null);
  const n = values.length;
  const max = niceMax(Math.max(0, ...values));
  const total = values.reduce((a, b) => a + b, 0);
  const peak = values.reduce((best, v, i) => (v > (values[best] ?? 0) ? i : best), 0);
  const width = Math.max(1, n - 1);
  const x = (i: number) => (n <= 1 ? width / 2 : i);
  const y = (v: number) => 100 - (v / max) * 100;
  const line = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i)},${y(v)}`).join(' ');
  const area = n > 0 ? `${line} L${x(n - 1)},100 L${x(0)},100 Z` : '';
  const pct = (i: number) => (n <= 1 ? 50 : (i / (n - 1)) * 100);
  const labelIdx = n <= 1 ? [0] : [0, Math.floor((n - 1) / 2), n - 1];
  const summary =
    n === 0
      ? `No data for ${subject}.`
      : `${subject}: ${total.toLocaleString('en-US')} ${total === 1 ? 'visit' : 'visits'} from ${formatDay(days[0] ?? '')} to ${formatDay(
          days[n - 1] ?? '',
        )}; busiest day ${formatDay(days[peak] ?? '')} with ${(values[peak] ?? 0).toLocaleString('en-US')}.`;

  const onMove = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0 || n === 0) return;
    const ratio = Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width));
    setHover(n <= 1 ? 0 : Math.round(ratio * (n - 1)));
  };

  const shown = hover ?? null;
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 1 }}>
        {/* y axis labels */}
        <Box aria-hidden="true" sx={{ position: 'relative', width: 36, height: { xs: 180, sm: 240 } }}>
          {Array.from({ length: GRID_LINES + 1 }, (_, k) => {
            const value = (max / GRID_LINES) * (GRID_LINES - k);
            return (
              <Typography
                key={k}
                variant="caption"
                color="text.secondary"
                sx={{ position: 'absolute', right: 0, top: `${(k / GRID_LINES) * 100}%`, transform: 'translateY(-50%)', lineHeight: 1 }}
              >
                {value.toLocaleString('en-US')}
              </Typography>
            );
          })}
        </Box>
        <Box
          onMouseMove={onMove}
          onMouseLeave={() => setHover(null)}
          sx={{ position: 'relative', height: { xs: 180, sm: 240 } }}
          data-testid="traffic-plot"
        >
          <svg
            viewBox={`0 0 ${width} 100`}
            preserveAspectRatio="none"
            width="100%"
            height="100%"
            aria-hidden="true"
            focusable="false"
            style={{ display: 'block', overflow: 'visible' }}
          >
            <defs>
              <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
                <stop offset="0%" stopColor={theme.palette.primary.main} stopOpacity={0.28} />
                <stop offset="100%" stopColor={theme.palette.primary.main} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            {Array.from({ length: GRID_LINES + 1 }, (_, k) => (
              <line
                key={k}
                x1={0}
                x2={width}
                y1={(k / GRID_LINES) * 100}
                y2={(k / GRID_LINES) * 100}
                stroke={k === GRID_LINES ? theme.palette.grey[400] : theme.palette.grey[200]}
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {n > 0 ? <path d={area} fill={`url(#${gradientId})`} /> : null}
            {n > 0 ? (
              <path
                d={line}
                fill="none"
                stroke={theme.palette.primary.main}
                strokeWidth={2.5}
                strokeLinejoin="round"
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            ) : null}
            {shown !== null ? (
              <line
                x1={x(shown)}
                x2={x(shown)}
                y1={0}
                y2={100}
                stroke={theme.palette.grey[500]}
                strokeDasharray="4 4"
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ) : null}
          </svg>
          {n > 0 && (values[peak] ?? 0) > 0 ? (
            <Box
              aria-hidden="true"
              sx={{
                position: 'absolute',
                left: `${pct(peak)}%`,
                top: `${y(values[peak] ?? 0)}%`,
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: 'background.paper',
                border: 2.5,
                borderColor: 'primary.main',
                transform: 'translate(-50%, -50%)',
              }}
            />
          ) : null}
          {shown !== null ? (
            <Box
              aria-hidden="true"
              sx={{
                position: 'absolute',
                top: 0,
                left: `${pct(shown)}%`,
                transform: pct(shown) > 70 ? 'translateX(calc(-100% - 8px))' : 'translateX(8px)',
                bgcolor: 'grey.900',
                color: 'common.white',
                px: 1,
                py: 0.5,
                borderRadius: 1,
                fontSize: '0.8125rem',
                whiteSpace: 'nowrap',
                pointerEvents: 'none',
              }}
            >
              {formatDay(days[shown] ?? '')}: <strong>{(values[shown] ?? 0).toLocaleString('en-US')}</strong>{' '}
              {values[shown] === 1 ? 'visit' : 'visits'}
            </Box>
          ) : null}
        </Box>
        {/* x axis labels */}
        <Box />
        <Box aria-hidden="true" sx={{ position: 'relative', height: 22, mt: 0.5 }}>
          {labelIdx.map((i, k) => (
            <Typography
              key={i}
              variant="caption"
              color="text.secondary"
              sx={{
                position: 'absolute',
                left: `${pct(i)}%`,
                transform: k === 0 && n > 1 ? 'none' : k === labelIdx.length - 1 && n > 1 ? 'translateX(-100%)' : 'translateX(-50%)',
                whiteSpace: 'nowrap',
              }}
            >
              {formatDay(days[i] ?? '')}
            </Typography>
          ))}
        </Box>
      </Box>
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {summary}
      </Typography>
      <Box component="details" sx={{ mt: 1, '& summary': { cursor: 'pointer', color: 'primary.main', fontWeight: 600 } }}>
        <summary>Daily numbers</summary>
        <Box sx={{ maxHeight: 260, overflowY: 'auto', mt: 1 }}>
          <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', maxWidth: 360, fontSize: '0.875rem' }}>
            <caption style={{ textAlign: 'left', padding: '4px 0' }}>Visits per day, {subject}</caption>
            <thead>
              <tr>
                <Box component="th" scope="col" sx={{ textAlign: 'left', py: 0.5 }}>
                  Day
                </Box>
                <Box component="th" scope="col" sx={{ textAlign: 'right', py: 0.5 }}>
                  Visits
                </Box>
              </tr>
            </thead>
            <tbody>
              {days.map((day, i) => (
                <tr key={day}>
                  <Box component="td" sx={{ py: 0.25, borderTop: 1, borderColor: 'divider' }}>
                    {formatDay(day)}
                  </Box>
                  <Box component="td" sx={{ py: 0.25, textAlign: 'right', borderTop: 1, borderColor: 'divider' }}>
                    {(values[i] ?? 0).toLocaleString('en-US')}
                  </Box>
                </tr>
              ))}
            </tbody>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
