import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';

export interface RankingItem {
  key: string | number;
  label: string;
  value: number;
}

interface TrafficRankingProps {
  items: RankingItem[];
  empty: string;
  /** When given, each row is a button (e.g. selects that domain). */
  onSelect?: (item: RankingItem) => void;
  selectedKey?: string | number;
  ariaLabel: string;
}

/** A ranked list with proportional bars: top domains, top referrers. */
export function TrafficRanking({ items, empty, onSelect, selectedKey, ariaLabel }: TrafficRankingProps) {
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" variant="body2">
        {empty}
      </Typography>
    );
  }
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <Box component="ol" aria-label={ariaLabel} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
      {items.map((item) => {
        const content = (
          <Box sx={{ width: '100%', textAlign: 'left' }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <Typography
                variant="body2"
                sx={{ fontWeight: selectedKey === item.key ? 700 : 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {item.label}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600, flexShrink: 0 }}>
                {item.value.toLocaleString('en-US')}
              </Typography>
            </Box>
            <Box sx={{ height: 6, bgcolor: 'grey.100', borderRadius: 3, mt: 0.5, overflow: 'hidden' }} aria-hidden="true">
              <Box sx={{ height: '100%', width: `${(item.value / max) * 100}%`, bgcolor: 'primary.main', borderRadius: 3 }} />
            </Box>
          </Box>
        );
        return (
          <li key={item.key}>
            {onSelect ? (
              <ButtonBase
                onClick={() => onSelect(item)}
                aria-pressed={selectedKey === item.key}
                aria-label={`${item.label}: ${item.value} visits`}
                sx={{ width: '100%', borderRadius: 1, px: 1, py: 0.75, '&:hover': { bgcolor: 'action.hover' } }}
              >
                {content}
              </ButtonBase>
            ) : (
              <Box sx={{ px: 1, py: 0.75 }}>{content}</Box>
            )}
          </li>
        );
      })}
    </Box>
  );
}
